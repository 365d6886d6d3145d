import { randomInt } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringify } from "yaml";
import { FakeAccountApi, type FakeServer, type NewFakeServer } from "../test/fakes/account-api.js";
import { FakeNodeApi } from "../test/fakes/node-api.js";
import { FakePanelApi, type FakePanelInbound, MAIN } from "../test/fakes/panel-api.js";

export const DEMO_LOGIN = "demo";
export const DEMO_PASSWORD = "demo";
export const DEMO_BALANCE = 500;

/** Inbounds of the main panel and of its connected panel "2"; the catalog names these ids. */
const MAIN_INBOUNDS: FakePanelInbound[] = [
  { id: "1", remark: "vless-ws", protocol: "vless", port: 443, network: "ws" },
  { id: "2", remark: "vless-reality", protocol: "vless", port: 8443, network: "tcp" },
];
const NODE_2 = "2";
const NODE_2_INBOUNDS: FakePanelInbound[] = [
  { id: "201", remark: "helsinki-ws", protocol: "vless", port: 443, network: "ws" },
];

/** The hosting APIs, running locally with demo data. */
export interface Sandboxes {
  account: FakeAccountApi;
  /** An Account API key of the demo account. */
  accountKey: string;
  /**
   * The demo account has two-factor authentication: the sandbox accepts this one 6-digit code
   * (drawn at start, shown in the banner) where the real service wants the authenticator's.
   */
  totpCode: string;
  panel: FakePanelApi;
  node: FakeNodeApi;
  /** SHA-256 fingerprint of the node's self-signed certificate (`AB:CD:...`). */
  nodeCertSha256: string;
  stop(): Promise<void>;
}

/** Adds a server with a chosen id (the fake numbers servers 1, 2, ...; the demo wants 101, 102, 103). */
function serverWithId(api: FakeAccountApi, id: number, input: NewFakeServer): FakeServer {
  const server = api.addServer(DEMO_LOGIN, input);
  api.servers.delete(server.id);
  server.id = id;
  api.servers.set(id, server);
  return server;
}

/** Starts the fake Account, Panel and Node APIs on 127.0.0.1 and seeds the demo account. */
export async function startSandboxes(): Promise<Sandboxes> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
  };
  try {
    const account = new FakeAccountApi();
    const totpCode = String(randomInt(0, 1_000_000)).padStart(6, "0");
    account.addAccount({ login: DEMO_LOGIN, password: DEMO_PASSWORD, balance: DEMO_BALANCE, totpCode });
    const accountKey = account.addKey(DEMO_LOGIN, "demo bot");
    serverWithId(account, 101, {
      name: "de-fra-1",
      type: "xui",
      tariffName: "LTE M",
      // Paid past a 30-day plan bought today and two renewals of it: the first Renew keeps the
      // customer's links (60 days made it move the access to the other server).
      daysLeft: 120,
      cpuLoad: 14,
      ramLoad: 38,
    });
    serverWithId(account, 102, {
      name: "nl-ams-1",
      type: "xui",
      tariffName: "LTE S",
      tariffId: "lte-s",
      // Paid well past a plan's term and its first renewal (a 30-day plan bought today).
      daysLeft: 75,
      cpuLoad: 61,
      ramLoad: 72,
    });
    serverWithId(account, 103, {
      name: "fi-hel-node",
      type: "remnanode",
      tariffName: "Remnanode L",
      tariffId: "rn-l",
      status: "expired",
      daysLeft: 0,
      state: "offline",
      cpuLoad: 0,
      ramLoad: 0,
      uptime: 0,
    });
    account.addClient(101, {
      email: "existing-customer",
      totalGb: 50,
      expiryMs: Date.now() + 12 * 86_400_000,
    });
    account.addClient(102, { email: "old-customer", totalGb: 0, expiryMs: Date.now() - 86_400_000 });
    started.push(await account.start());

    const panel = new FakePanelApi({
      token: "demo-panel-token",
      inbounds: MAIN_INBOUNDS,
      nodes: [{ id: NODE_2, name: "Helsinki", inbounds: NODE_2_INBOUNDS }],
    });
    started.push(await panel.start());

    const node = new FakeNodeApi({
      token: "demo-node-token",
      nodeName: "Amsterdam",
      domain: "node.demo.test",
    });
    node.seedClient("existing-customer", 20, { traffic_limit_gb: 50, device_limit: 2 });
    started.push(await node.start());
    const nodeCertSha256 = node.certificate?.fingerprint256;
    if (!nodeCertSha256) throw new Error("the fake node has no certificate");

    return { account, accountKey, totpCode, panel, node, nodeCertSha256, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Writes the demo catalog (one plan per backend, a trial and referral rewards) and returns its
 * path. In Telegram Stars by default; another `currency` (e.g. USD, with a provider token) shows
 * the provider-invoice path, prices in that currency.
 */
export async function writeDemoCatalog(dir: string, currency = "XTR"): Promise<string> {
  const stars = currency === "XTR";
  const catalog = {
    currency,
    trial: { days: 1, traffic_gb: 1, plan: "eu-xui" },
    // An invited friend's first purchase gets 3 more days; the inviter 10 % of their payments.
    referral: { percent: 10, bonus_days: 3 },
    plans: [
      {
        id: "eu-xui",
        title: { en: "Europe, 30 days, 100 GB", ru: "Европа, 30 дней, 100 ГБ" },
        days: 30,
        traffic_gb: 100,
        price: stars ? 150 : 2.99,
        // Extra traffic for the current term, offered on the /my card and in the cabinet.
        traffic_packs: [{ id: "plus50", gb: 50, price: stars ? 40 : 0.99 }],
        backend: { kind: "xui", servers: [101, 102] },
      },
      {
        id: "multi",
        title: { en: "2 locations, 30 days, 3 devices", ru: "2 локации, 30 дней, 3 устройства" },
        days: 30,
        traffic_gb: 0,
        devices: 3,
        price: stars ? 300 : 5.99,
        backend: {
          kind: "panel",
          locations: [
            { node: MAIN, name: "Frankfurt", inbound_ids: [MAIN_INBOUNDS[0]?.id] },
            { node: NODE_2, name: "Helsinki", inbound_ids: NODE_2_INBOUNDS.map((i) => i.id) },
          ],
        },
      },
      {
        id: "node",
        title: { en: "Own node, 30 days, 50 GB", ru: "Своя нода, 30 дней, 50 ГБ" },
        days: 30,
        traffic_gb: 50,
        devices: 2,
        price: stars ? 120 : 2.49,
        backend: { kind: "node" },
      },
    ],
  };
  const file = join(dir, "catalog.yaml");
  await writeFile(file, `# The demo's catalog (written by npm run demo)\n${stringify(catalog)}`);
  return file;
}
