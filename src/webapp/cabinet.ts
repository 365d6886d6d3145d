import type { z } from "zod";
import type { HistoryItem, Order, Subscription } from "../domain/books/index.js";
import { type AccessState, GB_BYTES } from "../domain/books/index.js";
import { inLocale } from "../domain/catalog/index.js";
import type { ServerOutage } from "../domain/fleet/index.js";
import { familyPrice, topUpBounds } from "../domain/sales/index.js";
import { subscriptionTitle } from "../render/access.js";
import { formatBytes, formatDate, formatGb, formatNumber } from "../render/format.js";
import { appliesAfterFreezeText } from "../render/freeze.js";
import { historyLineParts } from "../render/history.js";
import { accessLocationNames } from "../render/locations.js";
import { planDetailsLine } from "../render/plan-details.js";
import { DAY } from "../runtime/clock.js";
import { autoRenewOf } from "./auto-renew.js";
import { connectOf } from "./connect.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import { freezeOf } from "./freeze.js";
import { payOptionsOf } from "./pay-options.js";
import type {
  CardResponse,
  cardResponse,
  connectResponse,
  plansResponse,
  SubscriptionStatus,
  usageResponse,
  walletResponse,
} from "./schemas.js";
import type { orderResponse } from "./schemas-orders.js";
import { memberTextOf, seatsCardOf } from "./seats.js";

/** Days the usage chart covers. */
export const USAGE_DAYS = 30;
/** Ledger entries on one page of the wallet. */
export const LEDGER_PAGE_SIZE = 10;

type Out<S extends z.ZodType> = z.output<S>;

export const seconds = (ms: number) => Math.floor(ms / 1000);

/** The subscription as the page may see it: the caller's own, else 404 (never someone else's). */
export async function ownSubscription(deps: WebappDeps, caller: Caller, id: string): Promise<Subscription> {
  const sub = await deps.books.subscriptions.get(id);
  if (!sub || sub.customerId !== caller.id) throw new Refusal(404, "unknown-subscription");
  return sub;
}

/** Its live state (the usage reader's minute cache, as in /my); none for a removed access. */
export function stateOf(deps: WebappDeps, sub: Subscription): Promise<AccessState | undefined> {
  return sub.removedAt !== undefined ? Promise.resolve(undefined) : deps.provisioning.usage.of(sub);
}

export function statusOf(
  now: number,
  sub: Subscription,
  state: AccessState | undefined,
  outage: ServerOutage | undefined,
): SubscriptionStatus {
  if (sub.removedAt !== undefined) return "removed";
  const expiresAt = state ? state.expiresAt : sub.expiresAt;
  if (expiresAt > 0 && expiresAt <= now) return "expired";
  if (state && !state.enabled) return "disabled";
  return outage ? "outage" : "active";
}

