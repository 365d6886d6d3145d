import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  Customers,
  SubscriptionOwners,
  Subscriptions,
  subscriptionKeys,
} from "../../src/domain/books/index.js";
import { NodeClients, type NodeClientsDeps, NodeNotConfiguredError } from "../../src/domain/fleet/index.js";
import { NodeEdits } from "../../src/domain/provisioning/index.js";
import { HostingApiError, HostingInputError } from "../../src/hosting/errors.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { DAY, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { rejectionOf } from "../helpers/errors.js";
import { testRedis } from "../helpers/redis.js";
import { until } from "../helpers/wait.js";

/*
 * The node's clients as the admin manages them, against a fake node over HTTPS and real Redis:
 * the hosting action, then the shop's subscriptions on the client following it.
 */

const D = 86_400;
const NOW = Date.UTC(2026, 0, 10, 12);
const clock = new ManualClock(NOW);
const fake = new FakeNodeApi({ domain: "node.test" });
let redis: Redis;
let node: NodeApi;
let subscriptions: Subscriptions;
let owners: SubscriptionOwners;
let clients: NodeClients;

const build = (over: Partial<NodeClientsDeps> = {}) =>
  new NodeClients({
    hosting: { node },
    edits: new NodeEdits({ redis, clock }),
    clock,
    owners,
    logger: createLogger("silent"),
    settleMs: 0,
    ...over,
  });

