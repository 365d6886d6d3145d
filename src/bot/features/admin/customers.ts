import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { Locale } from "../../../config.js";
import type { Customer } from "../../../domain/customers.js";
import { currencyExponent, formatMoney, toMinor } from "../../../domain/money.js";
import type { Order } from "../../../domain/orders.js";
import type { ShopRefusal } from "../../../domain/shop.js";
import type { Subscription } from "../../../domain/subscriptions.js";
import { cbPage } from "../../../render/callback-data.js";
import { formatDate, formatDateTime, formatGb, html } from "../../../render/format.js";
import { accessLocationsForAdmin } from "../../../render/locations.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import {
  claimConfirmation,
  enterConversation,
  issueConfirmation,
  type Translate,
  withNotice,
} from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { customersCb, ordersCb } from "./callbacks.js";
import {
  applyBlock,
  applyUnblock,
  BLOCK,
  blockConversations,
  tellCustomer,
  toldLine,
} from "./customer-notices.js";
import { adminHomeButton } from "./home.js";

/**
 * Customers in the admin menu: find one by id or @username, their card (profile, wallet,
 * subscriptions), the ledger, their orders, credit / debit of the wallet with a reason (confirmed
 * once with a one-time token, applied once under the token's idempotency key), block / unblock,
 * and "charge again" for a refunded order (a new order paid from the wallet, queued once).
 */

const FIND = "customers.find";
const ADJUST = "customers.adjust";

export const LEDGER_PAGE_SIZE = 8;
const ORDERS_SHOWN = 10;
const RECENT_SHOWN = 6;
export const REASON_MAX = 200;
/** The largest credit or debit an admin can type, in major units. */
const MAX_MAJOR = 1_000_000;
/** A pending credit/debit behind a confirmation token (amount and reason do not fit a button). */
export const ADJUST_PREFIX = "admin-adjust:";
const ADJUST_TTL_SECONDS = 3_600;
/** `admin-retry:<refunded order id>` -> the new order that charged it again ("pending" meanwhile). */
export const RETRY_PREFIX = "admin-retry:";
const RETRY_LOCK_SECONDS = 600;
const RETRY_KEEP_SECONDS = 90 * 86_400;
/** `retry-ok` carries `<order id>.<token>`; neither contains a ".". */
const TOKEN_SEP = ".";

type Direction = "credit" | "debit";

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

/**
 * An amount typed in major units of `currency` ("150", "4.99", "4,99") to minor units; whole
 * numbers only for zero-decimal currencies (Stars). Undefined unless a positive, sane amount.
 */
