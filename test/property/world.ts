import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import { nodeRenewalKeys, type Provisioner } from "../../src/domain/provisioning/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { PanelApi } from "../../src/hosting/panel/index.js";
import { ManualClock, SECOND } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { ArchiveFiles } from "../../src/store/archive-files.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { type FakeCert, FakeNodeApi, makeCert } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { TEST_SECRET_KEY } from "../helpers/bot-harness.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { MemoryRail } from "../helpers/memory-rail.js";

/**
 * One run's world: the shop's rooms on a real Redis (one logical database for the whole file,
 * flushed for each run), the three hosting fakes on loopback sharing the shop's ManualClock, and
 * the jobs the shop queues recorded rather than run: the model drives fulfilment itself.
 */

/** The hosting clients give up on an answer after this (short, so a late write stays cheap). */
export const HOSTING_TIMEOUT_MS = 150;
/** How long a "late" write is held by the fake: past the client's timeout and its read-back. */
export const LATE_MS = 260;
/** NODE_EDIT_DOUBT_SECONDS of this world (counted by the ManualClock). */
export const DOUBT_MS = 20 * SECOND;
/** The shop's owner (ADMIN_IDS): the staff member the runs' admin actions are taken as. */
export const WORLD_OWNER = 1;
/** The node provisioner's wait before reading back an ambiguous edit (30 ms instead of 1 s). */
const NODE_SETTLE_MS = 30;

export const PLANS = { xui: "xui", panel: "multi", node: "node" } as const;
export type Backend = keyof typeof PLANS;
export const BACKENDS: readonly Backend[] = ["xui", "panel", "node"];
export const PLAN_DAYS = 30;
/** Each plan's traffic (GB), and the traffic packs every plan sells. */
export const PLAN_GB: Record<Backend, number> = { xui: 100, panel: 50, node: 40 };
/** The plans' traffic rollover caps (0: the plan has none). */
export const ROLLOVER_CAP: Record<Backend, number> = { xui: 30, panel: 0, node: 15 };
/** Every plan offers freezes (issue 30). */
export const FREEZE = { times_per_year: 3, min_days: 7, max_days: 30 };
export const PACKS = [
  { id: "p10", gb: 10, price: 30 },
  { id: "p25", gb: 25, price: 60 },
];
/** The family plan (issue 30): the xui plan's term and traffic, 100 per seat, 2 seats up to 4. */
export const FAMILY = { id: "fam", backend: "xui", price: 100, count: 2, max: 4 } as const;
export const REFERRAL = { percent: 10, bonus_days: 3, rewarded_payments: 0 };

/** The promo codes of every world: what the model's purchases may carry. */
export const PROMOS = {
  days: { code: "DAYS5", kind: "days", value: 5, perCustomer: 5, newCustomersOnly: false },
  percent: { code: "PCT30", kind: "percent", value: 30, perCustomer: 5, newCustomersOnly: false },
  newOnly: { code: "NEW50", kind: "percent", value: 50, perCustomer: 1, newCustomersOnly: true },
  credit: { code: "CASH40", kind: "credit", value: 40, perCustomer: 1, newCustomersOnly: false },
} as const;

/** What the shop handed to its job queue (the model runs them). */
export interface RecordedJobs {
  /** Orders waiting for a fulfilment attempt (the worker's queue). */
  orders: Set<string>;
  /** Admins' term changes waiting for their turn. */
  changes: Set<string>;
  /** Every order ever queued (a paid order must have been). */
  everQueued: Set<string>;
}

export interface World {
  redis: Redis;
  clock: ManualClock;
  account: FakeAccountApi;
  panel: FakePanelApi;
  node: FakeNodeApi;
  servers: number[];
  catalog: Catalog;
  rooms: ShopRooms;
  /** The archive on disk behind the rooms' readers (a temp dir of the run). */
  archive: ArchiveFiles;
  jobs: RecordedJobs;
  /** The outside payment rail of the runs (its refunds fixed per payment: done, refused, answer lost). */
  rail: MemoryRail;
  /** Waits until no fake holds a request (every late write has landed). */
  idle(): Promise<void>;
  /**
   * Moves the clock on by `ms`. A node edit the shop gave up on may land until its doubt window
   * (by this clock) is over; later than that is beyond what the shop guarantees (node-renewal.ts),
   * so a held node request lands first when the move would end a window.
   */
  advance(ms: number): Promise<void>;
  /** Drops every fault armed and not used yet. */
  disarm(): void;
  close(): Promise<void>;
}

let cert: Promise<FakeCert> | undefined;