/** GET /app/api/subscriptions/:id: one subscription's card, its texts in the caller's language. */
export async function card(deps: WebappDeps, caller: Caller, id: string): Promise<CardResponse> {
  const sub = await ownSubscription(deps, caller, id);
  const { t, locale } = caller;
  const [state, outages] = await Promise.all([stateOf(deps, sub), deps.fleet.outages.ofSubscriptions([sub])]);
  const outage = outages.get(sub.id);
  const now = deps.clock.now();
  const freeze = await freezeOf(deps, caller, sub);
  const status = freeze?.frozen ? "frozen" : statusOf(now, sub, state, outage);
  const plan = deps.sales.shop.plan(sub.planId);
  // While frozen the record's end (the freeze's end + the bank) is the one to show.
  const expiresAt = state && !freeze?.frozen ? state.expiresAt : sub.expiresAt;
  const limitBytes = state ? state.limitBytes : Math.round(sub.trafficGb * GB_BYTES);
  const daysLeft = expiresAt > 0 ? Math.max(0, Math.ceil((expiresAt - now) / DAY)) : null;
  const used = state ? formatBytes(locale, state.usedBytes) : t("webapp-traffic-unknown");
  // A family seat is renewed with its family, by the owner; a family renews every seat at once.
  const renewable = !sub.trial && plan !== undefined && status !== "removed" && !sub.familyOf;
  const renewPrice = plan
    ? familyPrice(deps.sales.shop.priceOf(plan), plan, await deps.sales.seats.count(sub.id))
    : 0;
  const subscription: Out<typeof cardResponse>["subscription"] = {
    id: sub.id,
    short_id: `#${sub.id.slice(-6)}`,
    title: subscriptionTitle(t, locale, sub, plan),
    trial: sub.trial,
    status,
    status_text: t(`my-status-${status}`),
    expires_at: expiresAt > 0 ? seconds(expiresAt) : null,
    expires_text:
      expiresAt > 0 ? t("webapp-until", { date: formatDate(locale, expiresAt) }) : t("access-no-expiry"),
    days_left: daysLeft,
    days_left_text: daysLeft === null ? null : t("webapp-days-left", { days: daysLeft }),
    traffic_used_bytes: state ? state.usedBytes : null,
    traffic_limit_bytes: limitBytes,
    traffic_text:
      limitBytes > 0
        ? t("webapp-traffic-of", { used, limit: formatBytes(locale, limitBytes) })
        : // "0 B of unlimited" read oddly: an unlimited access not used yet says so in words.
          state?.usedBytes === 0
          ? t("webapp-traffic-unlimited-unused")
          : t("webapp-traffic-unlimited", { used }),
    devices_text: sub.devices > 0 ? formatNumber(locale, sub.devices) : t("access-unlimited"),
    locations: accessLocationNames(t, locale, sub.ref, plan),
    renew_price: renewable ? renewPrice : null,
    renew_price_text: renewable ? caller.money(renewPrice) : null,
    ...(await autoRenewOf(deps, caller, sub)),
    carried_text: sub.carriedGb ? t("rollover-carried", { gb: sub.carriedGb }) : null,
    freeze,
    ...(await offersOf(deps, caller, sub, status)),
  };
  return { ok: true, subscription };
}

/** What the card offers beside renewal: traffic packs, a family's seats, plan switches. */
async function offersOf(deps: WebappDeps, caller: Caller, sub: Subscription, status: string) {
  const { locale } = caller;
  return {
    // The chat's rule of what is offered (PackSales.offers), none for an access disabled or frozen.
    traffic_packs: (status === "disabled" || status === "frozen"
      ? []
      : deps.sales.shop.packs.offers(sub)
    ).map(({ pack, price }) => ({
      id: pack.id,
      gb: pack.gb,
      gb_text: `+${formatGb(locale, pack.gb)}`,
      price,
      price_text: caller.money(price),
    })),
    seats: status === "removed" ? null : await seatsCardOf(deps, caller, sub),
    family_seat_text: await memberTextOf(deps, caller, sub),
    switch_plans: (status === "disabled" || status === "frozen"
      ? []
      : await deps.sales.shop.switches.targets(sub)
    ).map((p) => ({
      id: p.id,
      title: inLocale(p.title, locale),
      price_text: caller.money(deps.sales.shop.priceOf(p)),
    })),
  };
}

/** GET /app/api/subscriptions/:id/usage: the daily points of the last 30 days. */
export async function usage(
  deps: WebappDeps,
  caller: Caller,
  id: string,
): Promise<Out<typeof usageResponse>> {
  const sub = await ownSubscription(deps, caller, id);
  const days = await deps.provisioning.usage.history.daily(
    sub.id,
    deps.clock.now(),
    USAGE_DAYS,
    sub.createdAt,
  );
  return {
    ok: true,
    days: days.map((d) => ({
      date: d.date,
      bytes: d.bytes,
      // Usage is counted per UTC day: its label is that day, whatever the shop's zone.
      label: formatDate(caller.locale, Date.parse(`${d.date}T00:00:00Z`), "UTC"),
      text: d.bytes === null ? null : formatBytes(caller.locale, d.bytes),
    })),
  };
}

