import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { type Translate, withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { Customer, Order, Subscription } from "#src/domain/books/index.js";
import { formatMoney, titleOf } from "#src/domain/catalog/index.js";
import { formatDate, formatDateTime, formatGb, html } from "#src/render/format.js";
import { accessLocationsForAdmin } from "#src/render/locations.js";
import { adminHomeButton } from "../home.js";
import { signedMoney } from "./amount.js";
import { type CustomerAct, cardCb, customersCb, ordersCb } from "./callbacks.js";
import { addLiftButton, freezeLines } from "./freeze.js";
import { roleMay, roleNow } from "./permissions.js";

/**
 * The Customers section's screens: totals and recent customers, a customer's card (profile,
 * wallet, subscriptions), the ledger, the subscriptions and one subscription.
 */

export const LEDGER_PAGE_SIZE = 8;
const RECENT_SHOWN = 6;

/** A button's data for `act` on `customer`. */
export const onCustomer = (act: CustomerAct, customer: number) => customersCb.pack({ act, customer });

function usernameOf(c: Customer): string {
  return c.username ? `@${c.username}` : "—";
}

/** A short plain-text label of a customer (for buttons). */
function customerLabel(c: Customer): string {
  const name = c.firstName || String(c.id);
  return c.username ? `${name} @${c.username}` : `${name} · ${c.id}`;
}

export function planTitleOf(ctx: BotContext, planId: string, locale: Locale): string {
  return titleOf(ctx.deps.sales.shop.plan(planId), locale) ?? planId;
}

/** What an order is, in the admins' lists: a gift says so (and whom it went to, once claimed). */
export function orderKindText(ctx: BotContext, o: Pick<Order, "kind" | "gift" | "recipientId">): string {
  if (!o.gift) return ctx.t(`customers-order-kind-${o.kind}`);
  return o.recipientId
    ? ctx.t("customers-order-kind-gift-for", { id: String(o.recipientId) })
    : ctx.t("customers-order-kind-gift");
}

export function notFoundView(ctx: BotContext, id: number): View {
  return {
    text: ctx.t("customers-gone", { id: String(id) }),
    keyboard: adminHomeButton(
      ctx,
      new InlineKeyboard().text(ctx.t("customers-back"), customersCb.pack({ act: "home" })).row(),
    ),
  };
}

/** The Customers section: totals, recent customers, search, failed orders. */
export async function customersHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const { customers } = ctx.deps.books;
  const total = await customers.count();
  const recentIds = (await customers.ids(Math.max(0, total - RECENT_SHOWN), RECENT_SHOWN)).reverse();
  const recent = (await Promise.all(recentIds.map((id) => customers.get(id)))).filter(
    (c): c is Customer => c !== undefined,
  );
  const lines = [ctx.t("customers-title", { count: total }), ctx.t("customers-hint")];
  const keyboard = new InlineKeyboard()
    .text(ctx.t("customers-find"), customersCb.pack({ act: "find" }))
    .row();
  if (recent.length > 0) lines.push("", ctx.t("customers-recent"));
  for (const c of recent) keyboard.text(`${c.blocked ? "⛔ " : ""}${customerLabel(c)}`, cardCb(c.id)).row();
  keyboard.text(ctx.t("admin-failed-orders"), ordersCb.pack({ act: "list", page: 0 })).row();
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** A customer's card: profile, wallet balance and subscriptions, with the actions. */
export async function customerCardView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, wallet, subscriptions } = ctx.deps.books;
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
    .text(ctx.t("customers-btn-ledger"), customersCb.pack({ act: "ledger", customer: id, page: 0 }))
    .text(ctx.t("customers-btn-subs"), onCustomer("subs", id))
    .row()
    .text(ctx.t("customers-btn-orders"), onCustomer("orders", id))
    .row();
  await actionButtons(ctx, keyboard, c);
  keyboard
    .text(ctx.t("menu-refresh"), cardCb(id))
    .row()
    .text(ctx.t("customers-back"), customersCb.pack({ act: "home" }));
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** The card's actions the sender's role may take (support: block and write; a viewer: none). */
async function actionButtons(ctx: BotContext, keyboard: InlineKeyboard, c: Customer): Promise<void> {
  const role = await roleNow(ctx);
  const acts: [CustomerAct, string][] = [
    ["credit", "customers-btn-credit"],
    ["debit", "customers-btn-debit"],
    c.blocked ? ["unblock", "customers-btn-unblock"] : ["block", "customers-btn-block"],
    ["write", "customers-btn-write"],
  ];
  const shown = acts.filter(([act]) => roleMay(role, act));
  shown.forEach(([act, label], i) => {
    keyboard.text(ctx.t(label), onCustomer(act, c.id));
    if (i % 2 === 1) keyboard.row();
  });
  if (shown.length % 2 === 1) keyboard.row();
}