/** A fresh world on `redis` (flushed first). */
export async function makeWorld(redis: Redis): Promise<World> {
  await redis.flushdb();
  // Real time to start with: some keys expire in Redis by the shop's clock (PEXPIREAT).
  const clock = new ManualClock(Date.now());
  const account = new FakeAccountApi();
  account.now = () => clock.now();
  await account.start();
  account.addAccount({ login: "shop", password: "pw", balance: 10_000 });
  const key = account.addKey("shop");
  const servers = [1, 2].map(() => account.addServer("shop", { daysLeft: 400 }).id);
  const panel = await new FakePanelApi({ nodes: [{ id: "2" }], now: () => clock.now() }).start();
  cert ??= makeCert();
  const node = new FakeNodeApi();
  node.now = () => Math.floor(clock.now() / 1000);
  await node.start(await cert);
  const hosting = clientsFor(account, key, panel, node, clock);
  const catalog = catalogOf(servers);
  const jobs: RecordedJobs = { orders: new Set(), changes: new Set(), everQueued: new Set() };
  // An outside rail taking Stars, so rail payments join the same runs (issue 27).
  const rail = new MemoryRail({ id: "memrail", currencies: ["XTR"], refunds: true });
  rail.refundMode = (paymentId) => (["ok", "refuse", "lose"] as const)[hashOf(paymentId) % 3] ?? "ok";
  // The archive of old history (issue 29): its age is 0 days here, so archiving at any step moves
  // all that is old enough by the shop's rules, as if the clock had moved past ARCHIVE_AFTER_DAYS
  // (moving the model's clock by months would end every term it keeps).
  const archiveDir = mkdtempSync(join(tmpdir(), "model-archive-"));
  const archive = new ArchiveFiles(archiveDir);
  const rooms = createShopServices({
    redis,
    clock,
    archive: { files: archive, afterDays: 0 },
    catalog: () => catalog,
    rails: [rail],
    hosting: { ...hosting, close: async () => undefined },
    logger: createLogger("silent"),
    accountKey: new AccountKeyStore(redis, new SecretBox(TEST_SECRET_KEY), key),
    nodeSubUrl: "https://sub.node.test",
    nodeEditDoubtMs: DOUBT_MS,
    ownerIds: [WORLD_OWNER],
    jobs: {
      enqueueOrder: async (id) => {
        jobs.orders.add(id);
        jobs.everQueued.add(id);
      },
      enqueueTermChange: async (id) => {
        jobs.changes.add(id);
      },
    },
  });
  shortenNodeSettle(rooms.provisioning.provisioner("node"));
  for (const p of Object.values(PROMOS)) {
    await rooms.sales.promos.create({
      ...p,
      plans: [],
      createdBy: 1,
      expiresAt: undefined,
      totalUses: undefined,
    });
  }
  const fakes = [account, panel, node];
  return {
    ...{ redis, clock, account, panel, node, servers, catalog, rooms, archive, jobs, rail },
    idle: async () => {
      await Promise.all(fakes.map((f) => f.idle()));
    },
    advance: async (ms) => {
      if (node.held > 0 && (await doubtEndsBy(redis, clock.now() + ms))) await node.idle();
      clock.advance(ms);
    },
    disarm: () => {
      for (const f of fakes) f.disarm();
    },
    close: async () => {
      for (const f of fakes) f.disarm();
      await Promise.all(fakes.map((f) => f.idle()));
      await hosting.node.close();
      await Promise.all(fakes.map((f) => f.stop()));
      rmSync(archiveDir, { recursive: true, force: true });
    },
  };
}

/** Whether some node client's doubt window ends by `at` (the deadlines NodeEdits stores). */
async function doubtEndsBy(redis: Redis, at: number): Promise<boolean> {
  const keys = await redis.keys(nodeRenewalKeys.doubt("*"));
  const deadlines = keys.length ? await redis.mget(...keys) : [];
  return deadlines.some((d) => d !== null && Number(d) <= at);
}

/** The real API clients on the fakes: one attempt, short timeouts, the panel on the world's clock. */
function clientsFor(
  account: FakeAccountApi,
  accountKey: string,
  panel: FakePanelApi,
  node: FakeNodeApi,
  clock: ManualClock,
) {
  const options = { retry: FAST_HTTP, timeoutMs: HOSTING_TIMEOUT_MS };
  return {
    account: new AccountApi({ baseUrl: account.url, apiKey: () => accountKey, ...options }),
    panel: new PanelApi({
      baseUrl: panel.url,
      token: () => panel.token,
      now: () => clock.now(),
      ...options,
    }),
    node: new NodeApi({
      baseUrl: node.url,
      token: () => node.token,
      certSha256: node.certificate?.fingerprint256,
      ...options,
    }),
  };
}

/**
 * The node provisioner reads an ambiguous edit back after NODE_EDIT_SETTLE_MS (1 s): too slow for
 * hundreds of runs. createShopServices takes no such setting, so this world sets the provisioner's
 * own option (NodeProvisionerOptions.settleMs) on the instance it built.
 */
function shortenNodeSettle(provisioner: Provisioner): void {
  const p = provisioner as unknown as { settleMs?: number };
  if (!("settleMs" in p)) throw new Error("the node provisioner has no settleMs option any more");
  p.settleMs = NODE_SETTLE_MS;
}

/** A small number fixed by a string (the same payment always gets the same refund outcome). */
export function hashOf(text: string): number {
  return [...text].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
}

function catalogOf(servers: number[]): Catalog {
  const base = {
    ...{ title: { en: "Plan", ru: "План" }, days: PLAN_DAYS, devices: 2, traffic_packs: PACKS },
    freeze: FREEZE,
  };
  return {
    currency: "XTR",
    trial: undefined,
    referral: REFERRAL,
    plans: [
      {
        ...base,
        ...{ id: PLANS.xui, price: 100, traffic_gb: PLAN_GB.xui, rollover: { cap_gb: ROLLOVER_CAP.xui } },
        backend: { kind: "xui", servers },
      },
      {
        ...base,
        id: PLANS.panel,
        price: 150,
        traffic_gb: PLAN_GB.panel,
        backend: {
          kind: "panel",
          locations: [
            { node: "main", inbound_ids: ["1"] },
            { node: "2", inbound_ids: ["201"] },
          ],
        },
      },
      {
        ...base,
        ...{ id: PLANS.node, price: 120, traffic_gb: PLAN_GB.node, rollover: { cap_gb: ROLLOVER_CAP.node } },
        backend: { kind: "node" },
      },
      {
        ...base,
        id: FAMILY.id,
        price: FAMILY.price,
        traffic_gb: PLAN_GB.xui,
        backend: { kind: "xui", servers },
        seats: { count: FAMILY.count, pricing: "seat", max: FAMILY.max },
        // As the xui plan's: the model reckons a renewal's traffic by backend.
        rollover: { cap_gb: ROLLOVER_CAP.xui },
      },
    ],
  };
}
