import { Queue } from "bullmq";
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { MAINTENANCE_QUEUE } from "../../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { stopAll } from "../helpers/process.js";
import { until, untilValue } from "../helpers/wait.js";
import { workerRig } from "./worker-rig.js";

// Issue 26: the built app's worker processes (ROLE=worker) on one Redis at the auto-renew moment:
// two of them running the task at once, and one killed in the middle of its run and replaced. The
// test sets up customers through the shop's own services on that Redis, as the bot would.
const rig = workerRig({
  token: "262626:E2E-auto-renew-token-for-the-fake-api",
  secretByte: 6,
  catalogPrefix: "bot-e2e-autorenew-",
});
const { telegram, hosting, running, startWorker } = rig;
let nextCustomer = 26_601;

/** A customer with 400 in the wallet and a Germany subscription expiring in 12 hours, auto-renew on. */
async function dueSubscription() {
  const customerId = nextCustomer++;
  await rig.rooms.books.customers.seen({ id: customerId, firstName: `A${customerId}`, locale: "en" });
  await rig.rooms.books.wallet.credit(customerId, 400, `seed:${customerId}`, { kind: "admin-credit" });
  const name = `c${customerId}-e2e`;
  const expiresAt = Date.now() + 12 * HOUR;
  hosting.addClient(rig.serverId, { email: name, totalGb: 10, expiryMs: expiresAt });
  const sub = await rig.rooms.books.subscriptions.create(`oe2e${customerId}`, {
    customerId,
    planId: "de",
    ref: { kind: "xui", serverId: rig.serverId, name },
    links: { links: ["vless://e2e"], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: 10,
    devices: 0,
    trial: false,
  });
  expect(await rig.rooms.sales.autoRenew.set(customerId, sub.id, true)).toEqual({ ok: true, on: true });
  return { customerId, sub };
}

/** Runs the auto-renew task `n` times at once (as many schedulers' ticks); `wait`: until they ended. */
async function autoRenewJobs(n: number, wait = true): Promise<void> {
  const maintenance = new Queue(MAINTENANCE_QUEUE, { connection: rig.redis, prefix: QUEUE_PREFIX });
  const jobs = await Promise.all(Array.from({ length: n }, () => maintenance.add("auto-renew", {})));
  if (!wait) return maintenance.close();
  await until(async () => {
    const states = await Promise.all(jobs.map((j) => maintenance.getJobState(j.id ?? "")));
    return states.every((s) => s === "completed" || s === "failed");
  }, 40_000);
  await maintenance.close();
}

/** Charged once (one renewal debit), one active renewal, the term moved by the plan's 30 days once. */
async function renewedOnce(due: { customerId: number; sub: { id: string; expiresAt: number } }) {
  const active = await untilValue(
    async () => (await rig.rooms.books.orders.ofCustomer(due.customerId)).filter((o) => o.kind === "renewal"),
    (list) =>
      list.some((o) => o.status === "active") &&
      !list.some((o) => o.status === "paid" || o.status === "provisioning"),
    30_000,
  );
  expect(active.filter((o) => o.status === "active")).toHaveLength(1);
  const { entries } = await rig.rooms.books.wallet.history(due.customerId, 0, 50);
  expect(entries.filter((e) => e.kind === "renewal").map((e) => e.amount)).toEqual([-150]);
  expect(await rig.rooms.books.wallet.balance(due.customerId)).toBe(250);
  expect((await rig.rooms.books.subscriptions.get(due.sub.id))?.expiresAt).toBe(due.sub.expiresAt + 30 * DAY);
  const held = hosting.client(rig.serverId, `c${due.customerId}-e2e`)?.expiryMs ?? 0;
  expect(held).toBeGreaterThanOrEqual(due.sub.expiresAt + 30 * DAY - 1_000);
  expect(held).toBeLessThan(due.sub.expiresAt + 31 * DAY);
  // Its owner hears it once, whichever worker paid it.
  await until(() => noticesTo(due.customerId).length > 0, 10_000);
  expect(noticesTo(due.customerId)).toHaveLength(1);
}

const noticesTo = (chat: number) =>
  telegram.calls.filter(
    (c) =>
      c.method === "sendMessage" &&
      c.chatId === chat &&
      String(c.params.text).includes("renewed automatically"),
  );

describe("auto-renew in two worker processes", () => {
  it("both running the task at the auto-renew moment charge once and extend once", async () => {
    const due = await dueSubscription();
    await Promise.all([startWorker(), startWorker()]);
    // Each worker's scheduler ticks at its start too; two more runs at once on top.
    await autoRenewJobs(2);
    await renewedOnce(due);
  }, 90_000);

  it("a worker killed in the middle of its run and a new one started charge once and extend once", async () => {
    await stopAll(running, "SIGKILL");
    const due = await dueSubscription();
    const clientPath = `/api/v1/servers/${rig.serverId}/clients/c${due.customerId}-e2e`;
    // The run's read of the access is slow: the worker is killed while its run waits for it.
    hosting.delayNext("GET", clientPath, 4_000);
    const reads = hosting.count("GET", clientPath);
    const first = await startWorker();
    await autoRenewJobs(1, false);
    await until(() => hosting.count("GET", clientPath) > reads, 20_000);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await startWorker();
    // The killed run's job is taken over as stalled; the new worker's ticks and one more run too.
    await autoRenewJobs(1);
    await renewedOnce(due);
  }, 90_000);
});
