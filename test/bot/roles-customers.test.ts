import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffIndexOf } from "../../src/bot/staff.js";
import type { Order } from "../../src/domain/books/index.js";
import type { AuditEntry, Role } from "../../src/domain/staff/index.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 28, customers and money, through the chat: each role (owner, admin, support, viewer)
 * against the Customers section, the failed orders, Stars refunds and the rails' choices. What a
 * role may do works and is recorded; what it may not is answered "not for your role", changes
 * nothing and leaves a `refused` entry, whatever button data is pressed (forged included) and
 * however the dialog began (a role lowered while it was open refuses its next step).
 */

const OWNER = user(28_100, { first_name: "Owner", language_code: "en" });
const ADMIN = user(28_101, { first_name: "Ada", language_code: "en" });
const SUPPORT = user(28_102, { first_name: "Sam", language_code: "en" });
const VIEWER = user(28_103, { first_name: "Vic", language_code: "en" });
const VIEWER_RU = user(28_104, { first_name: "Вика", language_code: "ru" });
const STAFF: [User, Role][] = [
  [ADMIN, "admin"],
  [SUPPORT, "support"],
  [VIEWER, "viewer"],
  [VIEWER_RU, "viewer"],
];
const REFUSED = "⛔ Your staff role does not allow this.";

const yoo = new MemoryRail({
  id: "yookassa",
  name: "YooKassa",
  choices: [{ key: "receipts", kind: "flag", default: false }],
  emailFlag: "receipts",
});
let t: TestBot;
let nextCustomer = 28_200;

async function setRole(who: User, role: Role | undefined): Promise<void> {
  await t.deps.staff.roster.setRole(OWNER.id, who.id, role);
  await staffIndexOf(t.deps.staff.roster).refresh();
}

