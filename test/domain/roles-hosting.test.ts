import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { byStaff, HostingActs, HostingServers } from "../../src/domain/fleet/index.js";
import { type AuditEntry, NotPermitted, type Role, staffKeys } from "../../src/domain/staff/index.js";
import type { AccountApi } from "../../src/hosting/account/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { type DriftWorld, driftWorld, provisioned, xuiClient } from "../helpers/drift-actions.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 28, the hosting side's domain: every entry point a staff member's action goes through
 * checks the `hosting` permission against the role stored now (whatever the bot checked before)
 * and records the action once: begun before the hosting call and finished after, or, for an
 * admin's term change, in the same Lua step that stores the change. Without an actor (the
 * workers' paths) nothing is checked or recorded.
 */

const ADMIN = 28_201;
const ADMIN2 = 28_202;
const SUPPORT = 28_203;
const VIEWER = 28_204;

let w: DriftWorld;
let customer = 28_300;

beforeAll(async () => {
  w = await driftWorld();
});
afterAll(() => w.close());
beforeEach(async () => {
  const roles: [number, Role][] = [
    [ADMIN, "admin"],
    [ADMIN2, "admin"],
    [SUPPORT, "support"],
    [VIEWER, "viewer"],
  ];
  for (const [id, role] of roles) await w.redis.hset(staffKeys.roles, String(id), role);
  // The audit log sorts by time; this clock moves only when told.
  w.clock.advance(1_000);
});

const audit = () => w.rooms.staff.audit;
const entriesBy = async (id: number): Promise<AuditEntry[]> =>
  (await audit().page({ actorId: id }, 0, 100)).entries;
const entriesOf = async (subject: string): Promise<AuditEntry[]> =>
  (await audit().page({ subject }, 0, 100)).entries;
const count = async () => (await audit().page({}, 0, 0)).total;

/** `call` refused with NotPermitted for `id`, with one `refused` record of `action` and nothing begun. */
async function refused(id: number, action: string, call: () => Promise<unknown>): Promise<void> {
  const before = (await entriesBy(id)).length;
  await expect(call()).rejects.toBeInstanceOf(NotPermitted);
  const mine = await entriesBy(id);
  expect(mine.length).toBe(before + 1);
  expect(mine.find((e) => e.action === action && e.outcome === "refused")).toMatchObject({
    note: "needs hosting",
  });
  expect(mine.some((e) => e.outcome === "started")).toBe(false);
}

describe("a support member's or viewer's actor is refused at every hosting entry point", () => {
  it.each([
    ["support", SUPPORT],
    ["viewer", VIEWER],
  ])(
    "%s: servers, extension, xui, node, panel, account, sync and term changes change nothing",
    async (_r, id) => {
      const by = byStaff(id);
      const { fleet, drift, terms } = w.rooms;
      const [server] = w.servers;
      const xui = await provisioned(w, ++customer, "xui", { serverId: server.id });
      const node = await provisioned(w, ++customer, "node");
      const panel = await provisioned(w, ++customer, "multi");
      const state = () =>
        JSON.stringify([
          w.account.serverState(server.id),
          w.node.clients.get(node.ref.name),
          w.panel.clientAt("main", panel.ref.name),
          w.node.backupList,
        ]);
      const hostingBefore = state();
      const expiry = w.account.serverState(server.id).expiresAtMs;

      await refused(id, "server.power", () => fleet.servers.power(server.id, "stop", by));
      await refused(id, "server.regenerate", () => fleet.servers.regenerate(server.id, by));
      await refused(id, "server.extend", () => fleet.serverExtension.byAdmin(server.id, expiry, by));
      await refused(id, "xui.client.delete", () => fleet.xuiClients.delete(server.id, xui.ref.name, by));
      await refused(id, "xui.client.create", () =>
        fleet.xuiClients.create(server.id, { name: "intruder", gb: 1, days: 1 }, by),
      );
      await refused(id, "node.client.delete", () => fleet.nodeClients.delete(node.ref.name, by));
      await refused(id, "node.client.renew", () =>
        fleet.nodeClients.renewTo(node.ref.name, w.clock.now() + 90 * DAY, by),
      );
      await refused(id, "node.backup.create", () => fleet.node.createBackup(by));
      await refused(id, "node.federation.set", () =>
        fleet.node.setFederation("https://up.example/api", "token-never-sent-1", by),
      );
      await refused(id, "panel.client.delete", () => fleet.panelClients.delete(panel.ref.name, by));
      await refused(id, "account.unlink", () => fleet.account.unlink(id, by));
      await refused(id, "account.link", () =>
        fleet.account.login({ adminId: id, login: "shop", password: "pw" }, by),
      );
      await refused(id, "sync.run", () => drift.sync.requestRun(by));
      await refused(id, "sync.fix.recreate", () => drift.actions.recreate(xui.id, by));
      await refused(id, "term.change", () =>
        terms.terms.request(
          { client: { kind: "node", name: node.ref.name }, mode: "add", days: 5, adminId: id },
          by,
        ),
      );

      expect(state()).toBe(hostingBefore);
      expect(xuiClient(w, xui).client).toBeDefined();
      expect(w.account.serverState(server.id).clients.some((c) => c.email === "intruder")).toBe(false);
      expect(w.account.count("POST", `/api/v1/servers/${server.id}/extend`)).toBe(0);
      expect(w.account.count("POST", `/api/v1/servers/${server.id}/power`)).toBe(0);
      expect(await terms.terms.chain.open(node.id)).toEqual([]);
      expect(await drift.sync.findings.lastRun()).toBeUndefined();
    },
  );
});

