import type { Redis } from "ioredis";
import { createI18n } from "../../src/bot/i18n.js";
import type { AccessRef, Subscription } from "../../src/domain/books/index.js";
import type { Catalog, Plan } from "../../src/domain/catalog/index.js";
import type { DriftActions, DriftActionsDeps } from "../../src/domain/drift/index.js";
import { DriftFindings } from "../../src/domain/drift/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { OutboxAccessNotices } from "../../src/workers/drift-notices.js";
import { Outbox, type OutboxMessage } from "../../src/workers/outbox.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { TEST_SECRET_KEY } from "./bot-harness.js";
import { hostingClientsFor } from "./fake-hosting.js";
import { testRedis } from "./redis.js";

/** What the drift-action tests share: the three fakes, the shop on real Redis, the outbox. */
export interface DriftWorld {
  redis: Redis;
  clock: ManualClock;
  account: FakeAccountApi;
  panel: FakePanelApi;
  node: FakeNodeApi;
  /** Three xui servers of plan `xui`, paid 90 days. */
  servers: [FakeServer, FakeServer, FakeServer];
  catalog: Catalog;
  rooms: ShopRooms;
  outbox: Outbox;
  /** The deps the shop's DriftActions are built with (for a subclass that crashes on purpose). */
  deps: DriftActionsDeps;
  actions: DriftActions;
  close(): Promise<void>;
}

export const NODE_SUB = "https://sub.node.test";

export async function driftWorld(): Promise<DriftWorld> {
  const redis = await testRedis();
  const account = await new FakeAccountApi().start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  const servers: DriftWorld["servers"] = [
    account.addServer("shop", { daysLeft: 90 }),
    account.addServer("shop", { daysLeft: 90 }),
    account.addServer("shop", { daysLeft: 90 }),
  ];
  const panel = await new FakePanelApi({ nodes: [{ id: "2" }] }).start();
  const node = await new FakeNodeApi().start();
  const clients = hostingClientsFor({ account, accountKey: key, panel, node });
  const clock = new ManualClock(Date.now());
  // The node counts a client's days from its own now: on the wall clock, a recreate a second
  // boundary after the create ended a second later than the client it replaced (a flaky test).
  node.now = () => Math.floor(clock.now() / 1000);
  const catalog = catalogOf(servers.map((s) => s.id));
  const outbox = new Outbox(redis);
  const logger = createLogger("silent");
  const rooms = createShopServices({
    redis,
    clock,
    catalog: () => catalog,
    hosting: { ...clients, close: async () => undefined },
    logger,
    accountKey: new AccountKeyStore(redis, new SecretBox(TEST_SECRET_KEY), key),
    nodeSubUrl: NODE_SUB,
    jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
    accessNotices: new OutboxAccessNotices({ outbox, i18n: createI18n("en"), defaultLocale: "en" }),
  });
  const deps: DriftActionsDeps = {
    ...{ redis, clock, catalog: () => catalog, hosting: clients, logger },
    ...{ orders: rooms.books.orders, customers: rooms.books.customers, owners: rooms.books.owners },
    chain: rooms.terms.terms.chain,
    provisioner: rooms.provisioning.provisioner,
    subscriptions: rooms.books.subscriptions,
    notices: new OutboxAccessNotices({ outbox, i18n: createI18n("en"), defaultLocale: "en" }),
    findings: new DriftFindings(redis, clock),
  };
  return {
    ...{ redis, clock, account, panel, node, servers, catalog, rooms, outbox, deps },
    actions: rooms.drift.actions,
    close: async () => {
      await outbox.close();
      await Promise.all([account.stop(), panel.stop(), node.stop()]);
      await redis.quit();
    },
  };
}

function catalogOf(serverIds: number[]): Catalog {
  const base = { title: { en: "Plan", ru: "План" }, days: 30, price: 10 };
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      { ...base, id: "xui", traffic_gb: 100, devices: 0, backend: { kind: "xui", servers: serverIds } },
      {
        ...base,
        id: "multi",
        traffic_gb: 50,
        devices: 3,
        backend: {
          kind: "panel",
          locations: [
            { node: "main", inbound_ids: ["1"] },
            { node: "2", inbound_ids: ["201"] },
          ],
        },
      },
      { ...base, id: "node", traffic_gb: 40, devices: 2, backend: { kind: "node" } },
    ],
  };
}

let seq = 0;

/**
 * A live subscription of customer `customerId` on plan `planId`, provisioned for real through the
 * shop's provisioner (on xui server `serverId` for the xui plan), expiring in `days`.
 */
export async function provisioned(
  w: DriftWorld,
  customerId: number,
  planId: "xui" | "multi" | "node",
  options: { serverId?: number; days?: number } = {},
): Promise<Subscription> {
  await w.rooms.books.customers.seen({ id: customerId, firstName: `C${customerId}`, locale: "en" });
  const plan = w.catalog.plans.find((p) => p.id === planId) as Plan;
  const orderId = `o${Date.now().toString(36)}${(++seq).toString(16).padStart(8, "0")}`;
  const name = `c${customerId}-${orderId.slice(-8)}`;
  const request = {
    name,
    uuid: crypto.randomUUID(),
    expiresAt: w.clock.now() + (options.days ?? 20) * DAY,
    trafficGb: plan.traffic_gb,
    devices: plan.devices,
  };
  const provisioner = w.rooms.provisioning.provisioner(plan.backend.kind);
  const placed: AccessRef =
    plan.backend.kind === "xui"
      ? { kind: "xui", serverId: options.serverId ?? (plan.backend.servers[0] as number), name }
      : await provisioner.place(plan, request);
  const { ref, links } = await provisioner.ensure(placed, plan, request);
  return w.rooms.books.subscriptions.create(orderId, {
    customerId,
    planId,
    ref,
    links,
    expiresAt: request.expiresAt,
    trafficGb: plan.traffic_gb,
    devices: plan.devices,
    trial: false,
  });
}

/** The x-ui server of an x-ui subscription, and its client there (the test fails without them). */
export function xuiClient(w: DriftWorld, sub: Subscription) {
  if (sub.ref.kind !== "xui") throw new Error("xui expected");
  const { serverId, name } = sub.ref;
  const server = w.servers.find((s) => s.id === serverId);
  const client = server?.clients.find((c) => c.email === name);
  if (!server || !client) throw new Error("client expected");
  return { server, client };
}

/** The messages queued in the outbox for `chatId`. */
export async function queuedFor(w: DriftWorld, chatId: number): Promise<OutboxMessage[]> {
  const jobs = await w.outbox.queue.getJobs(["waiting", "delayed", "prioritized", "active", "completed"]);
  return jobs.map((j) => j.data).filter((m) => m.chatId === chatId);
}
