import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AccessRef, GB_BYTES, termEnd } from "../../src/domain/books/index.js";
import {
  createProvisioningServices,
  daysToReach,
  mayHaveApplied,
  NodeClientRenewals,
  NodeEditInDoubtError,
  NodeEdits,
  NodeProvisioner,
  renewNodeClientTo,
} from "../../src/domain/provisioning/index.js";
import type { AccountApi } from "../../src/hosting/account/index.js";
import {
  HostingApiError,
  HostingInputError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../../src/hosting/errors.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { fail, ok } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { rejectionOf } from "../helpers/errors.js";
import { testRedis } from "../helpers/redis.js";
import { until } from "../helpers/wait.js";

/*
 * Faults of the node's non-idempotent `/edit` (its `days` are ADDED to the current expiry):
 * the write applied but its answer lost, the write slow and applied after our timeout, and a
 * write refused. The rule under test reads the client back before deciding, so no fault adds
 * the days twice.
 */

const FAST = { attempts: 3, baseDelayMs: 2, maxDelayMs: 10 };
/** The node client's timeout in these tests; "slow" edits are held longer than this. */
const TIMEOUT_MS = 250;
const D = 86_400;
const GB = GB_BYTES;

const clock = new ManualClock();
const fake = new FakeNodeApi({ domain: "node.test" });
let node: NodeApi;
let redis: Redis;

beforeAll(async () => {
  redis = await testRedis();
  await fake.start();
  fake.now = () => Math.floor(clock.now() / 1000);
  node = new NodeApi({
    baseUrl: fake.url,
    token: () => fake.token,
    certSha256: fake.certificate?.fingerprint256,
    retry: FAST,
    timeoutMs: TIMEOUT_MS,
  });
});
afterAll(async () => {
  await node.close();
  await fake.stop();
  await redis.quit();
});
beforeEach(() => {
  clock.set(Date.UTC(2026, 2, 1, 12));
  fake.clients.clear();
  fake.traffic.clear();
  fake.seen.length = 0;
});

const provisioner = (settleMs = 0) => new NodeProvisioner({ node, clock, settleMs });
const edits = () => fake.countAny("PATCH", "/edit");
const lastEdit = () => fake.seen.filter((r) => r.method === "PATCH" && r.path.endsWith("/edit")).at(-1)?.body;
const reads = (name: string) => fake.countAny("GET", `/clients/${name}`);
const expiryOf = (name: string) => fake.clients.get(name)?.expires_at;

describe("the node renewal rule (pure parts)", () => {
  it("sends the missing whole days, none when the target is reached (an hour of slack)", () => {
    const now = clock.now();
    expect(daysToReach(now, now + 30 * DAY)).toBe(30);
    expect(daysToReach(now, now + 30 * DAY + 10 * 60_000)).toBe(31);
    expect(daysToReach(now + 30 * DAY, now + 30 * DAY)).toBe(0);
    expect(daysToReach(now + 30 * DAY - HOUR + 1, now + 30 * DAY)).toBe(0);
    expect(daysToReach(now + 31 * DAY, now + 30 * DAY)).toBe(0);
  });

  it("a target N days after the later of now and the current expiry", () => {
    const now = clock.now();
    expect(termEnd(now + 10 * DAY, now, 7)).toBe(now + 17 * DAY);
    expect(termEnd(now - 3 * DAY, now, 5)).toBe(now + 5 * DAY);
  });

  it("only a failure that may have reached the node counts as ambiguous", () => {
    const info = { api: "node" as const, method: "PATCH", endpoint: "PATCH /edit" };
    expect(mayHaveApplied(new HostingTimeoutError(info, 15_000))).toBe(true);
    expect(mayHaveApplied(new HostingNetworkError(info, new Error("socket hang up")))).toBe(true);
    expect(mayHaveApplied(new HostingApiError(info, 503, "later", undefined))).toBe(true);
    expect(mayHaveApplied(new HostingApiError(info, 502, "later", undefined))).toBe(true);
    expect(mayHaveApplied(new HostingApiError(info, 500, "x", "internal_error"))).toBe(true);
    expect(mayHaveApplied(new HostingSchemaError(info, "client: missing"))).toBe(true);
    const pin = Object.assign(new Error("pin"), { code: "ERR_NODE_CERT_PIN_MISMATCH" });
    expect(mayHaveApplied(new HostingNetworkError(info, pin))).toBe(false);
    expect(mayHaveApplied(new HostingApiError(info, 400, "x", "bad_days"))).toBe(false);
    expect(mayHaveApplied(new HostingApiError(info, 404, "x", "user_not_found"))).toBe(false);
    expect(mayHaveApplied(new HostingApiError(info, 401, "x", "unauthorized"))).toBe(false);
    expect(mayHaveApplied(new HostingInputError("days", "bad"))).toBe(false);
    expect(mayHaveApplied(new Error("bug"))).toBe(false);
  });
});

describe("node renew when the edit's answer is lost", () => {
  it("the hosting write applied but its answer lost (503): success, the days added once; a repeat adds none", async () => {
    const seeded = { expires_at: fake.seedClient("lost-503", 5).expires_at };
    const before = seeded.expires_at;
    const ref: AccessRef = { kind: "node", name: "lost-503" };
    const target = before * 1000 + 30 * DAY;
    fake.loseAnswerNext("PATCH", fake.anyPrefix("/edit"));

    const state = await provisioner().renew(ref, target, 0);
    expect(state.expiresAt).toBe(target);
    expect(expiryOf("lost-503")).toBe(before + 30 * D);
    expect(edits()).toBe(1);
    // Read first, then read back once after the ambiguous failure.
    expect(reads("lost-503")).toBe(2);

    // The order job repeats the step (e.g. after a crash): the target is reached, nothing is sent.
    await provisioner().renew(ref, target, 0);
    expect(edits()).toBe(1);
    expect(expiryOf("lost-503")).toBe(before + 30 * D);
  });

  it("the connection cut after the write (no answer at all): success, the days added once", async () => {
    const seeded = { expires_at: fake.seedClient("lost-drop", 2).expires_at };
    const target = seeded.expires_at * 1000 + 10 * DAY;
    fake.loseAnswerNext("PATCH", fake.anyPrefix("/edit"), "drop");

    const state = await provisioner().renew({ kind: "node", name: "lost-drop" }, target, 0);
    expect(state.expiresAt).toBe(target);
    expect(expiryOf("lost-drop")).toBe(seeded.expires_at + 10 * D);
    expect(edits()).toBe(1);
  });

  it("a garbled 200 (the write happened) counts as applied once the read-back shows the target", async () => {
    const seeded = { expires_at: fake.seedClient("garbled", 2).expires_at };
    const target = seeded.expires_at * 1000 + 3 * DAY;
    fake.loseAnswerNext("PATCH", fake.anyPrefix("/edit"), ok({ client: { name: "garbled" } }));
    await provisioner().renew({ kind: "node", name: "garbled" }, target, 0);
    expect(expiryOf("garbled")).toBe(seeded.expires_at + 3 * D);
    expect(edits()).toBe(1);
  });

  it("days and the traffic allowance in one edit whose answer is lost: both confirmed by the read-back", async () => {
    const seeded = { expires_at: fake.seedClient("lost-limit", 5, { traffic_limit_gb: 50 }).expires_at };
    fake.setTraffic("lost-limit", 1 * GB, 2 * GB);
    const target = seeded.expires_at * 1000 + 30 * DAY;
    fake.loseAnswerNext("PATCH", fake.anyPrefix("/edit"), fail(502, "Bad Gateway"));

    const state = await provisioner().renew({ kind: "node", name: "lost-limit" }, target, 50);
    expect(state).toEqual({ expiresAt: target, limitBytes: 53 * GB, usedBytes: 3 * GB, enabled: true });
    expect(fake.clients.get("lost-limit")).toMatchObject({
      expires_at: seeded.expires_at + 30 * D,
      traffic_limit_gb: 53,
    });
    expect(edits()).toBe(1);
  });

  it("an edit that failed without applying (503 before the write): the error stands, the retry adds the days once", async () => {
    const seeded = { expires_at: fake.seedClient("not-applied", 5).expires_at };
    const target = seeded.expires_at * 1000 + 30 * DAY;
    fake.failNext("PATCH", fake.anyPrefix("/edit"), fail(503, "Service Unavailable"));

    const err = await rejectionOf(
      provisioner().renew({ kind: "node", name: "not-applied" }, target, 0),
      HostingApiError,
    );
    expect(err.status).toBe(503);
    expect(expiryOf("not-applied")).toBe(seeded.expires_at);
    // It was read back before the error was let stand.
    expect(reads("not-applied")).toBe(2);

    await provisioner().renew({ kind: "node", name: "not-applied" }, target, 0);
    expect(expiryOf("not-applied")).toBe(seeded.expires_at + 30 * D);
    expect(edits()).toBe(2);
  });

  it("a refusal (400 bad_days, 404) is not ambiguous: no read-back, the error stands", async () => {
    const seeded = { expires_at: fake.seedClient("refused", 5).expires_at };
    fake.forceError("PATCH", "/edit", 400, "bad_days");
    const err = await rejectionOf(
      provisioner().renew({ kind: "node", name: "refused" }, seeded.expires_at * 1000 + DAY, 0),
      HostingApiError,
    );
    expect(err.code).toBe("bad_days");
    expect(reads("refused")).toBe(1);
    expect(expiryOf("refused")).toBe(seeded.expires_at);
  });
});

describe("node renew when the edit is slow, then applied after our timeout", () => {
  it("applied while we wait before the read-back: success, the days added once", async () => {
    const seeded = { expires_at: fake.seedClient("slow-settled", 5).expires_at };
    const target = seeded.expires_at * 1000 + 7 * DAY;
    fake.delayNext("PATCH", fake.anyPrefix("/edit"), TIMEOUT_MS + 150);

    // The read-back waits longer than the edit is held, so it sees the late edit.
    const state = await provisioner(400).renew({ kind: "node", name: "slow-settled" }, target, 0);
    expect(state.expiresAt).toBe(target);
    expect(expiryOf("slow-settled")).toBe(seeded.expires_at + 7 * D);
    expect(edits()).toBe(1);
  });

  it("applied after the read-back: the timeout stands; the retry (reads first) finds the target and adds nothing", async () => {
    const seeded = { expires_at: fake.seedClient("slow-late", 5).expires_at };
    const target = seeded.expires_at * 1000 + 7 * DAY;
    fake.delayNext("PATCH", fake.anyPrefix("/edit"), TIMEOUT_MS + 400);

    await rejectionOf(
      provisioner(0).renew({ kind: "node", name: "slow-late" }, target, 0),
      HostingTimeoutError,
    );
    // The late edit lands on the node after we gave up.
    await until(() => expiryOf("slow-late") === seeded.expires_at + 7 * D);

    const state = await provisioner(0).renew({ kind: "node", name: "slow-late" }, target, 0);
    expect(state.expiresAt).toBe(target);
    expect(expiryOf("slow-late")).toBe(seeded.expires_at + 7 * D);
    expect(edits()).toBe(1);
  });
});

describe("a paid node renewal whose edit lands later than the read-back (issue 22, finding 1)", () => {
  /** The node provisioner as the shop builds it: its renewals go through the clients' NodeEdits gate. */
  const shopProvisioner = () =>
    createProvisioningServices({
      redis,
      clock,
      logger: createLogger("silent"),
      hosting: { account: {} as AccountApi, panel: undefined, node, close: async () => undefined },
      nodeEditDoubtMs: 30_000,
    }).provisioner("node");

  it("the job's retry sends no days while the edit may still land; after the window a fresh read decides", async () => {
    const seeded = { expires_at: fake.seedClient("paid-late", 5).expires_at };
    const target = seeded.expires_at * 1000 + 30 * DAY;
    // The node applies the edit a while after our timeout (a core restart): after the read-back,
    // which comes a second (NODE_EDIT_SETTLE_MS) after the timeout.
    fake.delayNext("PATCH", fake.anyPrefix("/edit"), TIMEOUT_MS + 1_600);
    const ref = { kind: "node", name: "paid-late" } as const;

    await rejectionOf(shopProvisioner().renew(ref, target, 0), HostingTimeoutError);
    // The job retries at once: the edit has not landed yet, so a read would say 30 days are missing.
    await rejectionOf(shopProvisioner().renew(ref, target, 0), NodeEditInDoubtError);
    expect(edits()).toBe(1);
    await until(() => expiryOf("paid-late") === seeded.expires_at + 30 * D);

    clock.advance(31_000);
    const state = await shopProvisioner().renew(ref, target, 0);
    expect(state.expiresAt).toBe(target);
    expect(expiryOf("paid-late")).toBe(seeded.expires_at + 30 * D);
    expect(edits()).toBe(1);
  });

  it("an edit that never landed is sent again after the window, only the missing days", async () => {
    const seeded = { expires_at: fake.seedClient("paid-lost", 5).expires_at };
    const target = seeded.expires_at * 1000 + 30 * DAY;
    // The edit answers 503: it may have been applied (it was not), so the client is in doubt.
    fake.forceError("PATCH", "/edit", 503, "unavailable");
    const ref = { kind: "node", name: "paid-lost" } as const;
    await rejectionOf(shopProvisioner().renew(ref, target, 0), HostingApiError);
    await rejectionOf(shopProvisioner().renew(ref, target, 0), NodeEditInDoubtError);
    clock.advance(31_000);
    await shopProvisioner().renew(ref, target, 0);
    expect(expiryOf("paid-lost")).toBe(seeded.expires_at + 30 * D);
    expect(lastEdit()).toMatchObject({ name: "paid-lost", days: 30 });
  });
});

describe("renewNodeClientTo and the admin's NodeClientRenewals", () => {
  it("reports what it read, what it sent and what the node shows after", async () => {
    const seeded = { expires_at: fake.seedClient("report", 3).expires_at };
    const target = seeded.expires_at * 1000 + 4 * DAY;
    const first = await renewNodeClientTo(node, { name: "report", targetMs: target });
    expect(first.before.expiresAt).toBe(seeded.expires_at);
    expect(first.after.expiresAt).toBe(seeded.expires_at + 4 * D);
    expect(first.daysSent).toBe(4);
    const again = await renewNodeClientTo(node, { name: "report", targetMs: target });
    expect(again.daysSent).toBe(0);
    expect(edits()).toBe(1);
  });

  it("fixes the target once from the client's expiry (or now when it has passed)", async () => {
    const renewals = new NodeClientRenewals({
      node,
      edits: new NodeEdits({ redis, clock }),
      clock,
      settleMs: 0,
    });
    const live = fake.seedClient("fix-live", 10);
    const expired = fake.seedClient("fix-expired", -3);
    expect((await renewals.fixTarget("fix-live", 7)).targetMs).toBe((live.expires_at + 7 * D) * 1000);
    const fixed = await renewals.fixTarget("fix-expired", 5);
    expect(fixed.targetMs).toBe(clock.now() + 5 * DAY);
    expect(fixed.client.expiresAt).toBe(expired.expires_at);
  });

  it("two renewals of one client to one target at once: one edit, the days added once", async () => {
    const renewals = new NodeClientRenewals({
      node,
      edits: new NodeEdits({ redis, clock }),
      clock,
      settleMs: 0,
    });
    const seeded = { expires_at: fake.seedClient("twice", 10).expires_at };
    const { targetMs } = await renewals.fixTarget("twice", 7);
    fake.delayNext("PATCH", fake.anyPrefix("/edit"), 100);

    const results = await Promise.all([
      renewals.renewTo("twice", targetMs),
      renewals.renewTo("twice", targetMs),
    ]);
    expect(results.filter((r) => r === "busy")).toHaveLength(1);
    expect(edits()).toBe(1);
    expect(expiryOf("twice")).toBe(seeded.expires_at + 7 * D);

    // Free again once the first one is done; a repeat to the same target sends nothing.
    const repeat = await renewals.renewTo("twice", targetMs);
    expect(repeat).not.toBe("busy");
    expect(edits()).toBe(1);
  });
});
