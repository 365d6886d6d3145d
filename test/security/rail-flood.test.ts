import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { railNotifications } from "../../src/http/payments.js";
import { closeServer, createHttpServer, listen } from "../../src/http/server.js";
import { RateBudgets } from "../../src/store/rate-budget.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { captureLogs } from "../helpers/log-capture.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * A flood of notifications at POST /payments/<rail> (each costs a read-back from the rail's API):
 * one client address gets its budget (120 a minute in the app; 5 an hour here), then 429 with Retry-After and its
 * body unread; other addresses, and the genuine notifications among them, go on.
 */

const RUB_CATALOG: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const ASK = { returnUrl: "https://t.me/shop_bot", description: "Germany" };

const BUDGET = { capacity: 5, refillMs: 3_600_000 };
let h: WorkerHarness;
let server: Server;
let base: string;
const rail = new MemoryRail({ id: "memrail" });
const logs = captureLogs("debug");

beforeAll(async () => {
  h = await createWorkerHarness({ catalog: RUB_CATALOG, rails: [rail] });
  server = createHttpServer({
    logger: logs.logger,
    healthy: async () => true,
    payments: railNotifications(h.rooms.settlement.railPayments, logs.logger, {
      budgets: new RateBudgets(h.redis, "payments:rate:"),
      // One proxy in front: the client is the last X-Forwarded-For hop (the tests pick it).
      trustedProxies: 1,
      budget: BUDGET,
    }),
  });
  const address: AddressInfo = await listen(server, "127.0.0.1", 0);
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await closeServer(server);
  await h.close();
});

const post = (from: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/payments/memrail`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
  });

describe("POST /payments/<rail>: the flood limit", () => {
  it("answers 429 with Retry-After past one address's budget, and still credits a genuine one from another", async () => {
    const forged = JSON.stringify({ id: "not-a-payment" });
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET.capacity; i++)
      statuses.push((await post("203.0.113.7", forged, { "x-signature": "forged" })).status);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const refused = await post("203.0.113.7", forged, { "x-signature": "forged" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(logs.lines().some((l) => String(l.msg).includes("past their budget"))).toBe(true);

    const customer = 8300;
    const started = await h.rooms.sales.shop.startPurchase(customer, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const asked = await h.rooms.settlement.railPayments.payOrder(customer, started.order.id, rail.id, ASK);
    if (!asked.ok) throw new Error(asked.reason);
    rail.pay(asked.paymentId);
    const genuine = rail.notification(asked.paymentId);
    // The flooding address is refused even with a genuine notification: the poll credits it.
    expect((await post("203.0.113.7", genuine.body, genuine.headers as Record<string, string>)).status).toBe(
      429,
    );
    expect((await post("198.51.100.9", genuine.body, genuine.headers as Record<string, string>)).status).toBe(
      200,
    );
    expect((await h.rooms.books.orders.get(started.order.id))?.status).toBe("paid");
  });
});
