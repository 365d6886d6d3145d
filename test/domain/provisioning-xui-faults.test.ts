import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AccessLinks, type AccessRef, GB_BYTES } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import {
  ProvisioningError,
  type ProvisionRequest,
  XuiProvisioner,
} from "../../src/domain/provisioning/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { type FakeReply, fail, ok } from "../fakes/http-fake.js";
import { rejectionOf } from "../helpers/errors.js";

/*
 * Issue 8, xui half: a hosting write applied but its answer lost (503, connection cut, slow then
 * applied) must leave one client under the order's name, never a second one under a name the
 * Account API generated (it renames a taken name silently). And a renewal never unbans, and only
 * renews on a server paid beyond the new term.
 */

const FAST = { attempts: 3, baseDelayMs: 2, maxDelayMs: 10 };
const NO_RETRY = { attempts: 1, baseDelayMs: 2, maxDelayMs: 10 };
const GB = GB_BYTES;

const clock = new ManualClock();
const fake = new FakeAccountApi();
let seq = 0;

beforeAll(async () => {
  await fake.start();
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  clock.set(Date.now());
  fake.seen.length = 0;
});

interface Setup {
  server: FakeServer;
  xui: XuiProvisioner;
  /** The same provisioner over a client that gives up after 100 ms (for "slow, then applied"). */
  impatient: XuiProvisioner;
  plan: Plan;
  req: ProvisionRequest;
  ref: AccessRef;
  clientsPath: string;
  clientPath: string;
}

function setup(daysLeft = 90): Setup {
  const login = `xf${++seq}`;
  fake.addAccount({ login, password: "pw" });
  const key = fake.addKey(login);
  const server = fake.addServer(login, { daysLeft });
  const account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST });
  const slowAccount = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: NO_RETRY,
    timeoutMs: 100,
  });
  const name = `c${seq}-abcd${String(seq).padStart(4, "0")}`;
  return {
    server,
    xui: new XuiProvisioner({ account, clock }),
    impatient: new XuiProvisioner({ account: slowAccount, clock }),
    plan: {
      id: "x",
      title: { en: "X", ru: "X" },
      days: 30,
      traffic_gb: 50,
      devices: 0,
      price: 1,
      backend: { kind: "xui", servers: [server.id] },
    },
    req: {
      name,
      uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
      expiresAt: clock.now() + 30 * DAY,
      trafficGb: 50,
      devices: 0,
    },
    ref: { kind: "xui", serverId: server.id, name },
    clientsPath: `/api/v1/servers/${server.id}/clients`,
    clientPath: `/api/v1/servers/${server.id}/clients/${name}`,
  };
}

/**
 * What fulfilment does with a create order, attempt after attempt (a job retry each): ensure, and
 * when the links were lost with an answer, reissue. Returns the final ref and links.
 */
async function provision(
  xui: XuiProvisioner,
  s: Setup,
  attempts = 4,
): Promise<{ ref: AccessRef; links: AccessLinks }> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const done = await xui.ensure(s.ref, s.plan, s.req);
      if (done.links.links.length > 0) return done;
      return await xui.reissue(done.ref, s.req);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