describe("an admin's actions are recorded once, with before, after and the outcome", () => {
  it("an xui user deleted, a node client renewed and limited, panel limits set, the node renamed", async () => {
    const by = byStaff(ADMIN);
    const { fleet } = w.rooms;
    const [server] = w.servers;
    const xui = await provisioned(w, ++customer, "xui", { serverId: server.id });
    const node = await provisioned(w, ++customer, "node");
    const panel = await provisioned(w, ++customer, "multi");
    const before = await count();

    // A second between actions: the log sorts by time.
    const tick = () => w.clock.advance(1_000);
    await fleet.xuiClients.delete(server.id, xui.ref.name, by);
    tick();
    const target = Math.ceil((w.clock.now() + 60 * DAY) / 1000) * 1000;
    const renewed = await fleet.nodeClients.renewTo(node.ref.name, target, by);
    tick();
    await fleet.nodeClients.setLimits(node.ref.name, { trafficLimitGb: 7, deviceLimit: 2 }, by);
    tick();
    await fleet.panelClients.setLimits(panel.ref.name, { trafficLimitGb: 9, deviceLimit: 1 }, by);
    tick();
    await fleet.node.rename("Roles-node", by);
    expect(renewed.kind).toBe("renewed");
    expect(await count()).toBe(before + 5);

    const xuiEntries = await entriesOf(`client:${xui.ref.name}`);
    expect(xuiEntries).toEqual([
      expect.objectContaining({
        action: "xui.client.delete",
        actorId: ADMIN,
        role: "admin",
        outcome: "done",
        after: "deleted",
        note: `server ${server.id}`,
      }),
    ]);
    expect(w.account.serverState(server.id).clients.some((c) => c.email === xui.ref.name)).toBe(false);

    const nodeEntries = await entriesOf(`client:${node.ref.name}`);
    expect(nodeEntries.map((e) => [e.action, e.outcome])).toEqual([
      ["node.client.limits", "done"],
      ["node.client.renew", "done"],
    ]);
    expect(nodeEntries[0]?.after).toBe("7 GB, 2 devices");
    expect(nodeEntries[1]?.after).toMatch(/^expires .+ \(was .+, \d+ days sent\)$/);
    expect(nodeEntries[1]?.note).toBe(`to ${new Date(target).toISOString()}`);

    const [panelEntry] = await entriesOf(`client:${panel.ref.name}`);
    expect(panelEntry).toMatchObject({
      action: "panel.client.limits",
      outcome: "done",
      note: "9 GB, 1 devices",
    });
    expect(panelEntry?.after).toContain("main: expires");
    const [nodeEntry] = await entriesOf("node:master");
    expect(nodeEntry).toMatchObject({ action: "node.rename", outcome: "done", after: "Roles-node" });
  });

  it("two admins acting at the same moment leave two records, each their own", async () => {
    const [server] = w.servers;
    const one = await provisioned(w, ++customer, "xui", { serverId: server.id });
    const two = await provisioned(w, ++customer, "xui", { serverId: server.id });
    const before = await count();
    await Promise.all([
      w.rooms.fleet.xuiClients.setEnabled(server.id, one.ref.name, false, byStaff(ADMIN)),
      w.rooms.fleet.xuiClients.setEnabled(server.id, two.ref.name, false, byStaff(ADMIN2)),
    ]);
    expect(await count()).toBe(before + 2);
    expect(await entriesOf(`client:${one.ref.name}`)).toEqual([
      expect.objectContaining({ action: "xui.client.ban", actorId: ADMIN, outcome: "done" }),
    ]);
    expect(await entriesOf(`client:${two.ref.name}`)).toEqual([
      expect.objectContaining({ action: "xui.client.ban", actorId: ADMIN2, outcome: "done" }),
    ]);
  });

  it("without an actor (a worker, the shop's own process) nothing is checked or recorded", async () => {
    const [server] = w.servers;
    const sub = await provisioned(w, ++customer, "xui", { serverId: server.id });
    const before = await count();
    await w.rooms.fleet.xuiClients.setEnabled(server.id, sub.ref.name, false);
    await w.rooms.fleet.serverExtension.auto(await w.rooms.fleet.servers.get(server.id));
    expect(xuiClient(w, sub).client.enable).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe("a hosting call whose answer never comes, or is lost", () => {
  it("a process that dies during the call leaves the action started; the sweep marks it unknown", async () => {
    const [server] = w.servers;
    // The call is sent and never answered: as if the process died while it was out.
    const hanging: AccountApi = Object.assign(Object.create(w.deps.hosting.account), {
      power: () => new Promise<never>(() => undefined),
    });
    const servers = new HostingServers({
      hosting: { account: hanging },
      redis: w.redis,
      acts: new HostingActs(w.rooms.staff),
    });
    void servers.power(server.id, "restart", byStaff(ADMIN));
    const subject = `server:${server.id}`;
    const started = await untilValue(
      async () =>
        (await entriesOf(subject)).find((e) => e.action === "server.power" && e.outcome === "started"),
      (e) => e !== undefined,
    );
    if (!started) throw new Error("no started entry");
    expect(started).toMatchObject({ actorId: ADMIN, before: "restart" });
    w.clock.advance(10 * 60_000);
    expect(await audit().settleStarted(5 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await audit().get(started.id)).toMatchObject({
      outcome: "unknown",
      note: "the process stopped before the outcome was known",
    });
  });

  it("a lost answer: a delete the service made is recorded failed with why; an extension read back is done", async () => {
    const [, server] = w.servers;
    const sub = await provisioned(w, ++customer, "xui", { serverId: server.id });
    w.account.loseAnswerNext("DELETE", `/api/v1/servers/${server.id}/clients/${sub.ref.name}`);
    await expect(w.rooms.fleet.xuiClients.delete(server.id, sub.ref.name, byStaff(ADMIN))).rejects.toThrow();
    const [deleted] = await entriesOf(`client:${sub.ref.name}`);
    expect(deleted).toMatchObject({ action: "xui.client.delete", outcome: "failed" });
    expect(deleted?.note).toMatch(new RegExp(`^server ${server.id}; \\S+`));

    const shop = w.account.accounts.get("shop");
    if (shop) shop.balance = 1_000;
    w.clock.advance(1_000);
    const expiry = w.account.serverState(server.id).expiresAtMs;
    w.account.loseAnswerNext("POST", `/api/v1/servers/${server.id}/extend`);
    const out = await w.rooms.fleet.serverExtension.byAdmin(
      server.id,
      Math.floor(expiry / 1000) * 1000,
      byStaff(ADMIN),
    );
    expect(out).toMatchObject({ kind: "extended", checked: true });
    const [extended] = (await entriesOf(`server:${server.id}`)).filter((e) => e.action === "server.extend");
    expect(extended).toMatchObject({ outcome: "done", note: "read back", actorId: ADMIN });
  });
});

describe("an admin's term change", () => {
  it("is stored with its record in one step, started until its turn comes, then done by the worker", async () => {
    const sub = await provisioned(w, ++customer, "node");
    const { terms, changes } = w.rooms.terms;
    // A change already in the chain (no staff member: the shop's own), so the admin's waits.
    const first = await changes.create({ subscriptionId: sub.id, mode: "add", days: 1, adminId: 0 });
    const client = { kind: "node", name: sub.ref.name } as const;
    const asked = await terms.request({ client, mode: "add", days: 10, adminId: ADMIN }, byStaff(ADMIN));
    if (asked.kind !== "waiting") throw new Error(`expected to wait, got ${asked.kind}`);
    const auditId = asked.change.auditId;
    expect(auditId).toBeDefined();
    const entry = await audit().get(auditId ?? "");
    expect(entry).toMatchObject({
      action: "term.change",
      subject: `subscription:${sub.id}`,
      actorId: ADMIN,
      outcome: "started",
      note: "add 10 days",
      before: `expires ${new Date(sub.expiresAt).toISOString()}`,
    });

    // The worker's turn: the change in front, then the admin's.
    await terms.apply(first.change.id);
    const applied = await terms.apply(asked.change.id);
    expect(applied.kind).toBe("applied");
    const done = await audit().get(auditId ?? "");
    expect(done).toMatchObject({ outcome: "done" });
    expect(done?.after).toMatch(/^expires /);
    expect(await entriesOf(`subscription:${sub.id}`)).toHaveLength(1);
  });

  it("a refused change is recorded failed with the reason", async () => {
    const sub = await provisioned(w, ++customer, "node");
    w.node.clients.delete(sub.ref.name);
    const asked = await w.rooms.terms.terms.request(
      {
        client: { kind: "node", name: sub.ref.name },
        mode: "set",
        target: w.clock.now() + 40 * DAY,
        adminId: ADMIN,
      },
      byStaff(ADMIN),
    );
    expect(asked.kind).toBe("failed");
    const [entry] = await entriesOf(`subscription:${sub.id}`);
    expect(entry).toMatchObject({ action: "term.change", outcome: "failed" });
    expect(entry?.note).toBeTruthy();
  });
});