beforeAll(async () => {
  redis = await testRedis();
  await fake.start();
  node = new NodeApi({
    baseUrl: fake.url,
    token: () => fake.token,
    certSha256: fake.certificate?.fingerprint256,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  subscriptions = new Subscriptions(redis, clock);
  owners = new SubscriptionOwners({
    redis,
    subscriptions,
    customers: new Customers(redis, clock),
    logger: createLogger("silent"),
  });
  clients = build();
});
afterAll(async () => {
  await node.close();
  await fake.stop();
  await redis.quit();
});
beforeEach(() => {
  clock.set(NOW);
  fake.now = () => Math.floor(clock.now() / 1000);
  fake.clients.clear();
  fake.seen.length = 0;
});

let orders = 0;
/** A shop subscription of customer `customerId` on node client `name`. */
const subOn = (customerId: number, name: string, expiresAt = clock.now() + 5 * DAY) =>
  subscriptions.create(`onc${++orders}`, {
    customerId,
    planId: "node",
    ref: { kind: "node", name },
    links: { links: [], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: 0,
    devices: 0,
    trial: false,
  });

const edits = () => fake.countAny("PATCH", "/edit");

describe("node clients", () => {
  it("without a node: not configured; reads reject and a renewal fails without a retry", async () => {
    const none = build({ hosting: { node: undefined } });
    expect(none.configured).toBe(false);
    await rejectionOf(none.list(), NodeNotConfiguredError);
    const renewal = await none.renewTo("alice", NOW + DAY);
    expect(renewal).toMatchObject({ kind: "failed", mayHaveApplied: false });
    expect(renewal.kind === "failed" && renewal.error).toBeInstanceOf(NodeNotConfiguredError);
  });

  it("lists, reads, creates and sets both limits (what the node has, else what was asked)", async () => {
    fake.seedClient("alice", 10);
    const created = await clients.create({ name: "erin", days: 7, trafficLimitGb: 5 });
    expect(created).toMatchObject({ name: "erin", trafficLimitGb: 5, leftDays: 7 });
    expect((await clients.list()).map((c) => c.name).sort()).toEqual(["alice", "erin"]);
    expect(await clients.setLimits("alice", { trafficLimitGb: 0, deviceLimit: 3 })).toEqual({
      trafficLimitGb: 0,
      deviceLimit: 3,
    });
    expect(fake.clients.get("alice")).toMatchObject({ traffic_limit_gb: 0, device_limit: 3 });
    expect((await clients.get("alice")).deviceLimit).toBe(3);
  });

  it("bans with a reason (refused over 200 characters before sending) and unbans", async () => {
    fake.seedClient("bob", 10);
    await rejectionOf(clients.ban("bob", "x".repeat(201)), HostingInputError);
    expect(fake.clients.get("bob")?.banned).toBe(false);
    await clients.ban("bob", "spam");
    expect(fake.clients.get("bob")).toMatchObject({ banned: true, ban_reason: "spam" });
    await clients.unban("bob");
    expect(fake.clients.get("bob")?.banned).toBe(false);
  });

  it("rename: the subscriptions on the client follow the new name; a bad name is refused before sending", async () => {
    fake.seedClient("kai", 10);
    const sub = await subOn(8601, "kai");
    await rejectionOf(clients.rename("kai", "kai 2"), HostingInputError);
    expect(fake.countAny("PATCH", "/edit")).toBe(0);

    const { client, followed } = await clients.rename("kai", "kai-2");
    expect(client.name).toBe("kai-2");
    expect(followed.ok && followed.owners.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.ref).toEqual({ kind: "node", name: "kai-2" });
  });

  it("delete: the subscriptions on the client are marked removed; a refusal changes nothing", async () => {
    fake.seedClient("lou", 10);
    const sub = await subOn(8602, "lou");
    const err = await rejectionOf(clients.delete("nobody"), HostingApiError);
    expect(err.code).toBe("user_not_found");
    const followed = await clients.delete("lou");
    expect(fake.clients.has("lou")).toBe(false);
    expect(followed.ok && followed.owners.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect(await redis.zscore(subscriptionKeys.byExpiry, sub.id)).toBeNull();
  });

  it("renew: the target is fixed once; the node gets the missing days and the subscription the new term", async () => {
    const before = fake.seedClient("lea", 2).expires_at;
    const sub = await subOn(8603, "lea", before * 1000);
    const { client, targetMs } = await clients.fixRenewTarget("lea", 7);
    expect(client.expiresAt).toBe(before);
    expect(targetMs).toBe((before + 7 * D) * 1000);

    const renewal = await clients.renewTo("lea", targetMs);
    expect(renewal.kind).toBe("renewed");
    if (renewal.kind !== "renewed") return;
    expect(renewal.result.daysSent).toBe(7);
    expect(renewal.followed.ok && renewal.followed.owners.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(targetMs);
    expect(Number(await redis.zscore(subscriptionKeys.byExpiry, sub.id))).toBe(targetMs);

    // The same target again (a repeated "Try again") reads first and adds nothing.
    expect((await clients.renewTo("lea", targetMs)).kind).toBe("renewed");
    expect(edits()).toBe(1);
    expect(fake.clients.get("lea")?.expires_at).toBe(before + 7 * D);
  });

  it("renew: an ambiguous failure may be retried; meanwhile the client is in doubt and nothing is sent", async () => {
    const before = fake.seedClient("max", 3).expires_at;
    fake.forceError("PATCH", "/edit", 503, "unavailable");
    const target = (before + 2 * D) * 1000;
    const failed = await clients.renewTo("max", target);
    expect(failed).toMatchObject({ kind: "failed", mayHaveApplied: true });
    expect(await clients.renewTo("max", target)).toEqual({ kind: "in-doubt" });
    expect(edits()).toBe(1);

    clock.advance(2 * MINUTE);
    expect((await clients.renewTo("max", target)).kind).toBe("renewed");
    expect(edits()).toBe(2);
    expect(fake.clients.get("max")?.expires_at).toBe(before + 2 * D);
  });

  it("renew: a refusal is not retried; two renewals of one client at once: the second is busy", async () => {
    const refused = await clients.renewTo("ghost", NOW + DAY);
    expect(refused).toMatchObject({ kind: "failed", mayHaveApplied: false });

    const before = fake.seedClient("ned", 3).expires_at;
    fake.delayNext("PATCH", fake.anyPrefix("/edit"), 1_000);
    const target = (before + 4 * D) * 1000;
    const first = clients.renewTo("ned", target);
    // The second starts while the first holds the lease (its edit is held by the node).
    await until(() => edits() === 1);
    expect(await clients.renewTo("ned", target)).toEqual({ kind: "busy" });
    expect((await first).kind).toBe("renewed");
    expect(fake.clients.get("ned")?.expires_at).toBe(before + 4 * D);
  });

  it("the hosting action stands when the subscriptions cannot follow: reported as not followed", async () => {
    const before = fake.seedClient("oli", 3).expires_at;
    const broken = build({
      owners: {
        followTerm: () => Promise.reject(new Error("redis down")),
        renamed: () => Promise.reject(new Error("redis down")),
        removed: () => Promise.reject(new Error("redis down")),
      },
    });
    const renewal = await broken.renewTo("oli", (before + D) * 1000);
    expect(renewal).toMatchObject({ kind: "renewed", followed: { ok: false } });
    expect(fake.clients.get("oli")?.expires_at).toBe(before + D);
    expect(await broken.delete("oli")).toEqual({ ok: false });
    expect(fake.clients.has("oli")).toBe(false);
  });
});