function names(s: Setup): string[] {
  return fake.serverState(s.server.id).clients.map((c) => c.email);
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("xui: a create whose answer is lost leaves one client under the wanted name", () => {
  const lost: [string, FakeReply | "drop"][] = [
    ["answered 503", fail(503, "Service Unavailable")],
    ["connection cut", "drop"],
  ];
  for (const [label, answer] of lost) {
    it(`${label}: the retry reads it back; links are made again; no second client`, async () => {
      const s = setup();
      fake.loseAnswerNext("POST", s.clientsPath, answer);
      const { ref, links } = await provision(s.xui, s);
      expect(names(s)).toEqual([s.req.name]);
      expect(ref).toMatchObject({
        kind: "xui",
        name: s.req.name,
        uuid: fake.client(s.server.id, s.req.name)?.uuid,
      });
      expect(links.links[0]).toContain(fake.client(s.server.id, s.req.name)?.uuid);
    });
  }

  it("slow, then applied before the retry: the retry finds it, one client", async () => {
    const s = setup();
    fake.delayNext("POST", s.clientsPath, 300);
    await expect(s.impatient.ensure(s.ref, s.plan, s.req)).rejects.toThrow();
    await until(() => names(s).length > 0);
    const { ref } = await provision(s.xui, s);
    expect(names(s)).toEqual([s.req.name]);
    expect(ref.kind === "xui" && ref.name).toBe(s.req.name);
  });

  it("slow, then applied after the retry made the client: the generated-name orphan is removed at the next look", async () => {
    const s = setup();
    fake.delayNext("POST", s.clientsPath, 300);
    await expect(s.impatient.ensure(s.ref, s.plan, s.req)).rejects.toThrow();
    // The job retries at once, before the slow create lands.
    const first = await s.xui.ensure(s.ref, s.plan, s.req);
    expect(first.links.links.length).toBeGreaterThan(0);
    await until(() => names(s).length > 1);
    // The late create found the name taken and made an orphan; the next look at the client
    // (a repeated ensure, a renewal) finds it by listing and removes it.
    await s.xui.ensure(first.ref, s.plan, s.req);
    expect(names(s)).toEqual([s.req.name]);
  });

  it("a create that finds the name taken (its look-up missed) keeps the wanted name and removes the generated one", async () => {
    const s = setup();
    const earlier = fake.addClient(s.server.id, { email: s.req.name });
    fake.failNext("GET", s.clientPath, fail(404, "Client not found"));
    const { ref } = await s.xui.ensure(s.ref, s.plan, s.req);
    expect(names(s)).toEqual([s.req.name]);
    expect(ref).toMatchObject({ name: s.req.name, uuid: earlier.uuid });
  });

  it("the duplicate's answer is lost too: the read-back keeps the wanted name and removes the generated one", async () => {
    const s = setup();
    fake.addClient(s.server.id, { email: s.req.name });
    fake.failNext("GET", s.clientPath, fail(404, "Client not found"));
    fake.loseAnswerNext("POST", s.clientsPath, fail(503, "Service Unavailable"));
    await s.xui.ensure(s.ref, s.plan, s.req).catch(() => undefined);
    expect(names(s)).toEqual([s.req.name]);
  });

  it("reissue whose create finds the name still taken leaves no generated name and no links to hand out", async () => {
    const s = setup();
    const { ref } = await s.xui.ensure(s.ref, s.plan, s.req);
    // The delete is acknowledged but not applied, so the new create meets a taken name.
    fake.failNext("DELETE", s.clientPath, ok());
    const err = await rejectionOf(s.xui.reissue(ref, s.req), ProvisioningError);
    expect(err.permanent).toBe(false);
    expect(names(s)).toEqual([s.req.name]);
  });

  it("remove: a DELETE whose answer is lost is read back; gone counts as done", async () => {
    const s = setup();
    fake.addClient(s.server.id, { email: s.req.name });
    fake.loseAnswerNext("DELETE", s.clientPath, fail(503, "Service Unavailable"));
    await s.xui.remove(s.ref);
    expect(names(s)).toEqual([]);
  });

  it("the create itself is sent once per attempt (POST is never retried by the HTTP layer)", async () => {
    const s = setup();
    fake.loseAnswerNext("POST", s.clientsPath, fail(503, "Service Unavailable"));
    await s.xui.ensure(s.ref, s.plan, s.req).catch(() => undefined);
    expect(fake.count("POST", s.clientsPath)).toBe(1);
  });
});

describe("xui renew", () => {
  it("never sends enable", async () => {
    const s = setup(400);
    fake.addClient(s.server.id, { email: s.req.name, totalGb: 50, expiryMs: clock.now() + 3 * DAY });
    await s.xui.renew(s.ref, clock.now() + 33 * DAY, 50);
    const sent = fake.seen.filter((r) => r.method === "PATCH" && r.path === s.clientPath).map((r) => r.body);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("enable");
  });

  it("refuses to renew a client an admin banned (permanent), and leaves it banned", async () => {
    const s = setup(400);
    const expiryMs = clock.now() + 3 * DAY;
    fake.addClient(s.server.id, { email: s.req.name, enable: false, expiryMs });
    const err = await rejectionOf(s.xui.renew(s.ref, clock.now() + 33 * DAY, 50), ProvisioningError);
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/disabled|banned/);
    expect(fake.client(s.server.id, s.req.name)).toMatchObject({ enable: false, expiryMs });
    expect(fake.count("PATCH", s.clientPath)).toBe(0);
    expect((await s.xui.state(s.ref)).enabled).toBe(false);
  });

  it("refuses when the server is not paid beyond the new term: extend the server first (permanent)", async () => {
    const s = setup(20);
    const expiryMs = clock.now() + 3 * DAY;
    fake.addClient(s.server.id, { email: s.req.name, expiryMs });
    const err = await rejectionOf(s.xui.renew(s.ref, clock.now() + 33 * DAY, 50), ProvisioningError);
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/extend/i);
    expect(err.message).toContain(String(s.server.id));
    expect(fake.count("PATCH", s.clientPath)).toBe(0);
    expect(fake.client(s.server.id, s.req.name)?.expiryMs).toBe(expiryMs);

    // A term that still fits the paid period is renewed.
    await s.xui.renew(s.ref, clock.now() + 15 * DAY, 50);
    expect(fake.count("PATCH", s.clientPath)).toBe(1);
  });

  it("refuses on a server that is not active", async () => {
    for (const status of ["expired", "suspended"] as const) {
      const s = setup(400);
      fake.serverState(s.server.id).status = status;
      fake.addClient(s.server.id, { email: s.req.name, expiryMs: clock.now() + 3 * DAY });
      const err = await rejectionOf(s.xui.renew(s.ref, clock.now() + 33 * DAY, 50), ProvisioningError);
      expect(err.permanent).toBe(true);
      expect(err.message).toContain(status);
      expect(fake.count("PATCH", s.clientPath)).toBe(0);
    }
  });

  it("a renewal removes a twin a late create left under a generated name (and keeps a twin in use)", async () => {
    const s = setup(400);
    fake.addClient(s.server.id, { email: s.req.name, expiryMs: clock.now() + 3 * DAY });
    fake.addClient(s.server.id, { email: `${s.req.name}-1a2b3c` });
    fake.addClient(s.server.id, { email: `${s.req.name}-9f9f9f`, upBytes: 5 });
    await s.xui.renew(s.ref, clock.now() + 33 * DAY, 50);
    expect(names(s)).toEqual([s.req.name, `${s.req.name}-9f9f9f`]);
  });

  it("a renewal whose answer is lost, repeated, ends at the same target (no double days)", async () => {
    for (const answer of [fail(503, "Service Unavailable"), "drop"] as const) {
      const s = setup(400);
      fake.addClient(s.server.id, { email: s.req.name, totalGb: 50, expiryMs: clock.now() + 3 * DAY });
      fake.setUsage(s.server.id, s.req.name, GB, 0);
      const target = clock.now() + 33 * DAY;
      fake.loseAnswerNext("PATCH", s.clientPath, answer);
      await expect(s.xui.renew(s.ref, target, 50)).rejects.toThrow();
      const state = await s.xui.renew(s.ref, target, 50);
      const c = fake.client(s.server.id, s.req.name);
      expect(c?.expiryMs).toBeGreaterThanOrEqual(target - 60_000);
      expect(c?.expiryMs).toBeLessThan(target + DAY);
      expect(c?.totalGb).toBe(51);
      expect(state.expiresAt).toBe(c?.expiryMs);
    }
  });
});
