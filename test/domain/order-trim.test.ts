import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderKeys } from "../../src/domain/books/index.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness();
});
afterAll(() => h.close());

/** What a finished order keeps: what the ledger, the stats and support read. */
const KEPT = [
  "id",
  "kind",
  "status",
  "customerId",
  "planId",
  "price",
  "currency",
  "locale",
  "subscriptionId",
  "invoiceAmount",
  "chargeId",
  "error",
  "createdAt",
  "updatedAt",
  "paidAt",
  "finishedAt",
  "deliveredAt",
];

/** An order paid from the wallet, placed on a server (its ref fixed), being provisioned. */
async function provisioning(customerId: number) {
  const { orders, wallet } = h.rooms.books;
  const { shop, cashier } = h.rooms.sales;
  await wallet.credit(customerId, 150, `gift:${customerId}`, { kind: "admin-credit" });
  const started = await shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const id = started.order.id;
  expect(await cashier.payFromBalance(customerId, id)).toMatchObject({ status: "paid" });
  await orders.transition(id, ["paid"], "provisioning");
  const ref = {
    kind: "xui",
    serverId: 101,
    name: `c${customerId}-x`,
    uuid: crypto.randomUUID(),
    subId: "abc",
  };
  await orders.fixOnce(id, "ref", JSON.stringify(ref));
  await orders.stampOnce(id, "delayNoticeAt");
  await orders.countAttempt(id);
  return id;
}

describe("a finished order keeps only what the ledger and support need", () => {
  it("an active order drops its placement and retry fields, compactly, and still reads for support", async () => {
    const { orders, wallet } = h.rooms.books;
    const id = await provisioning(7701);
    expect(Object.keys(await h.redis.hgetall(orderKeys.order(id)))).toContain("ref");
    await orders.transition(id, ["provisioning"], "active", { subscriptionId: `s${id.slice(1)}` });

    const stored = await h.redis.hgetall(orderKeys.order(id));
    expect(Object.keys(stored).filter((f) => !KEPT.includes(f))).toEqual([]);
    // Rewritten, not only pruned: Redis keeps a small hash in its compact encoding only then.
    expect(await h.redis.object("ENCODING", orderKeys.order(id))).toBe("listpack");
    expect(await orders.get(id)).toMatchObject({
      id,
      kind: "purchase",
      status: "active",
      customerId: 7701,
      planId: "de-xui",
      price: 150,
      subscriptionId: `s${id.slice(1)}`,
    });
    expect((await orders.ofCustomer(7701)).map((o) => o.id)).toEqual([id]);
    // The ledger entry of the purchase still names the order.
    expect((await wallet.applied(`order:${id}`))?.ref).toBe(id);
    // The delivery stamp still lands (it comes after the move to active).
    await orders.update(id, { deliveredAt: 1 });
    expect((await orders.get(id))?.deliveredAt).toBe(1);
  });

  it("a refunded order is trimmed too, keeping its error for support and its client identity", async () => {
    const { orders, wallet } = h.rooms.books;
    const { fulfilment } = h.rooms.settlement;
    const id = await provisioning(7702);
    await orders.transition(id, ["provisioning"], "failed", { error: "server refused" });
    await fulfilment.resumeRefund(id);

    const stored = await h.redis.hgetall(orderKeys.order(id));
    expect(stored.status).toBe("refunded");
    // An admin may send it back to be provisioned: it keeps the client it would look for.
    expect(
      Object.keys(stored)
        .filter((f) => !KEPT.includes(f))
        .sort(),
    ).toEqual(["clientName", "clientUuid"]);
    expect(await orders.get(id)).toMatchObject({ status: "refunded", error: "server refused", price: 150 });
    expect(await wallet.balance(7702)).toBe(150);
  });
});
