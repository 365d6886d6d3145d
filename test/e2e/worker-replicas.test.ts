import { Queue } from "bullmq";
import { describe, expect, it } from "vitest";
import { MAINTENANCE_QUEUE } from "../../src/workers/maintenance.js";
import { OUTBOX_QUEUE } from "../../src/workers/outbox.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { until, untilValue } from "../helpers/wait.js";
import { workerRig } from "./worker-rig.js";

// Two worker processes (ROLE=worker) of the built app on one Redis; the test pays orders through
// the shop's own services on that Redis, as the bot would.
const rig = workerRig({
  token: "464646:E2E-workers-token-for-the-fake-api",
  secretByte: 8,
  catalogPrefix: "bot-e2e-workers-",
});
const { telegram, hosting, running, startWorker } = rig;
let nextCustomer = 9401;

/** A customer with money who bought the plan and paid from the wallet (the order is queued). */
async function paidOrder(): Promise<{ customerId: number; orderId: string }> {
  const customerId = nextCustomer++;
  await rig.rooms.books.customers.seen({ id: customerId, firstName: `W${customerId}`, locale: "en" });
  await rig.rooms.books.wallet.credit(customerId, 1000, `seed:${customerId}`, { kind: "admin-credit" });
  const started = await rig.rooms.sales.shop.startPurchase(customerId, "de", "en");
  if (!started.ok) throw new Error(started.reason);
  const paid = await rig.rooms.sales.cashier.payFromBalance(customerId, started.order.id);
  expect(paid.status).toBe("paid");
  return { customerId, orderId: started.order.id };
}

const untilActive = (orderId: string, timeoutMs: number) =>
  untilValue(
    () => rig.redis.hget(`order:${orderId}`, "status"),
    (s) => s === "active",
    timeoutMs,
  );
const deliveries = (chat: number) =>
  telegram.calls.filter(
    (c) => c.method === "sendMessage" && c.chatId === chat && String(c.params.text).includes("vless://"),
  );
const clientsOnHosting = () => [...hosting.servers.values()].flatMap((s) => s.clients);

describe("two worker processes on one Redis", () => {
  it("one killed (SIGKILL) in the middle of an order: the other finishes it, one client, one delivery", async () => {
    const first = await startWorker();
    // The hosting side is slow to create the client: the order's job is running when its worker dies.
    hosting.delayNext("POST", `/api/v1/servers/${rig.serverId}/clients`, 3_000);
    const { customerId, orderId } = await paidOrder();
    await until(() => hosting.count("POST", `/api/v1/servers/${rig.serverId}/clients`) === 1, 15_000);
    // Killed at once: starting the other process first could take longer than the slow create
    // on a loaded machine, and the first would finish the order before dying.
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    const second = await startWorker();
    // The dead worker's lock runs out and the other's stalled check takes the job over.
    await untilActive(orderId, 40_000);
    await until(() => deliveries(customerId).length > 0, 10_000);

    expect(clientsOnHosting()).toHaveLength(1);
    expect(await rig.redis.zcard(`subs:customer:${customerId}`)).toBe(1);
    expect(deliveries(customerId)).toHaveLength(1);
    // Taken over as a stalled job (not a retry after a failure).
    const job = await rig.queue.queue.getJob(orderId);
    expect(job?.stalledCounter).toBe(1);
    expect(job?.attemptsStarted).toBe(2);
    expect(second.child.exitCode).toBeNull();
  }, 90_000);

  it("orders paid at once are each run once, and a reminder due is sent once whichever worker runs it", async () => {
    if (running.filter((p) => p.child.exitCode === null && p.child.signalCode === null).length < 2)
      await startWorker();
    const before = clientsOnHosting().length;
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    for (const { orderId } of orders) await untilActive(orderId, 20_000);
    await until(() => orders.every(({ customerId }) => deliveries(customerId).length > 0), 10_000);
    expect(clientsOnHosting().length - before).toBe(orders.length);
    for (const { customerId } of orders) expect(deliveries(customerId)).toHaveLength(1);
    // Each job completed at its first start: no order was run by both workers.
    await until(async () => {
      const states = await Promise.all(orders.map(({ orderId }) => rig.queue.queue.getJobState(orderId)));
      return states.every((s) => s === "completed");
    });
    for (const { orderId } of orders) {
      const job = await rig.queue.queue.getJob(orderId);
      expect([job?.attemptsStarted, job?.stalledCounter]).toEqual([1, 0]);
    }

    // One of them expiring in two days: due for its 3-day reminder. The task runs in both
    // workers at once (two jobs), as two schedulers' ticks might.
    const { customerId } = orders[0] ?? { customerId: 0 };
    const [subId = ""] = await rig.redis.zrange(`subs:customer:${customerId}`, "0", "-1");
    const expiresAt = Date.now() + 2 * 86_400_000;
    await rig.redis.hset(`sub:${subId}`, { createdAt: Date.now() - 28 * 86_400_000, expiresAt });
    await rig.redis.zadd("subs:expiry", expiresAt, subId);
    const mark = telegram.calls.length;
    const maintenance = new Queue(MAINTENANCE_QUEUE, { connection: rig.redis, prefix: QUEUE_PREFIX });
    const jobs = await Promise.all([maintenance.add("reminders", {}), maintenance.add("reminders", {})]);
    await until(async () => {
      const states = await Promise.all(jobs.map((j) => maintenance.getJobState(j.id ?? "")));
      return states.every((s) => s === "completed");
    }, 20_000);
    await maintenance.close();
    // Whatever the runs queued has gone out.
    const outbox = new Queue(OUTBOX_QUEUE, { connection: rig.redis, prefix: QUEUE_PREFIX });
    await until(
      async () => (await outbox.getJobCountByTypes("waiting", "active", "delayed", "prioritized")) === 0,
    );
    await outbox.close();
    const reminders = telegram.calls
      .slice(mark)
      .filter((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(reminders).toHaveLength(1);
    expect(String(reminders[0]?.params.text)).toContain("Germany");
  }, 90_000);
});
