import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { railChargeId } from "../../src/domain/settlement/index.js";
import { railNotifications } from "../../src/http/payments.js";
import { closeServer, createHttpServer, listen } from "../../src/http/server.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { captureLogs } from "../helpers/log-capture.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const RUB_CATALOG: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const ASK = { returnUrl: "https://t.me/shop_bot", description: "Germany" };

let h: WorkerHarness;
let server: Server;
let base: string;
const rail = new MemoryRail({ id: "memrail" });
const logs = captureLogs("debug");
let payer = 8100;

beforeAll(async () => {
  h = await createWorkerHarness({ catalog: RUB_CATALOG, rails: [rail] });
  server = createHttpServer({
    logger: logs.logger,
    healthy: async () => true,
    payments: railNotifications(h.rooms.settlement.railPayments, logs.logger),
  });
  const address: AddressInfo = await listen(server, "127.0.0.1", 0);
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await closeServer(server);
  await h.close();
});

/** A purchase asked on the rail and paid there (the notification not sent yet). */
async function paidCheckout() {
  const customer = payer++;
  const started = await h.rooms.sales.shop.startPurchase(customer, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const asked = await h.rooms.settlement.railPayments.payOrder(customer, started.order.id, rail.id, ASK);
  if (!asked.ok) throw new Error(asked.reason);
  rail.pay(asked.paymentId);
  return { order: started.order, paymentId: asked.paymentId };
}

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

const status = async (orderId: string) => (await h.rooms.books.orders.get(orderId))?.status;

describe("POST /payments/<rail>", () => {
  it("credits a genuine notification and answers 200 once it is stored", async () => {
    const { order, paymentId } = await paidCheckout();
    const n = rail.notification(paymentId);
    const res = await post("/payments/memrail", n.body, n.headers as Record<string, string>);
    expect(res.status).toBe(200);
    expect(await status(order.id)).toBe("paid");
    // Delivered again: acknowledged, nothing more.
    expect((await post("/payments/memrail", n.body, n.headers as Record<string, string>)).status).toBe(200);
  });

  it("refuses a forged signature, a missing one and a body changed after signing (401), crediting nothing", async () => {
    const { order, paymentId } = await paidCheckout();
    const forged = rail.notification(paymentId, true);
    expect(
      (await post("/payments/memrail", forged.body, forged.headers as Record<string, string>)).status,
    ).toBe(401);
    expect((await post("/payments/memrail", forged.body)).status).toBe(401);
    const genuine = rail.notification(paymentId);
    const altered = genuine.body.replace(paymentId, `${paymentId} `);
    expect((await post("/payments/memrail", altered, genuine.headers as Record<string, string>)).status).toBe(
      401,
    );
    expect(await status(order.id)).toBe("awaiting_payment");
    expect(await h.rooms.settlement.paymentInbox.get(railChargeId(rail.id, paymentId))).toBeUndefined();
  });

  it("answers 404 for a rail the shop does not have and for path tricks, 405 for other methods", async () => {
    expect((await post("/payments/stripe", "{}")).status).toBe(404);
    expect((await post("/payments/", "{}")).status).toBe(404);
    expect((await post("/payments/memrail/extra", "{}")).status).toBe(404);
    expect((await post("/payments/memrail%2F..%2Fx", "{}")).status).toBe(404);
    expect((await post("/payments/MEMRAIL", "{}")).status).toBe(404);
    expect((await fetch(`${base}/payments/memrail`)).status).toBe(405);
  });

  it("refuses a body larger than a provider sends (413) without reading it all", async () => {
    const res = await post("/payments/memrail", "x".repeat(200 * 1024));
    expect(res.status).toBe(413);
  });

  it("answers 500 when the payment could not be stored, so the provider sends it again", async () => {
    const { order, paymentId } = await paidCheckout();
    const record = vi
      .spyOn(h.rooms.settlement.paymentInbox, "record")
      .mockRejectedValueOnce(new Error("redis down"));
    const n = rail.notification(paymentId);
    expect((await post("/payments/memrail", n.body, n.headers as Record<string, string>)).status).toBe(500);
    record.mockRestore();
    expect(await status(order.id)).toBe("awaiting_payment");
    expect((await post("/payments/memrail", n.body, n.headers as Record<string, string>)).status).toBe(200);
    expect(await status(order.id)).toBe("paid");
  });

  it("never writes a notification's signature into the logs", async () => {
    const { paymentId } = await paidCheckout();
    const forged = rail.notification(paymentId, true);
    await post("/payments/memrail", forged.body, forged.headers as Record<string, string>);
    const genuine = rail.notification(paymentId);
    await post("/payments/memrail", genuine.body, genuine.headers as Record<string, string>);
    const text = logs.raw().join("\n");
    expect(text).toContain("refused");
    expect(text).not.toContain(genuine.headers["x-signature"] ?? "none");
  });
});