export function parseAmount(currency: string, text: string): number | undefined {
  const exp = currencyExponent(currency);
  const t = text.trim().replace(",", ".");
  const pattern = exp === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${exp}})?$`);
  if (!pattern.test(t)) return undefined;
  const major = Number(t);
  if (!Number.isFinite(major) || major > MAX_MAJOR) return undefined;
  const minor = toMinor(currency, major);
  return minor > 0 ? minor : undefined;
}

/** A Telegram user id or a @username (Telegram's alphabet), as typed into the search. */
const QUERY = /^(\d{1,16}|@?[A-Za-z][A-Za-z0-9_]{2,31})$/;

const pendingSchema = z.object({
  customerId: z.number().int().positive(),
  direction: z.enum(["credit", "debit"]),
  amount: z.number().int().positive(),
  currency: z.string(),
  reason: z.string().min(1).max(REASON_MAX),
  adminId: z.number().int(),
});
type PendingAdjustment = z.output<typeof pendingSchema>;

type CustomersAct = Parameters<typeof customersCb.pack>[0]["act"];

const cb = (act: CustomersAct, id: number, arg = "") => customersCb.pack({ act, id, arg });

/** "+150 ⭐" / "−50 ⭐". */
export function signedMoney(currency: string, amount: number, locale: Locale): string {
  return `${amount < 0 ? "−" : "+"}${formatMoney(currency, Math.abs(amount), locale)}`;
}

function usernameOf(c: Customer): string {
  return c.username ? `@${c.username}` : "—";
}

/** A short plain-text label of a customer (for buttons). */
function customerLabel(c: Customer): string {
  const name = c.firstName || String(c.id);
  return c.username ? `${name} @${c.username}` : `${name} · ${c.id}`;
}

function planTitleOf(ctx: BotContext, planId: string, locale: Locale): string {
  return ctx.deps.shop.shop.plan(planId)?.title[locale] ?? planId;
}

/** Plain data of a view (for a conversation's replay log, which stores JSON). */
interface PlainView {
  text: string;
  keyboard?: InlineKeyboardMarkup;
}

function plain(view: View): PlainView {
  return view.keyboard
    ? { text: view.text, keyboard: { inline_keyboard: view.keyboard.inline_keyboard } }
    : { text: view.text };
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

function notFoundView(ctx: BotContext, id: number): View {
  return {
    text: ctx.t("customers-gone", { id: String(id) }),
    keyboard: adminHomeButton(ctx, new InlineKeyboard().text(ctx.t("customers-back"), cb("home", 0)).row()),
  };
}

/** The Customers section: totals, recent customers, search, failed orders. */
export async function customersHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const { customers } = ctx.deps.shop;
  const total = await customers.count();
  const recentIds = (await customers.ids(Math.max(0, total - RECENT_SHOWN), RECENT_SHOWN)).reverse();
  const recent = (await Promise.all(recentIds.map((id) => customers.get(id)))).filter(
    (c): c is Customer => c !== undefined,
  );
  const lines = [ctx.t("customers-title", { count: total }), ctx.t("customers-hint")];
  const keyboard = new InlineKeyboard().text(ctx.t("customers-find"), cb("find", 0)).row();
  if (recent.length > 0) lines.push("", ctx.t("customers-recent"));
  for (const c of recent)
    keyboard.text(`${c.blocked ? "⛔ " : ""}${customerLabel(c)}`, cb("card", c.id)).row();
  keyboard.text(ctx.t("admin-failed-orders"), ordersCb.pack({ act: "list", arg: "0" })).row();
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** A customer's card: profile, wallet balance and subscriptions, with the actions. */
export async function customerCardView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, wallet, subscriptions } = ctx.deps.shop;
  const c = await customers.get(id);
  if (!c) return notFoundView(ctx, id);
  const [balance, subs, locale] = await Promise.all([
    wallet.balance(id),
    subscriptions.ofCustomer(id),
    localeOf(ctx),
  ]);
  const now = ctx.deps.clock.now();
  const active = subs.filter((s) => s.expiresAt === 0 || s.expiresAt > now).length;
  const lines = [
    ctx.t("customers-card-title", { name: html(c.firstName || "—"), username: html(usernameOf(c)) }),
    ctx.t("customers-card-id", { id: String(c.id) }),
    ctx.t("customers-card-language", { language: ctx.t(`customers-lang-${c.locale}`) }),
    ctx.t("customers-card-joined", { date: c.createdAt ? formatDate(locale, c.createdAt) : "—" }),
    ctx.t(c.blocked ? "customers-card-blocked" : "customers-card-not-blocked"),
  ];
  if (c.botBlocked) lines.push(ctx.t("customers-card-bot-blocked"));
  lines.push(
    c.trialUsedAt
      ? ctx.t("customers-card-trial-used", { date: formatDate(locale, c.trialUsedAt) })
      : ctx.t("customers-card-trial-unused"),
    ctx.t("customers-card-balance", { balance: formatMoney(wallet.currency, balance, locale) }),
    ctx.t("customers-card-subs", { count: subs.length, active }),
  );
  const keyboard = new InlineKeyboard()
    .text(ctx.t("customers-btn-ledger"), cb("ledger", id, "0"))
    .text(ctx.t("customers-btn-subs"), cb("subs", id))
    .row()
    .text(ctx.t("customers-btn-orders"), cb("orders", id))
    .row()
    .text(ctx.t("customers-btn-credit"), cb("credit", id))
    .text(ctx.t("customers-btn-debit"), cb("debit", id))
    .row()
    .text(
      ctx.t(c.blocked ? "customers-btn-unblock" : "customers-btn-block"),
      cb(c.blocked ? "unblock" : "block", id),
    )
    .text(ctx.t("menu-refresh"), cb("card", id))
    .row()
    .text(ctx.t("customers-back"), cb("home", 0));
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** The ledger, newest first, 8 entries a page. */
export async function ledgerView(ctx: BotContext, id: number, page: number): Promise<View> {
  const { customers, wallet } = ctx.deps.shop;
  const c = await customers.get(id);
  if (!c) return notFoundView(ctx, id);
  const locale = await localeOf(ctx);
  let current = Math.max(0, page);
  let { entries, total } = await wallet.history(id, current * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  if (current > pages - 1) {
    current = pages - 1;
    ({ entries, total } = await wallet.history(id, current * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE));
  }
  const lines = [
    ctx.t("customers-ledger-title", {
      name: html(c.firstName || String(id)),
      count: total,
      page: String(current + 1),
      pages: String(pages),
    }),
    "",
  ];
  if (entries.length === 0) lines.push(ctx.t("customers-ledger-empty"));
  for (const e of entries) {
    lines.push(
      ctx.t("customers-ledger-line", {
        date: formatDateTime(locale, e.at),
        kind: ctx.t(`customers-kind-${e.kind}`),
        amount: signedMoney(e.currency, e.amount, locale),
        balance: formatMoney(e.currency, e.balance, locale),
      }),
    );
    if (e.note) lines.push(ctx.t("customers-ledger-note", { note: html(e.note) }));
  }
  const keyboard = new InlineKeyboard();
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("customers-page-prev"), cb("ledger", id, String(current - 1)));
    if (current < pages - 1)
      keyboard.text(ctx.t("customers-page-next"), cb("ledger", id, String(current + 1)));
    keyboard.row();
  }
  keyboard.text(ctx.t("customers-back-card"), cb("card", id));
  return { text: lines.join("\n"), keyboard };
}

function subStatus(t: Translate, s: Subscription, now: number): string {
  if (s.removedAt !== undefined) return t("customers-sub-status-removed");
  if (s.expiresAt === 0) return t("customers-sub-status-active");
  return t(s.expiresAt > now ? "customers-sub-status-active" : "customers-sub-status-expired");
}

/** A customer's subscriptions: plan, expiry, status. */
export async function subscriptionsView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, subscriptions } = ctx.deps.shop;
  const c = await customers.get(id);
  if (!c) return notFoundView(ctx, id);
  const locale = await localeOf(ctx);
  const now = ctx.deps.clock.now();
  const subs = await subscriptions.ofCustomer(id);
  const lines = [
    ctx.t("customers-subs-title", { name: html(c.firstName || String(id)), count: subs.length }),
    "",
  ];
  if (subs.length === 0) lines.push(ctx.t("customers-subs-empty"));
  const keyboard = new InlineKeyboard();
  for (const s of subs) {
    const plan = planTitleOf(ctx, s.planId, locale);
    const until = s.expiresAt ? formatDate(locale, s.expiresAt) : ctx.t("customers-no-expiry");
    lines.push(
      ctx.t("customers-subs-line", {
        plan: html(plan),
        until,
        status: subStatus(ctx.t, s, now),
        trial: s.trial ? ctx.t("customers-sub-trial-mark") : "",
      }),
    );
    keyboard.text(`${plan} · ${until}`.slice(0, 60), cb("sub", id, s.id)).row();
  }
  keyboard.text(ctx.t("customers-back-card"), cb("card", id));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

/** Where a subscription's access lives, by catalog name with the node id ("Frankfurt (main)"). */
function subLocations(ctx: BotContext, locale: Locale, sub: Subscription): string[] {
  const names = accessLocationsForAdmin(ctx.t, locale, sub.ref, ctx.deps.shop.shop.plan(sub.planId));
  return names.length > 0 ? [ctx.t("customers-sub-locations", { locations: html(names.join(", ")) })] : [];
}

/** One subscription: plan, status, expiry, term, locations, links count and the subscription URL. */
export async function subscriptionView(ctx: BotContext, id: number, subId: string): Promise<View> {
  const sub = await ctx.deps.shop.subscriptions.get(subId);
  if (!sub || sub.customerId !== id) return subscriptionsView(ctx, id, ctx.t("error-menu-outdated"));
  const locale = await localeOf(ctx);
  const now = ctx.deps.clock.now();
  const plan = planTitleOf(ctx, sub.planId, locale);
  const lines = [
    ctx.t("customers-sub-title", {
      plan: html(plan),
      trial: sub.trial ? ctx.t("customers-sub-trial-mark") : "",
    }),
    ctx.t("customers-sub-id", { id: sub.id }),
    ctx.t("customers-sub-status", { status: subStatus(ctx.t, sub, now) }),
    ctx.t("customers-sub-expiry", {
      date: sub.expiresAt ? formatDateTime(locale, sub.expiresAt) : ctx.t("customers-no-expiry"),
    }),
    ctx.t("customers-sub-terms", {
      traffic: sub.trafficGb > 0 ? formatGb(locale, sub.trafficGb) : ctx.t("customers-unlimited"),
      devices: sub.devices > 0 ? String(sub.devices) : ctx.t("customers-unlimited"),
    }),
    ctx.t("customers-sub-backend", { kind: sub.ref.kind, name: html(sub.ref.name) }),
    ...subLocations(ctx, locale, sub),
    ctx.t("customers-sub-links", { count: sub.links.length }),
    sub.subscriptionUrl
      ? ctx.t("customers-sub-url", { url: html(sub.subscriptionUrl) })
      : ctx.t("customers-sub-no-url"),
  ];
  const keyboard = new InlineKeyboard()
    .text(ctx.t("customers-back-subs"), cb("subs", id))
    .text(ctx.t("customers-back-card"), cb("card", id));
  return { text: lines.join("\n"), keyboard };
}

function canChargeAgain(o: Order): boolean {
  return o.status === "refunded" && o.kind !== "trial";
}

/** A customer's latest orders; refunded ones can be charged again, failed ones retried. */
export async function customerOrdersView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, orders } = ctx.deps.shop;
  const c = await customers.get(id);
  if (!c) return notFoundView(ctx, id);
  const locale = await localeOf(ctx);
  const list = await orders.ofCustomer(id, ORDERS_SHOWN);
  const lines = [ctx.t("customers-orders-title", { name: html(c.firstName || String(id)) }), ""];
  if (list.length === 0) lines.push(ctx.t("customers-orders-empty"));
  const keyboard = new InlineKeyboard();
  for (const o of list) {
    lines.push(
      ctx.t("customers-order-line", {
        order: o.id,
        kind: ctx.t(`customers-order-kind-${o.kind}`),
        plan: html(planTitleOf(ctx, o.planId, locale)),
        price: formatMoney(o.currency, o.price, locale),
        status: ctx.t(`customers-order-status-${o.status}`),
        date: formatDateTime(locale, o.createdAt),
      }),
    );
    if (o.error && (o.status === "failed" || o.status === "refunded")) {
      lines.push(ctx.t("customers-order-error", { error: html(o.error.slice(0, 200)) }));
    }
    if (canChargeAgain(o)) {
      keyboard.text(ctx.t("customers-btn-charge-again", { order: o.id }), cb("retry", id, o.id)).row();
    } else if (o.status === "failed") {
      keyboard
        .text(ctx.t("failed-orders-retry", { order: o.id }), ordersCb.pack({ act: "retry", arg: o.id }))
        .row();
    }
  }
  keyboard.text(ctx.t("menu-refresh"), cb("orders", id)).text(ctx.t("customers-back-card"), cb("card", id));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** Applies a confirmed credit/debit once: the token is claimed, the ledger key is the token. */
async function applyAdjustment(ctx: BotContext, id: number, token: string): Promise<string> {
  const { redis } = ctx.deps;
  const { wallet } = ctx.deps.shop;
  const locale = await localeOf(ctx);
  const raw = await redis.get(ADJUST_PREFIX + token);
  const parsed = raw ? pendingSchema.safeParse(JSON.parse(raw)) : undefined;
  const pending: PendingAdjustment | undefined = parsed?.success ? parsed.data : undefined;
  const key = `admin:${token}`;
  if (!pending || pending.customerId !== id) {
    const done = await wallet.applied(key);
    return done && done.customerId === id
      ? ctx.t("customers-adjust-already", { amount: signedMoney(done.currency, done.amount, locale) })
      : ctx.t("customers-confirm-expired");
  }
  const claim = await claimConfirmation(ctx, token, `customers:adjust:${id}`);
  if (claim !== "claimed") {
    const done = await wallet.applied(key);
    if (done)
      return ctx.t("customers-adjust-already", { amount: signedMoney(done.currency, done.amount, locale) });
    return ctx.t(claim === "used" ? "customers-confirm-used" : "customers-confirm-expired");
  }
  if (pending.currency !== wallet.currency) return ctx.t("customers-adjust-currency-changed");
  const adminId = ctx.from?.id ?? pending.adminId;
  const amount = formatMoney(wallet.currency, pending.amount, locale);
  if (pending.direction === "credit") {
    const { entry } = await wallet.credit(id, pending.amount, key, {
      kind: "admin-credit",
      note: pending.reason,
      ref: String(adminId),
    });
    ctx.log.info({ adminId, customerId: id, amount: pending.amount }, "admin credited a wallet");
    const told = await tellCustomer(ctx, id, "notice-credited", (l) => ({
      amount: formatMoney(wallet.currency, pending.amount, l),
      balance: formatMoney(wallet.currency, entry.balance, l),
      reason: html(pending.reason),
    }));
    const done = ctx.t("customers-credited", {
      amount,
      balance: formatMoney(wallet.currency, entry.balance, locale),
    });
    return `${done}\n${toldLine(ctx, told)}`;
  }
  const result = await wallet.debit(id, pending.amount, key, {
    kind: "admin-debit",
    note: pending.reason,
    ref: String(adminId),
  });
  if (!result.ok) {
    return ctx.t("customers-debit-refused", {
      amount,
      balance: formatMoney(wallet.currency, result.balance, locale),
    });
  }
  ctx.log.info({ adminId, customerId: id, amount: pending.amount }, "admin debited a wallet");
  const balance = result.entry.balance;
  const told = await tellCustomer(ctx, id, "notice-debited", (l) => ({
    amount: formatMoney(wallet.currency, pending.amount, l),
    balance: formatMoney(wallet.currency, balance, l),
    reason: html(pending.reason),
  }));
  const done = ctx.t("customers-debited", { amount, balance: formatMoney(wallet.currency, balance, locale) });
  return `${done}\n${toldLine(ctx, told)}`;
}

async function chargeAgainConfirmView(ctx: BotContext, id: number, orderId: string): Promise<View> {
  const { orders, shop, customers, wallet } = ctx.deps.shop;
  const order = await orders.get(orderId);
  const customer = await customers.get(id);
  if (!order || order.customerId !== id || !customer) {
    return customerOrdersView(ctx, id, ctx.t("error-menu-outdated"));
  }
  const locale = await localeOf(ctx);
  if (!canChargeAgain(order)) {
    return customerOrdersView(
      ctx,
      id,
      ctx.t("customers-retry-not-refunded", {
        order: order.id,
        status: ctx.t(`customers-order-status-${order.status}`),
      }),
    );
  }
  const plan = shop.plan(order.planId);
  if (!plan) {
    return customerOrdersView(ctx, id, ctx.t("customers-retry-plan-gone", { plan: html(order.planId) }));
  }
  const token = await issueConfirmation(ctx, `customers:retry:${id}:${order.id}`);
  const price = shop.priceOf(plan);
  return {
    text: ctx.t("customers-retry-confirm", {
      order: order.id,
      name: html(customer.firstName || String(id)),
      plan: html(plan.title[locale]),
      price: formatMoney(shop.currency, price, locale),
      balance: formatMoney(wallet.currency, await wallet.balance(id), locale),
    }),
    keyboard: new InlineKeyboard()
      .text(ctx.t("customers-retry-yes"), cb("retry-ok", id, `${order.id}${TOKEN_SEP}${token}`))
      .text(ctx.t("customers-cancel"), cb("orders", id)),
  };
}

function refusalText(ctx: BotContext, reason: ShopRefusal, planId: string): string {
  switch (reason) {
    case "blocked":
      return ctx.t("customers-retry-blocked");
    case "unknown-plan":
      return ctx.t("customers-retry-plan-gone", { plan: html(planId) });
    case "unknown-subscription":
      return ctx.t("customers-retry-sub-gone");
    default:
      return ctx.t("customers-retry-failed");
  }
}

/**
 * Charges a refunded order again: a new order for the same plan (a renewal of the same
 * subscription for a renewal), paid from the wallet (where the refund went) and queued by the
 * shop. Once per refunded order: a lock keyed by it holds the new order's id.
 */
async function chargeAgain(ctx: BotContext, id: number, orderId: string, token: string): Promise<string> {
  const { redis } = ctx.deps;
  const { orders, shop } = ctx.deps.shop;
  const locale = await localeOf(ctx);
  const old = await orders.get(orderId);
  if (!old || old.customerId !== id) return ctx.t("error-menu-outdated");
  const claim = await claimConfirmation(ctx, token, `customers:retry:${id}:${old.id}`);
  if (claim === "used") return ctx.t("customers-confirm-used");
  if (claim === "unknown") return ctx.t("customers-confirm-expired");
  if (!canChargeAgain(old)) {
    return ctx.t("customers-retry-not-refunded", {
      order: old.id,
      status: ctx.t(`customers-order-status-${old.status}`),
    });
  }
  const lock = RETRY_PREFIX + old.id;
  if ((await redis.set(lock, "pending", "EX", RETRY_LOCK_SECONDS, "NX")) !== "OK") {
    const held = await redis.get(lock);
    return held && held !== "pending"
      ? ctx.t("customers-retry-already", { order: old.id, next: held })
      : ctx.t("customers-retry-busy");
  }
  const started =
    old.kind === "renewal" && old.subscriptionId
      ? await shop.startRenewal(id, old.subscriptionId, old.locale)
      : await shop.startPurchase(id, old.planId, old.locale);
  if (!started.ok) {
    await redis.del(lock);
    return refusalText(ctx, started.reason, old.planId);
  }
  const next = started.order;
  // Paid from the balance and queued by the shop (already paid: the customer's own tap queued it).
  const paid = await shop.payFromBalance(id, next.id);
  if (paid.status === "paid" || paid.status === "already-paid") {
    await redis.set(lock, next.id, "EX", RETRY_KEEP_SECONDS);
    ctx.log.info(
      { adminId: ctx.from?.id, customerId: id, refunded: old.id, orderId: next.id },
      "admin charged a refunded order again",
    );
    return ctx.t("customers-retry-queued", {
      order: next.id,
      price: formatMoney(next.currency, next.price, locale),
    });
  }
  // The customer's own order awaiting payment (handed back by the shop) stays theirs to pay.
  if (!started.reused) await orders.transition(next.id, ["awaiting_payment"], "cancelled");
  await redis.del(lock);
  if (paid.status === "insufficient") {
    return ctx.t("customers-retry-insufficient", {
      price: formatMoney(next.currency, next.price, locale),
      balance: formatMoney(next.currency, paid.balance, locale),
    });
  }
  return ctx.t("customers-retry-failed");
}

// ---------------------------------------------------------------------------------------------
// Conversations: find, credit / debit
// ---------------------------------------------------------------------------------------------

async function replyView(ctx: ConvContext, view: PlainView): Promise<void> {
  await ctx.reply(view.text, {
    parse_mode: "HTML",
    reply_markup: view.keyboard,
    link_preview_options: { is_disabled: true },
  });
}

async function findConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  let prompt = ctx.t("customers-ask-query");
  for (;;) {
    const query = await askText(conversation, ctx, prompt, {
      validate: (text) => (QUERY.test(text) ? undefined : ctx.t("customers-query-invalid")),
    });
    // Only plain data leaves `external` (it is kept in the replay log).
    const found = await conversation.external(async (outer: BotContext) => {
      const customer = await outer.deps.shop.customers.find(query);
      return customer
        ? { found: true as const, view: plain(await customerCardView(outer, customer.id)) }
        : { found: false as const };
    });
    if (found.found) return replyView(ctx, found.view);
    prompt = ctx.t("customers-not-found", { query: html(query) });
  }
}

async function adjustConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  customerId: number,
  direction: Direction,
): Promise<void> {
  const info = await conversation.external(async (outer: BotContext) => {
    const customer = await outer.deps.shop.customers.get(customerId);
    if (!customer) return undefined;
    const { wallet } = outer.deps.shop;
    return {
      name: customer.firstName || String(customerId),
      currency: wallet.currency,
      balance: await wallet.balance(customerId),
    };
  });
  if (!info) {
    await ctx.reply(ctx.t("customers-gone", { id: String(customerId) }));
    return;
  }
  const locale = await localeOf(ctx);
  const { currency, balance } = info;
  const money = (minor: number) => formatMoney(currency, minor, locale);
  const name = html(info.name);
  if (direction === "debit" && balance <= 0) {
    await ctx.reply(ctx.t("customers-debit-nothing", { name }), {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text(ctx.t("customers-back-card"), cb("card", customerId)),
    });
    return;
  }
  const whole = currencyExponent(currency) === 0;
  const amountText = await askText(
    conversation,
    ctx,
    ctx.t(direction === "credit" ? "customers-ask-credit" : "customers-ask-debit", {
      name,
      currency,
      balance: money(balance),
    }),
    {
      validate: (text) => {
        const amount = parseAmount(currency, text);
        if (amount === undefined)
          return ctx.t(whole ? "customers-amount-invalid-whole" : "customers-amount-invalid", { currency });
        if (direction === "debit" && amount > balance)
          return ctx.t("customers-debit-over", { balance: money(balance) });
        return undefined;
      },
    },
  );
  const amount = parseAmount(currency, amountText) ?? 0;
  const reason = await askText(conversation, ctx, ctx.t("customers-ask-reason"), {
    validate: (text) =>
      text.length >= 1 && text.length <= REASON_MAX
        ? undefined
        : ctx.t("customers-reason-invalid", { max: REASON_MAX }),
  });
  const adminId = ctx.from?.id ?? 0;
  const token = await conversation.external(async (outer: BotContext) => {
    const issued = await issueConfirmation(outer, `customers:adjust:${customerId}`, ADJUST_TTL_SECONDS);
    const pending: PendingAdjustment = { customerId, direction, amount, currency, reason, adminId };
    await outer.deps.redis.set(ADJUST_PREFIX + issued, JSON.stringify(pending), "EX", ADJUST_TTL_SECONDS);
    return issued;
  });
  const after = direction === "credit" ? balance + amount : balance - amount;
  await ctx.reply(
    ctx.t(direction === "credit" ? "customers-confirm-credit" : "customers-confirm-debit", {
      amount: money(amount),
      name,
      id: String(customerId),
      reason: html(reason),
      balance: money(balance),
      after: money(after),
    }),
    {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard()
        .text(ctx.t("customers-confirm-yes"), cb("adj-ok", customerId, token))
        .text(ctx.t("customers-cancel"), cb("card", customerId)),
    },
  );
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const customersConversations = [
  createConversation(findConversation, FIND),
  createConversation(adjustConversation, ADJUST),
  ...blockConversations,
];

// ---------------------------------------------------------------------------------------------
// Buttons
// ---------------------------------------------------------------------------------------------

export const customersFeature = new Composer<BotContext>();

customersFeature.callbackQuery(customersCb.pattern, async (ctx) => {
  const data = customersCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  const { act, id, arg } = data;
  switch (act) {
    case "home":
      return show(ctx, await customersHomeView(ctx));
    case "find":
      return enterConversation(ctx, FIND);
  }
  if (id === 0) return show(ctx, await customersHomeView(ctx, ctx.t("error-menu-outdated")));
  const { customers } = ctx.deps.shop;
  switch (act) {
    case "card":
      return show(ctx, await customerCardView(ctx, id));
    case "ledger":
      return show(ctx, await ledgerView(ctx, id, cbPage.safeParse(arg).data ?? 0));
    case "subs":
      return show(ctx, await subscriptionsView(ctx, id));
    case "sub":
      return show(ctx, await subscriptionView(ctx, id, arg));
    case "orders":
      return show(ctx, await customerOrdersView(ctx, id));
    case "credit":
    case "debit":
      if (!(await customers.get(id))) return show(ctx, notFoundView(ctx, id));
      return enterConversation(ctx, ADJUST, id, act);
    case "adj-ok":
      return show(ctx, await customerCardView(ctx, id, await applyAdjustment(ctx, id, arg)));
    case "block":
      if (!(await customers.get(id))) return show(ctx, notFoundView(ctx, id));
      return enterConversation(ctx, BLOCK, id);
    case "block-ok":
      return show(ctx, await customerCardView(ctx, id, await applyBlock(ctx, id, arg)));
    case "unblock":
      if (!(await customers.get(id))) return show(ctx, notFoundView(ctx, id));
      return show(ctx, await customerCardView(ctx, id, await applyUnblock(ctx, id)));
    case "retry":
      return show(ctx, await chargeAgainConfirmView(ctx, id, arg));
    case "retry-ok": {
      const cut = arg.lastIndexOf(TOKEN_SEP);
      if (cut <= 0) return show(ctx, await customerOrdersView(ctx, id, ctx.t("customers-confirm-expired")));
      const notice = await chargeAgain(ctx, id, arg.slice(0, cut), arg.slice(cut + 1));
      return show(ctx, await customerOrdersView(ctx, id, notice));
    }
  }
});
