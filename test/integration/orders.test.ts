import { describe, expect, it } from "vitest";
import { OrderUndecidedError } from "../../src/domain/settlement/index.js";
import { html } from "../../src/render/format.js";
import { DAY } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { ORDERS_ADMIN as ADMIN, ordersHarness } from "../helpers/orders-harness.js";
import { sleep, untilValue } from "../helpers/wait.js";

const h = ordersHarness();
const { accountFake, panelFake, nodeFake, telegram, clock, startWorker, paidOrder, untilStatus } = h;

describe("orders through real BullMQ workers", () => {
  it("xui: provisions one client, stores the subscription and sends links and a QR code", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const server = accountFake.serverState(h.xuiServers[0] ?? 0);
    const mine = server.clients.filter((c) => c.email.startsWith(`c${customerId}-`));
    expect(mine).toHaveLength(1);
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    expect(sub?.ref).toMatchObject({ kind: "xui", serverId: server.id, name: mine[0]?.email });
    expect(sub?.links[0]).toMatch(/^vless:\/\//);
    expect(sub?.expiresAt).toBe(clock.now() + 30 * DAY);
    const delivery = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(String(delivery.params.text)).toContain("Your VPN is ready: Germany");
    expect(String(delivery.params.text)).toContain("<code>vless://");
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === customerId);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(850);
  });

  it("panel: the same UUID on both locations and the main panel's one subscription URL", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("multi");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    const name = sub?.ref.name ?? "";
    const main = panelFake.clientAt("main", name);
    const second = panelFake.clientAt("2", name);
    expect(main?.uuid).toBeDefined();
    expect(second?.uuid).toBe(main?.uuid);
    expect(sub?.subscriptionUrl).toBe(panelFake.combinedSubUrl(main?.uuid ?? ""));
  });

  it("node: a client on the master and its /sub/{uuid} link", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    const client = nodeFake.clients.get(sub?.ref.name ?? "");
    expect(client).toBeDefined();
    expect(sub?.subscriptionUrl).toBe(`https://sub.node.test:2096/sub/${client?.uuid}`);
  });

  it("a hosting API answering 503 then recovering completes the order without duplicates", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.failNext("POST", "(/api)?/create", fail(503, "temporarily unavailable"), 1);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    const mine = [...nodeFake.clients.values()].filter((c) => c.name === sub?.ref.name);
    expect(mine).toHaveLength(1);
    const creates = nodeFake.seen.filter(
      (r) =>
        r.method === "POST" &&
        /\/create$/.test(r.path) &&
        (r.body as { name?: string }).name === sub?.ref.name,
    );
    expect(creates).toHaveLength(2);
    // The delivery, after one "taking longer, your payment is safe" notice for the failed attempt
    // (the delivery message may leave a moment after the order went active: wait for it).
    await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" &&
        c.chatId === customerId &&
        String(c.params.text).includes("Your VPN is ready"),
    );
    const texts = telegram
      .callsOf("sendMessage")
      .filter((c) => c.chatId === customerId)
      .map((c) => String(c.params.text));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("Your payment is safe");
    expect(texts[1]).toContain("Your VPN is ready");
  });

  it("a final failure refunds the wallet once and tells the customer and the admins", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    // One refusal per attempt (the queue allows 3).
    nodeFake.failNext("POST", "(/api)?/create", fail(503, "down"), 3);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000);
    const kinds = (await h.rooms.books.wallet.history(customerId, 0, 10)).entries.map((e) => e.kind);
    expect(kinds).toEqual(["refund", "purchase", "admin-credit"]);
    const told = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).startsWith("😔"),
    );
    expect(String(told.params.text)).toContain("120 ⭐ went back to your wallet");
    const alert = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ADMIN);
    expect(String(alert.params.text)).toContain(`Order ${orderId} failed`);
  });

  it("a panel create failing on one location is completed by the retry without duplicates", async () => {
    startWorker();
    // Reachable when it was sold (an offline location is not sold: sales/delivery.ts), then not.
    const { customerId, orderId } = await paidOrder("multi");
    panelFake.setUnreachable("2", true);
    await h.queue.enqueue(orderId);
    await untilValue(
      () => h.rooms.books.orders.get(orderId),
      (o) => Boolean(o?.error),
    );
    panelFake.setUnreachable("2", false);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    const name = sub?.ref.name ?? "";
    expect(panelFake.clientsAt("main").filter((c) => c.name === name)).toHaveLength(1);
    expect(panelFake.clientsAt("2").filter((c) => c.name === name)).toHaveLength(1);
    expect(panelFake.clientAt("2", name)?.uuid).toBe(panelFake.clientAt("main", name)?.uuid);
  });

  it("a stalled job run again while its first run goes on waits; giving the order up meanwhile decides nothing", async () => {
    const { customerId, orderId } = await paidOrder("node");
    const { fulfilment } = h.rooms.settlement;
    // The first run's create is slow: the job's lock runs out and another worker runs it again.
    nodeFake.delayNext("POST", "(/api)?/create", 300);
    const first = fulfilment.fulfil(orderId);
    await untilValue(
      async () => nodeFake.countAny("POST", "/create"),
      (n) => n > 0,
    );
    const again = await fulfilment.fulfil(orderId);
    expect(again.outcome).toBe("waiting");
    // The second run fails and the worker gives the order up: not while the first one runs.
    await expect(fulfilment.fail(orderId, "given up")).rejects.toBeInstanceOf(OrderUndecidedError);
    expect((await first).outcome).toBe("active");
    expect(await h.orderStatus(orderId)).toBe("active");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 120);
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    expect(sub?.removedAt).toBeUndefined();
    expect(nodeFake.clients.has(sub?.ref.name ?? "")).toBe(true);
  });

  it("an order interrupted by a restart is resumed and finished exactly once", async () => {
    // The process died after the payment and the placement, before the client was made.
    const { customerId, orderId } = await paidOrder("node");
    await h.rooms.books.orders.transition(orderId, ["paid"], "provisioning");
    const order = await h.rooms.books.orders.get(orderId);
    await h.rooms.books.orders.fixOnce(
      orderId,
      "ref",
      JSON.stringify({ kind: "node", name: order?.clientName }),
    );
    expect(await h.rooms.books.orders.openIds()).toContain(orderId);

    const restarted = startWorker();
    expect(await restarted.resume()).toBeGreaterThanOrEqual(1);
    await untilStatus(orderId, "active");
    expect([...nodeFake.clients.values()].filter((c) => c.name === order?.clientName)).toHaveLength(1);
    expect(await h.rooms.books.orders.openIds()).not.toContain(orderId);
    // Resuming again (another restart) changes nothing and sends nothing twice.
    await restarted.resume();
    await sleep(200);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(1);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(880);
  });

  it("renewal keeps the remaining time and goes to an absolute target", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("multi");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const renewal = await h.rooms.sales.shop.startRenewal(customerId, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    expect((await h.rooms.sales.cashier.payFromBalance(customerId, renewal.order.id)).status).toBe("paid");
    await h.queue.enqueue(renewal.order.id);
    await untilStatus(renewal.order.id, "active");
    const target = sub.expiresAt + 30 * DAY;
    const renewed = await h.rooms.books.subscriptions.get(sub.id);
    expect(Math.abs((renewed?.expiresAt ?? 0) - target)).toBeLessThan(2_000);
    const patches = panelFake.seen.filter((r) => r.method === "PATCH");
    expect(patches.length).toBeGreaterThanOrEqual(2);
    for (const p of patches.slice(-2)) {
      expect(p.body).toHaveProperty("expires_at");
      expect(p.body).not.toHaveProperty("days");
    }
    expect(Math.abs(Number(panelFake.clientAt("2", sub.ref.name)?.expiresAt) * 1000 - target)).toBeLessThan(
      2_000,
    );
  });

  it("a trial is provisioned once and a failed trial can be taken again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui", "trial");
    expect((await h.rooms.sales.shop.startTrial(customerId, "en")).ok).toBe(false);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    expect(sub?.trial).toBe(true);
    expect(sub?.expiresAt).toBe(clock.now() + DAY);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000);
  });

  it("an order sent back by an admin after its job finished runs again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.failNext("POST", "(/api)?/create", fail(400, "bad_request"), 1);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    // What the admin's Retry does for an order whose refund did not complete: back to paid.
    await h.rooms.books.orders.update(orderId, { status: "failed" });
    expect(await h.rooms.books.orders.transition(orderId, ["failed"], "paid")).toBe(true);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    expect((await h.rooms.books.subscriptions.ofCustomer(customerId)).length).toBe(1);
  });

  it("a delivery Telegram refused is sent on the retry, once, without provisioning again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    telegram.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await h.queue.enqueue(orderId);
    await untilValue(
      async () => telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId).length,
      (n) => n === 2,
    );
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === customerId);
    await untilValue(
      () => h.rooms.books.orders.get(orderId),
      (o) => o?.deliveredAt !== undefined,
    );
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    const creates = nodeFake.seen.filter(
      (r) =>
        r.method === "POST" &&
        /\/create$/.test(r.path) &&
        (r.body as { name?: string }).name === sub?.ref.name,
    );
    expect(creates).toHaveLength(1);
    await sleep(200);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(2);
  });

  it("xui: a client whose create answer was lost is made again so the customer gets links", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    const order = await h.rooms.books.orders.get(orderId);
    const serverId = h.xuiServers[0] ?? 0;
    // An earlier attempt created the client, then died before it could read the answer.
    await h.rooms.books.orders.fixOnce(
      orderId,
      "ref",
      JSON.stringify({ kind: "xui", serverId, name: order?.clientName }),
    );
    accountFake.addClient(serverId, { email: order?.clientName ?? "", enable: true });
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    expect(sub?.links[0]).toMatch(/^vless:\/\//);
    const mine = accountFake.serverState(serverId).clients.filter((c) => c.email === order?.clientName);
    expect(mine).toHaveLength(1);
    expect(sub?.links[0]).toContain(mine[0]?.uuid ?? "missing");
  });

  it("xui: a renewal keeps the links the customer has and sends them again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const renewal = await h.rooms.sales.shop.startRenewal(customerId, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    await h.rooms.sales.cashier.payFromBalance(customerId, renewal.order.id);
    await h.queue.enqueue(renewal.order.id);
    await untilStatus(renewal.order.id, "active");
    const renewed = await h.rooms.books.subscriptions.get(sub.id);
    expect(renewed?.links).toEqual(sub.links);
    const notice = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).startsWith("🔄"),
    );
    expect(String(notice.params.text)).toContain(html(sub.links[0] ?? "missing"));
  });
});
