import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { HOUR } from "../../src/runtime/clock.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 26: the maintenance gate attacked, in the chat and in the cabinet. While the shop is
 * closed, no crafted button, lookalike callback data, kept-message mark, admin prefix or group
 * chat gets past the gate to sell or move money, the refusal says nothing it should not (never
 * the admin behind it), the admins' message is text and never markup, and the cabinet answers
 * who is not let in (no session, blocked) as before, before it says anything of maintenance.
 */

const ADMIN = user(78_000, { first_name: "Boss", language_code: "en" });
const MALLORY = user(78_001, { first_name: "Mallory", language_code: "en" });
const CLOSED = "🛠 The shop is closed for maintenance.";
let h: WebappHarness;

beforeAll(async () => {
  h = await createWebappHarness({ adminIds: [ADMIN.id], rateLimit: false });
  await seedCustomer(h.t.deps, MALLORY.id, "en");
  await h.t.deps.books.wallet.credit(MALLORY.id, 1000, "seed-mallory", { kind: "topup", ref: "test" });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.t.redis.del(MAINTENANCE_KEY);
  await h.t.deps.catalog.maintenance.close({
    message: `<a href="https://evil.example">win</a> <script>alert(1)</script>`,
    endsAt: h.t.deps.clock.now() + HOUR,
    by: ADMIN.id,
  });
  h.t.telegram.clear();
});

describe("the chat gate", () => {
  it("lets no crafted button through to sell or move money", async () => {
    const forged = [
      "buy:go:de-xui",
      "buy:gift:de-xui",
      "ord:bal:o1",
      "ord:inv:o1",
      "ord:promo:o1",
      "wallet:top:100",
      "wallet:custom:0",
      "trial:go",
      "gift:cancel:ABCDEFGHJKLM",
      "giftok:ABCDEFGHJKLM:tok",
      "my:renew:s1",
      // Lookalikes of what stays open: a field more, another action, a kept-message mark.
      "my:card:s1:renew",
      "my:renew:s1:card",
      "wallet:hist:0:top",
      "menu:buy:my",
      "+wallet:top:100",
      "+my:renew:s1",
      "lang:ru:menu:buy",
      // An admin's data from a customer changes nothing either.
      "a.mnt:open:1",
      "a.mnt:auto:5",
    ];
    for (const data of forged) {
      h.t.telegram.clear();
      await h.t.send(callback(MALLORY, data));
      const answer = h.t.telegram.last("answerCallbackQuery")?.params.text;
      expect(answer === CLOSED || answer === "This action is for the shop's admins only.", data).toBe(true);
      expect(h.t.telegram.callsOf("sendInvoice"), data).toHaveLength(0);
    }
    expect(await h.t.deps.books.wallet.balance(MALLORY.id)).toBe(1000);
    expect(await h.t.deps.books.orders.ofCustomer(MALLORY.id)).toEqual([]);
    expect(await h.t.deps.catalog.maintenance.closed()).toMatchObject({ kind: "manual" });
    expect(await h.t.deps.catalog.settings.maintenanceAutoMinutes()).toBeUndefined();
  });

  it("shows the admins' message as text, never as markup, and never names the admin", async () => {
    await h.t.send(command(MALLORY, "/buy"));
    const text = String(h.t.telegram.last("sendMessage")?.params.text);
    expect(text).toContain(`&lt;a href="https://evil.example"&gt;win&lt;/a&gt;`);
    expect(text).toContain("&lt;script&gt;");
    expect(text).not.toContain("<a href");
    expect(text).not.toContain(String(ADMIN.id));
  });

  it("says nothing in a group (no notice to every message of its members)", async () => {
    const group = { id: -100_777, type: "group" as const, title: "Friends" };
    await h.t.send(textMessage(MALLORY, "hi all", group));
    await h.t.send(textMessage(MALLORY, "anyone?", group));
    expect(h.t.telegram.callsOf("sendMessage")).toHaveLength(0);
  });
});

describe("the cabinet's refusal", () => {
  const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

  it("answers who is not let in as before: no or forged initData 401, blocked 403, nothing of maintenance", async () => {
    for (const auth of [undefined, "tma forged", "Bearer nope"]) {
      const res = await h.api("/app/api/plans", { auth });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false });
    }
    const blocked = { id: 78_010, first_name: "B", language_code: "en" };
    await seedCustomer(h.t.deps, blocked.id, "en");
    await h.t.deps.books.customers.setBlocked(blocked.id, true);
    const res = await h.api("/app/api/orders", blocked, post({ plan_id: "de-xui" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ok: false, error: "blocked" });
  });

  it("carries only its own fields: the message as a plain string, never who closed the shop", async () => {
    const res = await h.api("/app/api/orders", MALLORY, post({ plan_id: "de-xui", extra: "x".repeat(5000) }));
    expect(res.status).toBe(503);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["ends_at", "ends_at_text", "error", "message", "ok", "title"]);
    expect(body.message).toBe(`<a href="https://evil.example">win</a> <script>alert(1)</script>`);
    expect(JSON.stringify(body)).not.toContain(String(ADMIN.id));
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