/** The ledger, newest first, 8 entries a page. */
export async function ledgerView(ctx: BotContext, id: number, page: number): Promise<View> {
  const { customers, wallet } = ctx.deps.books;
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
    if (current > 0)
      keyboard.text(
        ctx.t("customers-page-prev"),
        customersCb.pack({ act: "ledger", customer: id, page: current - 1 }),
      );
    if (current < pages - 1)
      keyboard.text(
        ctx.t("customers-page-next"),
        customersCb.pack({ act: "ledger", customer: id, page: current + 1 }),
      );
    keyboard.row();
  }
  keyboard.text(ctx.t("customers-back-card"), cardCb(id));
  return { text: lines.join("\n"), keyboard };
}

function subStatus(t: Translate, s: Subscription, now: number): string {
  if (s.removedAt !== undefined) return t("customers-sub-status-removed");
  if (s.expiresAt === 0) return t("customers-sub-status-active");
  return t(s.expiresAt > now ? "customers-sub-status-active" : "customers-sub-status-expired");
}

/** A customer's subscriptions: plan, expiry, status. */
export async function subscriptionsView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, subscriptions } = ctx.deps.books;
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
    keyboard
      .text(`${plan} · ${until}`.slice(0, 60), customersCb.pack({ act: "sub", customer: id, sub: s.id }))
      .row();
  }
  keyboard.text(ctx.t("customers-back-card"), cardCb(id));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

const subEnded = (s: Subscription, now: number) =>
  s.removedAt !== undefined || (s.expiresAt > 0 && s.expiresAt <= now);

/** Where a subscription's access lives, by catalog name with the node id ("Frankfurt (main)"). */
function subLocations(ctx: BotContext, locale: Locale, sub: Subscription): string[] {
  const names = accessLocationsForAdmin(ctx.t, locale, sub.ref, ctx.deps.sales.shop.plan(sub.planId));
  return names.length > 0 ? [ctx.t("customers-sub-locations", { locations: html(names.join(", ")) })] : [];
}

/** One subscription: plan, status, expiry, term, locations, links count and the subscription URL. */
export async function subscriptionView(
  ctx: BotContext,
  id: number,
  subId: string,
  notice?: string,
): Promise<View> {
  const sub = await ctx.deps.books.subscriptions.get(subId);
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
    ...(sub.removedAt === undefined ? await freezeLines(ctx, locale, sub) : []),
  ];
  if (notice) lines.unshift(notice, "");
  const keyboard = new InlineKeyboard();
  if (sub.removedAt === undefined) await addLiftButton(ctx, keyboard, id, sub);
  if (!sub.trial && !subEnded(sub, now) && roleMay(await roleNow(ctx), "fair"))
    keyboard
      .text(ctx.t("fair-refund-button"), customersCb.pack({ act: "fair", customer: id, sub: sub.id }))
      .row();
  keyboard
    .text(ctx.t("customers-back-subs"), onCustomer("subs", id))
    .text(ctx.t("customers-back-card"), cardCb(id));
  return { text: lines.join("\n"), keyboard };
}
