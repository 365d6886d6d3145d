import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  describeBackup,
  isNodeName,
  isUpstreamApiUrl,
  logLine,
  NODE_LOG_LINE_MAX,
  NodeAdmin,
  NodeNotConfiguredError,
  tokenHint,
} from "../../src/domain/fleet/index.js";
import { HostingInputError } from "../../src/hosting/errors.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { rejectionOf } from "../helpers/errors.js";

/** The node section's service against a fake node over HTTPS (pinned certificate). */
const fake = new FakeNodeApi({ nodeName: "Amsterdam", domain: "node.test" });
const FED_TOKEN = "fedSECRETtoken-0123456789abcdef";
let node: NodeApi;
let admin: NodeAdmin;

beforeAll(async () => {
  await fake.start();
  node = new NodeApi({
    baseUrl: fake.url,
    token: () => fake.token,
    certSha256: fake.certificate?.fingerprint256,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  admin = new NodeAdmin({ node });
});
afterAll(async () => {
  await node.close();
  await fake.stop();
});
beforeEach(() => {
  fake.clients.clear();
  fake.peers.clear();
  fake.traffic.clear();
  fake.backupList.length = 0;
  fake.logLines.length = 0;
  fake.federationConfig = null;
  fake.nodeName = "Amsterdam";
  fake.seen.length = 0;
});

const sent = (method: string, path: string) => fake.countAny(method, path);

describe("the node admin service", () => {
  it("without a node: not configured, and every call says so", async () => {
    const none = new NodeAdmin({ node: undefined });
    expect(none.configured).toBe(false);
    expect(admin.configured).toBe(true);
    await rejectionOf(none.overview(), NodeNotConfiguredError);
    await rejectionOf(none.peers(), NodeNotConfiguredError);
    await rejectionOf(none.logs(), NodeNotConfiguredError);
  });

  it("reads the node the hosting clients hold at the time of the call", async () => {
    const hosting: { node: NodeApi | undefined } = { node: undefined };
    const late = new NodeAdmin(hosting);
    expect(late.configured).toBe(false);
    hosting.node = node;
    expect(late.configured).toBe(true);
    expect(await late.name()).toBe("Amsterdam");
  });

  it("overview: the status with peers and federation read, and the health even when the status fails", async () => {
    fake.seedClient("alice", 10);
    fake.seedClient("bob", 10, { banned: true });
    fake.peers.set("de-1", "https://de1.test:2096/sub/{uuid}/local");
    fake.federationConfig = { api_url: "https://master.test/api", token: FED_TOKEN };
    const { healthy, status } = await admin.overview();
    expect(healthy).toBe(true);
    expect(status).toEqual({
      ok: true,
      value: {
        nodeName: "Amsterdam",
        domain: "node.test",
        ports: { api: fake.port, sub: 2096, ws: 443, reality: 8443 },
        clients: { total: 2, active: 1, banned: 1 },
        peerCount: 1,
        federation: { on: true, url: "https://master.test/api" },
      },
    });

    fake.federationConfig = null;
    const off = await admin.overview();
    expect(off.status.ok && off.status.value.federation).toEqual({ on: false });

    fake.forceError("GET", "/status", 503, "unavailable");
    const failed = await admin.overview();
    expect(failed.healthy).toBe(true);
    expect(failed.status.ok).toBe(false);
  });

  it("renames the node; a name too long or with control characters is refused before sending", async () => {
    expect(await admin.rename("Frankfurt 2")).toBe("Frankfurt 2");
    expect(fake.nodeName).toBe("Frankfurt 2");
    expect(isNodeName("x".repeat(64))).toBe(true);
    for (const bad of ["x".repeat(65), "a\nb", "tab\there", ""]) {
      expect(isNodeName(bad)).toBe(false);
      await rejectionOf(admin.rename(bad), HostingInputError);
    }
    expect(sent("PATCH", "/node")).toBe(1);
    expect(await admin.name()).toBe("Frankfurt 2");
  });

  it("adds a peer only with a URL of the peer's own links (/{uuid}/local), and removes it", async () => {
    for (const url of [
      "https://de1.test:2096/sub/{uuid}",
      "https://de1.test:2096/sub/abc/local",
      "ftp://de1.test/sub/{uuid}/local",
    ]) {
      await rejectionOf(admin.addPeer({ name: "de-1", url }), HostingInputError);
    }
    await rejectionOf(
      admin.addPeer({ name: "de 1", url: "https://de1.test/sub/{uuid}/local" }),
      HostingInputError,
    );
    expect(sent("POST", "/peers")).toBe(0);

    const peer = await admin.addPeer({ name: "de-1", url: "https://de1.test:2096/sub/{uuid}/local/" });
    expect(peer).toEqual({ name: "de-1", url: "https://de1.test:2096/sub/{uuid}/local/" });
    expect(await admin.peers()).toEqual([peer]);
    await admin.deletePeer("de-1");
    expect(fake.peers.size).toBe(0);
  });

  it("federation: the token goes to the node only; what comes back is the address and a hint", async () => {
    expect(await admin.federation()).toBeUndefined();
    await rejectionOf(admin.setFederation("https://master.test/v1", FED_TOKEN), HostingInputError);
    await rejectionOf(admin.setFederation("https://master.test/api", "two words"), HostingInputError);
    expect(sent("PATCH", "/federation")).toBe(0);

    const saved = await admin.setFederation("https://master.test/api", FED_TOKEN);
    expect(saved).toEqual({ apiUrl: "https://master.test/api", tokenHint: "fedS…" });
    expect(fake.federationConfig).toEqual({ api_url: "https://master.test/api", token: FED_TOKEN });
    const read = await admin.federation();
    expect(read).toEqual({ apiUrl: "https://master.test/api", tokenHint: "fedS…" });
    expect(JSON.stringify([saved, read])).not.toContain(FED_TOKEN);

    await admin.removeFederation();
    expect(fake.federationConfig).toBeNull();
    expect(await admin.federation()).toBeUndefined();
    expect(isUpstreamApiUrl("http://m.test/api/")).toBe(true);
    expect([tokenHint(undefined), tokenHint("short"), tokenHint("0123456789ab")]).toEqual([
      "—",
      "…",
      "0123…",
    ]);
  });

  it("backups: the count and the newest 20 read into name, size and time; a new one described", async () => {
    for (let i = 1; i <= 22; i++)
      fake.backupList.push({ name: `b${i}.zip`, size: i, created_at: 1_700_000_000 });
    const { total, shown } = await admin.backups();
    expect(total).toBe(22);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toEqual({
      kind: "entry",
      label: "b3.zip",
      sizeBytes: 3,
      createdAtMs: 1_700_000_000_000,
    });
    expect(await admin.createBackup()).toMatchObject({
      kind: "entry",
      label: "backup-23.zip",
      sizeBytes: 1024,
    });
    expect(fake.backupList).toHaveLength(23);

    expect(describeBackup("plain.tar")).toEqual({ kind: "name", name: "plain.tar" });
    expect(describeBackup(42)).toEqual({ kind: "raw", text: "42" });
    expect(describeBackup({ file: "f.zip", bytes: 5, time: 1_700_000_000_123 })).toEqual({
      kind: "entry",
      label: "f.zip",
      sizeBytes: 5,
      createdAtMs: 1_700_000_000_123,
    });
    expect(describeBackup({ id: 7 })).toEqual({ kind: "entry", label: '{"id":7}' });
  });

  it("traffic: the top clients by total, then by name, and how many there are", async () => {
    for (const [name, up, down] of [
      ["a", 1, 1],
      ["b", 5, 0],
      ["c", 0, 2],
      ["d", 2, 0],
    ] as const) {
      fake.seedClient(name, 10);
      fake.setTraffic(name, up, down);
    }
    const { count, top } = await admin.traffic(3);
    expect(count).toBe(4);
    expect(top.map((t) => [t.name, t.totalBytes])).toEqual([
      ["b", 5],
      ["a", 2],
      ["c", 2],
    ]);
  });

  it("logs: the newest entries asked for, each on one line and cut", async () => {
    for (let i = 1; i <= 25; i++) fake.logLines.push(`line ${i}`);
    fake.logLines.push("two\nlines");
    const lines = await admin.logs(20);
    expect(
      fake.seen
        .filter((r) => r.path === "/api/logs")
        .at(-1)
        ?.query.get("count"),
    ).toBe("20");
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe("line 7");
    expect(lines.at(-1)).toBe("two lines");
    expect(logLine({ a: 1 })).toBe('{"a":1}');
    expect(logLine("x".repeat(NODE_LOG_LINE_MAX + 5))).toBe(`${"x".repeat(NODE_LOG_LINE_MAX)}…`);
  });
});
