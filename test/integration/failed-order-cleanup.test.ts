import { describe, expect, it } from "vitest";
import { fail } from "../fakes/http-fake.js";
import type { TelegramCall } from "../fakes/telegram-api.js";
import { ORDERS_ADMIN as ADMIN, ordersHarness } from "../helpers/orders-harness.js";

const h = ordersHarness();
const { panelFake, nodeFake, telegram, startWorker, paidOrder, paidRenewal, untilStatus } = h;

const textOf = (c: TelegramCall) => String(c.params.text);
const toAdmin = (c: TelegramCall) => c.method === "sendMessage" && c.chatId === ADMIN;

/** A paid multi-location order whose main-panel create is refused for good (400) on every attempt. */
async function mainRefusesForGood() {
  panelFake.failNext("POST", "/api/create", fail(400, "unknown inbound 1"), 5);
  const { customerId, orderId } = await paidOrder("multi");
  const order = await h.rooms.books.orders.get(orderId);
  return { customerId, orderId, name: order?.clientName ?? "" };
}

describe("a failed order removes what it created", () => {
  it("a multi-location order failing on main for good leaves no client on the second location", async () => {
    startWorker();
    const { orderId, name } = await mainRefusesForGood();
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    // The admins' alert goes out once the failure (clean-up included) is done.
    await telegram.waitFor(toAdmin);
    // The second location had created it (the create is not atomic).
    expect(panelFake.count("POST", "/api/fed/lproxy/2/create")).toBeGreaterThanOrEqual(1);
    expect(panelFake.clientAt("2", name)).toBeUndefined();
    expect(panelFake.clientAt("main", name)).toBeUndefined();
  });

  it("a client that cannot be removed is reported to the admins as an orphan, with where it is", async () => {
    startWorker();
    const { orderId, name } = await mainRefusesForGood();
    panelFake.failNext("DELETE", "/api/fed/lproxy/2/clients/.+", fail(403, "forbidden"), 5);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    const alert = textOf(await telegram.waitFor(toAdmin));
    expect(panelFake.clientAt("2", name)).toBeDefined();
    expect(alert).toContain(name);
    expect(alert).toContain("could not be removed");
    expect(alert).toContain("main, 2");
  });
});

describe("failure alerts say what failed in words", () => {
  it("the admin alert names the failure in words, without the API path", async () => {
    startWorker();
    const { orderId } = await mainRefusesForGood();
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    const alert = textOf(await telegram.waitFor(toAdmin));
    expect(alert).toContain(
      `Order ${orderId} failed: the panel refused to create the client (400 unknown inbound 1)`,
    );
    expect(alert).not.toContain("/create");
    expect(alert).not.toContain("->");
  });

  it("a failed renewal tells the customer their subscription keeps its term, not the purchase wording", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    // The purchase's own delivery goes out after the order went active: wait for it before clearing.
    await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    telegram.clear();
    nodeFake.failNext("PATCH", "(/api)?/(edit|clients/.+)", fail(400, "bad_request"), 5);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilStatus(renewal, "refunded");
    const told = textOf(await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId));
    expect(told).not.toContain("We could not set up your VPN access");
    expect(told).toContain("could not renew «Node»");
    expect(told).toContain("120 ⭐ went back to your wallet");
    expect(told).toContain("keeps its current term");
    const alert = textOf(await telegram.waitFor(toAdmin));
    expect(alert).toContain(`Renewal ${renewal} of subscription ${sub.id} failed`);
    // A renewal never removes the customer's client.
    expect(nodeFake.clients.get(sub.ref.name)).toBeDefined();
  });
});