beforeAll(async () => {
  t = await createTestBot({ adminIds: [OWNER.id], rails: [yoo] });
  for (const [who, role] of STAFF) await setRole(who, role);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const [who, role] of STAFF) await setRole(who, role);
  for (const who of [OWNER, ...STAFF.map(([u]) => u)]) await t.send(command(who, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, OWNER);
const { lastShown, button, lastAnswer, textsTo } = telegramViews(() => t);

async function newCustomer(balance = 0): Promise<number> {
  const id = nextCustomer++;
  await t.deps.books.customers.seen({ id, firstName: `C${id}`, locale: "en" });
  if (balance > 0) await t.deps.books.wallet.credit(id, balance, `seed:${id}`, { kind: "topup" });
  return id;
}

async function audited(customerId: number, action?: string): Promise<AuditEntry[]> {
  const { entries } = await t.deps.staff.audit.page({ subject: `customer:${customerId}` }, 0, 100);
  return action ? entries.filter((e) => e.action === action) : entries;
}

/** What was done (not refused) to `customer:<id>`, of one action. */
async function done(customerId: number, action: string): Promise<AuditEntry[]> {
  return (await audited(customerId, action)).filter((e) => e.outcome !== "refused");
}

/** The refusals recorded of `who`, as `action` strings. */
async function refusalsOf(who: User): Promise<string[]> {
  const { entries } = await t.deps.staff.audit.page({ actorId: who.id }, 0, 100);
  return entries.filter((e) => e.outcome === "refused").map((e) => e.action);
}

/** `who` was told the press is not for their role (an alert on the button). */
function refusedAlert(): void {
  expect(lastAnswer()).toMatchObject({ text: REFUSED, show_alert: true });
}

/** Runs the credit dialog as `who` up to its confirmation; returns the confirm button's data. */
async function proposeCredit(who: User, customerId: number, amount = "100"): Promise<string> {
  await press(`a.c:credit:${customerId}:`, who);
  await say(amount, who);
  await say("Outage compensation", who);
  return button("✅ Confirm");
}

async function cardButtons(who: User, customerId: number): Promise<string[]> {
  await press(`a.c:card:${customerId}:`, who);
  return lastShown().buttons.map((b) => b.text);
}

describe("the customer card shows each role only what it may do", () => {
  it("owner and admin: credit, debit, block, write; support: block and write; viewer: only views", async () => {
    const id = await newCustomer();
    const views = ["📒 Ledger", "🔑 Subscriptions", "🧾 Orders", "🔄 Refresh", "« Customers", "« Admin menu"];
    const all = ["➕ Credit", "➖ Debit", "⛔ Block", "✉️ Write to customer"];
    expect(await cardButtons(OWNER, id)).toEqual([...views.slice(0, 3), ...all, ...views.slice(3)]);
    expect(await cardButtons(ADMIN, id)).toEqual([...views.slice(0, 3), ...all, ...views.slice(3)]);
    expect(await cardButtons(SUPPORT, id)).toEqual([
      ...views.slice(0, 3),
      "⛔ Block",
      "✉️ Write to customer",
      ...views.slice(3),
    ]);
    expect(await cardButtons(VIEWER, id)).toEqual(views);
    const ru = await cardButtons(VIEWER_RU, id);
    expect(ru).not.toContain("➕ Начислить");
    expect(ru).not.toContain("✉️ Написать клиенту");
  });

  it("charge again and retry buttons only for roles with money; rails' toggles only with catalog", async () => {
    const id = await newCustomer();
    const failed = await failedOrder(id);
    await press(`a.c:orders:${id}:`, ADMIN);
    expect(lastShown().buttons.map((b) => b.text)).toContain(`🔁 Retry ${failed}`);
    await press(`a.c:orders:${id}:`, SUPPORT);
    expect(lastShown().buttons.map((b) => b.text)).not.toContain(`🔁 Retry ${failed}`);
    await press("a.o:list:0", VIEWER);
    expect(lastShown().text).toContain(failed);
    expect(lastShown().buttons.some((b) => b.data.startsWith("a.o:retry:"))).toBe(false);

    await press("a.rl:view::0:0", ADMIN);
    expect(lastShown().buttons.some((b) => b.data.startsWith("a.rl:flag:"))).toBe(true);
    await press("a.rl:view::0:0", SUPPORT);
    expect(lastShown().text).toContain("YooKassa");
    expect(lastShown().buttons.some((b) => b.data.startsWith("a.rl:flag:"))).toBe(false);
  });
});

describe("money: credit and debit", () => {
  it("an admin's credit works and is recorded with the balance before and after", async () => {
    const id = await newCustomer(50);
    await press(await proposeCredit(ADMIN, id), ADMIN);
    expect(lastShown().text).toContain("✅ Credited 100 ⭐. Balance: 150 ⭐.");
    expect(await audited(id, "wallet.credit")).toEqual([
      expect.objectContaining({ actorId: ADMIN.id, role: "admin", before: "50 XTR", after: "150 XTR" }),
    ]);
  });

  it("support and viewer cannot open the credit dialog: refused, recorded, nothing asked", async () => {
    const id = await newCustomer();
    for (const who of [SUPPORT, VIEWER]) {
      t.telegram.clear();
      await press(`a.c:credit:${id}:`, who);
      refusedAlert();
      expect(textsTo(who.id)).toEqual([]);
      expect(await refusalsOf(who)).toContain("wallet.credit");
    }
  });

  it("a viewer pressing a real credit confirmation's data changes nothing", async () => {
    const id = await newCustomer();
    const confirm = await proposeCredit(ADMIN, id);
    await press(confirm, VIEWER);
    refusedAlert();
    expect(await t.deps.books.wallet.balance(id)).toBe(0);
    expect(await audited(id, "wallet.credit")).toEqual([]);
    expect(await refusalsOf(VIEWER)).toContain("wallet.adjust");
    // The admin's own confirmation still works afterwards.
    await press(confirm, ADMIN);
    expect(await t.deps.books.wallet.balance(id)).toBe(100);
  });

  it("a dialog begun by an admin lowered to support is refused at its next step", async () => {
    const id = await newCustomer();
    await press(`a.c:credit:${id}:`, ADMIN);
    expect(lastShown().text).toContain("How much to <b>credit</b>");
    await setRole(ADMIN, "support");
    await say("100", ADMIN);
    expect(textsTo(ADMIN.id).at(-1)).toBe(REFUSED);
    // The dialog is over: the next text is not taken as the reason.
    await say("Outage compensation", ADMIN);
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("✅ Confirm");
    expect(await t.deps.books.wallet.balance(id)).toBe(0);
    expect(await audited(id, "wallet.credit")).toEqual([
      expect.objectContaining({ actorId: ADMIN.id, role: "support", outcome: "refused" }),
    ]);
  });

  it("a confirmation shown before the role was lowered is refused when pressed", async () => {
    const id = await newCustomer();
    const confirm = await proposeCredit(ADMIN, id);
    await setRole(ADMIN, "viewer");
    await press(confirm, ADMIN);
    refusedAlert();
    expect(await t.deps.books.wallet.balance(id)).toBe(0);
  });

  it("two staff crediting one customer at the same moment: two credits, two records", async () => {
    const id = await newCustomer();
    const mine = await proposeCredit(ADMIN, id, "100");
    const theirs = await proposeCredit(OWNER, id, "30");
    await Promise.all([press(mine, ADMIN), press(theirs, OWNER)]);
    expect(await t.deps.books.wallet.balance(id)).toBe(130);
    const entries = await audited(id, "wallet.credit");
    expect(entries.map((e) => e.actorId).sort()).toEqual([OWNER.id, ADMIN.id].sort());
    // The same confirmation pressed twice at once: one credit, one record.
    const again = await proposeCredit(ADMIN, id, "5");
    await Promise.all([press(again, ADMIN), press(again, ADMIN)]);
    expect(await t.deps.books.wallet.balance(id)).toBe(135);
    expect(await audited(id, "wallet.credit")).toHaveLength(3);
  });
});

describe("customers: block and write", () => {
  it("support blocks and unblocks; each is recorded once and the customer told", async () => {
    const id = await newCustomer();
    await press(`a.c:block:${id}:`, SUPPORT);
    await say("Reselling accounts", SUPPORT);
    const yes = button("⛔ Yes, block");
    await Promise.all([press(yes, SUPPORT), press(yes, SUPPORT)]);
    expect(await t.deps.books.customers.isBlocked(id)).toBe(true);
    await press(`a.c:unblock:${id}:`, SUPPORT);
    expect(await t.deps.books.customers.isBlocked(id)).toBe(false);
    const actions = (await audited(id)).map((e) => `${e.role} ${e.action} ${e.outcome}`);
    expect(actions.sort()).toEqual(["support customer.block done", "support customer.unblock done"]);
    expect(textsTo(id)).toHaveLength(2);
  });

  it("a viewer's block and unblock presses are refused and change nothing", async () => {
    const id = await newCustomer();
    await press(`a.c:block:${id}:`, VIEWER);
    refusedAlert();
    await t.deps.books.customers.setBlocked(id, true);
    await press(`a.c:unblock:${id}:`, VIEWER);
    refusedAlert();
    expect(await t.deps.books.customers.isBlocked(id)).toBe(true);
    expect(await refusalsOf(VIEWER)).toEqual(expect.arrayContaining(["customer.block", "customer.unblock"]));
  });

  it("support writes to a customer: sent once from the bot, recorded", async () => {
    const id = await newCustomer();
    await press(`a.c:write:${id}:`, SUPPORT);
    await say("Your server moves tonight <3", SUPPORT);
    expect(lastShown().text).toContain("✉️ <b>A message from the shop</b>\n\nYour server moves tonight &lt;3");
    const send = button("📨 Send");
    await Promise.all([press(send, SUPPORT), press(send, SUPPORT)]);
    expect(textsTo(id)).toEqual(["✉️ <b>A message from the shop</b>\n\nYour server moves tonight &lt;3"]);
    expect(await audited(id, "customer.message")).toEqual([
      expect.objectContaining({
        actorId: SUPPORT.id,
        outcome: "done",
        after: "Your server moves tonight <3",
      }),
    ]);
    // A fresh press of the same confirmation sends nothing more.
    await press(send, SUPPORT);
    expect(lastShown().text).toContain("This confirmation was already used.");
    expect(textsTo(id)).toHaveLength(1);
  });

  it("a viewer cannot write; a dialog begun by support lowered to viewer is refused", async () => {
    const id = await newCustomer();
    await press(`a.c:write:${id}:`, VIEWER);
    refusedAlert();
    await press(`a.c:write:${id}:`, SUPPORT);
    await setRole(SUPPORT, "viewer");
    await say("Hello", SUPPORT);
    expect(textsTo(SUPPORT.id).at(-1)).toBe(REFUSED);
    expect(textsTo(id)).toEqual([]);
    const refused = (await audited(id, "customer.message")).map((e) => `${e.actorId} ${e.role} ${e.outcome}`);
    expect(refused.sort()).toEqual([`${SUPPORT.id} viewer refused`, `${VIEWER.id} viewer refused`]);
  });
});

/** A purchase paid from the wallet whose provisioning failed and was refunded to the wallet. */
async function refundedPurchase(customerId: number): Promise<string> {
  await t.deps.books.wallet.credit(customerId, 150, `paid:${customerId}`, { kind: "topup" });
  const started = await t.deps.sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  await t.deps.sales.cashier.payFromBalance(customerId, started.order.id);
  await t.deps.books.orders.transition(started.order.id, ["paid"], "provisioning");
  await t.deps.settlement.fulfilment.fail(started.order.id, "xui server 1 answered 503");
  return started.order.id;
}

async function failedOrder(customerId: number): Promise<string> {
  const o = await t.deps.books.orders.create({
    ...{ kind: "purchase", customerId, planId: "de-xui", price: 150, currency: "XTR", locale: "en" },
  });
  let from: Order["status"] = "awaiting_payment";
  for (const to of ["paid", "provisioning", "failed"] as const) {
    await t.deps.books.orders.transition(o.id, [from], to);
    from = to;
  }
  return o.id;
}

describe("orders: charge again and retry", () => {
  it("the owner charges a refunded order again; support pressing its data changes nothing", async () => {
    const id = await newCustomer();
    const old = await refundedPurchase(id);
    await press(`a.c:retry:${id}:${old}`, OWNER);
    const yes = button("✅ Charge and retry");
    await press(yes, SUPPORT);
    refusedAlert();
    expect(await t.deps.books.wallet.balance(id)).toBe(150);
    expect(await refusalsOf(SUPPORT)).toContain("order.charge-again");
    await press(yes, OWNER);
    expect(lastShown().text).toContain("paid from the wallet (150 ⭐) and queued");
    expect(await done(id, "order.charge-again")).toEqual([
      expect.objectContaining({ actorId: OWNER.id, role: "owner", before: `order ${old} refunded` }),
    ]);
  });

  it("an admin retries a failed order; support and viewer are refused", async () => {
    const id = await newCustomer();
    const failed = await failedOrder(id);
    for (const who of [SUPPORT, VIEWER]) {
      await press(`a.o:retry:${failed}`, who);
      refusedAlert();
    }
    expect((await t.deps.books.orders.get(failed))?.status).toBe("failed");
    await press(`a.o:retry:${failed}`, ADMIN);
    expect(lastShown().text).toContain(`Order <code>${failed}</code> is queued again.`);
    expect(await done(id, "order.retry")).toEqual([expect.objectContaining({ actorId: ADMIN.id })]);
    // The refusals are found with the customer's other entries.
    const refused = (await audited(id, "order.retry")).filter((e) => e.outcome === "refused");
    expect(refused.map((e) => e.role).sort()).toEqual(["support", "viewer"]);
  });
});

async function failedStarsOrder(customerId: number): Promise<string> {
  const started = await t.deps.sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await t.deps.sales.cashier.invoiceAmount(started.order);
  await t.deps.sales.cashier.recordPayment(customerId, `o:${started.order.id}`, `charge-${customerId}`, due);
  await t.deps.settlement.fulfilment.fail(started.order.id, "no server available");
  return started.order.id;
}

describe("Stars refunds and the rails' choices", () => {
  it("an admin refunds Stars (recorded); support's ask and forged confirmation are refused", async () => {
    const id = await newCustomer();
    const order = await failedStarsOrder(id);
    await press(`a.sr:ask:${order}:`, SUPPORT);
    refusedAlert();
    await press(`a.sr:ask:${order}:`, ADMIN);
    const yes = button(/^Yes, refund/);
    await press(yes, SUPPORT);
    refusedAlert();
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(0);
    await press(yes, ADMIN);
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(1);
    expect(await done(id, "order.stars-refund")).toEqual([
      expect.objectContaining({ actorId: ADMIN.id, outcome: "done" }),
    ]);
    expect(await refusalsOf(SUPPORT)).toEqual(expect.arrayContaining(["order.stars-refund"]));
  });

  it("an admin turns a rail's choice (recorded); a viewer's forged press changes nothing", async () => {
    const flag = "a.rl:flag:yookassa:0:0";
    await press(flag, VIEWER);
    refusedAlert();
    expect(await t.deps.settlement.railPayments.prefs("yookassa")).toEqual({ receipts: false });
    await press(flag, ADMIN);
    expect(await t.deps.settlement.railPayments.prefs("yookassa")).toEqual({ receipts: true });
    const { entries } = await t.deps.staff.audit.page({ subject: "rail:yookassa" }, 0, 10);
    expect(entries.filter((e) => e.outcome === "done")).toEqual([
      expect.objectContaining({ actorId: ADMIN.id, action: "rail.prefs", after: '{"receipts":true}' }),
    ]);
    expect(await refusalsOf(VIEWER)).toContain("rail.prefs");
  });

  it("a Russian-speaking viewer is refused in Russian", async () => {
    const id = await newCustomer();
    await press(`a.c:credit:${id}:`, VIEWER_RU);
    expect(lastAnswer()).toMatchObject({
      text: "⛔ Ваша роль в команде этого не позволяет.",
      show_alert: true,
    });
  });
});
