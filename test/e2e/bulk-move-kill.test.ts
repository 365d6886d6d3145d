import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessRef } from "../../src/domain/books/index.js";
import { type Catalog, parseCatalog } from "../../src/domain/catalog/index.js";
import type { ShopRooms } from "../../src/domain/index.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { BulkMoveQueue } from "../../src/workers/bulk-move.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { botEnv, germanyCatalog, germanyShop } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot, stopAll } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { shopOnRedis } from "../helpers/shop-on-redis.js";
import { until } from "../helpers/wait.js";

// Issue 31, point 2: a bulk move run by the built app's worker process (ROLE=worker), killed with
// SIGKILL in the middle, and finished by another worker process: each customer moved once.
const TOKEN = "464647:E2E-bulk-move-token-for-the-fake-api";
const SECRET_KEY = Buffer.alloc(32, 9);
const CUSTOMERS = 30;
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
const running: RunningProcess[] = [];
let redis: Redis;
let moveRuns: BulkMoveQueue;
let rooms: ShopRooms;
let clients: HostingClients;
let catalog: Catalog;
let env: Record<string, string> = {};
let from: FakeServer;
let to: FakeServer;

async function startWorker(): Promise<RunningProcess> {
  const proc = await startServingBot({ ...env, HTTP_PORT: String(await freePort()) });
  running.push(proc);
  return proc;
}

beforeAll(async () => {
  await telegram.start();
  await hosting.start();
  const shop = germanyShop(hosting, "bot-e2e-bulk-move-");
  from = hosting.servers.get(shop.serverId) as FakeServer;
  to = hosting.addServer("shop", { type: "xui", name: "target", daysLeft: 90 });
  catalog = parseCatalog(germanyCatalog(shop.serverId));
  redis = await testRedis();
  env = botEnv(
    { telegram, redis, catalogFile: shop.catalogFile },
    {
      SECRET_KEY: SECRET_KEY.toString("base64"),
      ACCOUNT_API_URL: hosting.url,
      ACCOUNT_API_KEY: shop.key,
      ROLE: "worker",
    },
  );
  moveRuns = new BulkMoveQueue(redis);
  ({ rooms, clients } = shopOnRedis(redis, {
    ...{ accountUrl: hosting.url, accountApiKey: shop.key, secretKey: SECRET_KEY, catalog },
    moves: { runs: moveRuns },
  }));
}, 30_000);

afterAll(async () => {
  await stopAll(running);
  await moveRuns.close();
  await clients.close();
  await Promise.all([telegram.stop(), hosting.stop(), redis.quit()]);
});

/** A customer's subscription on the source server, its client made by the shop's provisioner. */
async function customer(n: number): Promise<string> {
  const id = 9_700 + n;
  await rooms.books.customers.seen({ id, firstName: `K${id}`, locale: "en" });
  const ref: AccessRef = { kind: "xui", serverId: from.id, name: `c${id}-00c0ffee` };
  const request = {
    name: ref.name,
    uuid: crypto.randomUUID(),
    expiresAt: Date.now() + 20 * DAY,
    trafficGb: 50,
    devices: 0,
  };
  const plan = catalog.plans[0];
  if (!plan) throw new Error("a plan expected");
  const made = await rooms.provisioning.provisioner("xui").ensure(ref, plan, request);
  const sub = await rooms.books.subscriptions.create(`o${id}`, {
    ...{ customerId: id, planId: plan.id, ref: made.ref, links: made.links },
    ...{ expiresAt: request.expiresAt, trafficGb: 50, devices: 0, trial: false },
  });
  return sub.id;
}

const movedNotices = (chat: number) =>
  telegram.calls.filter(
    (c) =>
      c.method === "sendMessage" &&
      c.chatId === chat &&
      String(c.params.text).includes("moved to another server"),
  );

describe("a bulk move's worker killed in the middle", () => {
  it("is finished by another worker process: each customer moved once, told once", async () => {
    const ids: string[] = [];
    for (let n = 0; n < CUSTOMERS; n++) ids.push(await customer(n));
    const first = await startWorker();
    // Creates on the target are slow: the worker is in the middle of customers when it dies.
    hosting.delayNext("POST", `/api/v1/servers/${to.id}/clients`, 1_500, 4);
    const move = await rooms.fleet.bulkMoves.start({
      ...{ adminId: 1, chatId: 1, locale: "en" },
      ...{
        from: { kind: "xui", serverId: from.id },
        to: { kind: "xui", serverId: to.id },
        subscriptionIds: ids,
      },
    });
    await until(() => hosting.count("POST", `/api/v1/servers/${to.id}/clients`) >= 2, 20_000);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    const halfway = (await rooms.fleet.bulkMoves.counts(move.id))?.counts.moved ?? 0;
    expect(halfway).toBeLessThan(CUSTOMERS);

    await startWorker();
    // The dead worker's job lock and its customers' leases run out; the other takes the move over.
    await until(
      async () => (await rooms.fleet.bulkMoves.records.get(move.id))?.finishedAt !== undefined,
      100_000,
    );

    expect((await rooms.fleet.bulkMoves.counts(move.id))?.counts).toEqual({
      total: CUSTOMERS,
      moved: CUSTOMERS,
      skipped: 0,
      failed: 0,
    });
    expect(to.clients).toHaveLength(CUSTOMERS);
    expect(new Set(to.clients.map((c) => c.email)).size).toBe(CUSTOMERS);
    expect(from.clients).toHaveLength(0);
    for (const sub of await rooms.books.subscriptions.getMany(ids))
      expect(sub?.ref).toMatchObject({ kind: "xui", serverId: to.id });
    await until(() => ids.every((_, n) => movedNotices(9_700 + n).length > 0), 20_000);
    for (let n = 0; n < CUSTOMERS; n++) expect(movedNotices(9_700 + n)).toHaveLength(1);
  }, 150_000);
});