/** GET /app/api/subscriptions/:id/connect: URL, links, QR modules and the apps per platform. */
export async function connect(
  deps: WebappDeps,
  caller: Caller,
  id: string,
): Promise<Out<typeof connectResponse>> {
  const sub = await ownSubscription(deps, caller, id);
  return connectOf({ links: sub.links, subscriptionUrl: sub.subscriptionUrl });
}

/** GET /app/api/plans: the plans on sale with their prices and terms. */
export function plans(deps: WebappDeps, caller: Caller): Out<typeof plansResponse> {
  const { shop } = deps.sales;
  const { t, locale } = caller;
  return {
    ok: true,
    currency: shop.currency,
    plans: shop.plans().map((plan) => {
      const price = shop.priceOf(plan);
      return {
        id: plan.id,
        title: inLocale(plan.title, locale),
        details: planDetailsLine(t, locale, plan),
        price,
        price_text: caller.money(price),
      };
    }),
  };
}

/** GET /app/api/orders/:id: an order of the caller's, for polling until it is active. */
export async function orderStatus(
  deps: WebappDeps,
  caller: Caller,
  id: string,
): Promise<Out<typeof orderResponse>> {
  const order = await deps.books.orders.get(id);
  if (!order || order.customerId !== caller.id) throw new Refusal(404, "unknown-order");
  // Paid while its subscription is frozen: it applies at the unfreeze, and the page says when.
  const paid = order.status === "paid" || order.status === "provisioning";
  const freezes = deps.terms?.freezes;
  const later = paid && freezes && (await appliesAfterFreezeText(freezes, caller.t, caller.locale, order));
  return { ok: true, order: { ...orderOut(order), ...(later ? { frozen_text: later } : {}) } };
}

/** An order as the cabinet's answers show it (its status polled, and when just created). */
export function orderOut(order: Order): Out<typeof orderResponse>["order"] {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    subscription_id: order.subscriptionId ?? null,
  };
}

/** GET /app/api/wallet?page=N: balance, top-up presets and the ledger, newest first. */
export async function walletPage(
  deps: WebappDeps,
  caller: Caller,
  page: number,
  presets: readonly number[],
): Promise<Out<typeof walletResponse>> {
  const { wallet } = deps.books;
  const { shop } = deps.sales;
  let at = Math.max(0, page);
  let { items, total } = await wallet.historyPage(caller.id, at * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  if (at >= pages) {
    // A page past the end (the ledger only grows, so only a made-up one): the last page instead.
    at = pages - 1;
    ({ items } = await wallet.historyPage(caller.id, at * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE));
  }
  // An order paid by an invoice is one row, as in the chat (render/history.ts).
  const line = (item: HistoryItem) =>
    historyLineParts(
      t,
      caller.locale,
      item,
      (id) => shop.plan(id),
      (text) => text,
    );
  const balance = await wallet.balance(caller.id);
  const { t } = caller;
  const bounds = topUpBounds(shop.currency);
  return {
    ok: true,
    currency: shop.currency,
    balance,
    balance_text: caller.money(balance),
    page: at,
    pages,
    page_text: t("webapp-page", { page: at + 1, pages }),
    entries: items.map((item) => {
      const parts = line(item);
      return {
        at: seconds(item.entry.at),
        at_text: formatDate(caller.locale, item.entry.at),
        kind_text: parts.what,
        amount: item.entry.amount,
        amount_text: parts.amount,
        balance_text: parts.balance,
      };
    }),
    topup_presets: presets.map((amount) => ({ amount, text: caller.money(amount) })),
    topup_min_text: caller.money(bounds.min),
    topup_max_text: caller.money(bounds.max),
    pay_options: await payOptionsOf(deps, caller),
  };
}
