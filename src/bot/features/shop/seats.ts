import { InlineKeyboard } from "grammy";
import type { Locale } from "#src/config.js";
import type { Subscription } from "#src/domain/books/index.js";
import type { Plan } from "#src/domain/catalog/index.js";
import {
  familyPrice,
  maxSeats,
  SEAT_START_PREFIX,
  type SeatClaim,
  seatCodeOf,
} from "#src/domain/sales/index.js";
import { memberSubscriptionId } from "#src/domain/settlement/index.js";
import { planTitle } from "#src/render/access.js";
import { keepMessage } from "#src/render/callback-data.js";
import { formatBytes, html } from "#src/render/format.js";
import { myCb, seatCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { tellCustomer } from "../admin/customers/notices.js";
import { withSupport } from "../help.js";
import { confirmView, startPurchase } from "./buy.js";
import { answer, localeOf, money } from "./common.js";
import { showGate } from "./gate-view.js";

/**
 * Family seats in the chat: a seat-priced plan's card offers a button per number of seats; a
 * seat's invite link (`/start seat_<code>`) claims it; the owner's card opens the seats screen
 * (each seat free with its link, or taken: who, traffic used), frees a seat (asked first; the
 * member is told) and adds one (the shop's confirm step, like a renewal or a pack).
 */

/** The most seat buttons on a plan card (a family of up to `max`). */
const SEAT_BUTTONS = 8;

/** A seat-priced plan's buttons, one per number of seats (undefined: not priced per seat). */
export function seatBuyButtons(ctx: BotContext, plan: Plan, locale: Locale): InlineKeyboard | undefined {
  if (plan.seats?.pricing !== "seat") return undefined;
  const keyboard = new InlineKeyboard();
  const unit = ctx.deps.sales.shop.priceOf(plan);
  const max = Math.min(maxSeats(plan) ?? 2, SEAT_BUTTONS + 1);
  for (let n = 2; n <= max; n++) {
    const price = money(ctx, familyPrice(unit, plan, n), locale);
    keyboard.text(
      ctx.t("seats-buy-button", { seats: n, price }),
      seatCb.pack({ act: "buy", id: plan.id, n }),
    );
    if (n % 2 === 1) keyboard.row();
  }
  return keyboard.row();
}

/** What the opener of a seat's invite is told for each outcome. */
const CLAIM_TEXT: Record<Exclude<SeatClaim["status"], "claimed" | "blocked" | "channel-required">, string> = {
  yours: "seat-claim-yours",
  own: "seat-claim-own",
  taken: "seat-claim-taken",
  unknown: "seat-claim-unknown",
};

/**
 * A /start with a seat's invite (`seat_<code>`): the first to open it takes the seat (their own
 * access follows from the order worker). Returns what to tell the opener; undefined when the
 * payload is not a seat invite.
 */
export async function seatOnStart(ctx: BotContext, payload: string): Promise<string | undefined> {
  const code = seatCodeOf(payload);
  if (code === undefined || !ctx.from) return undefined;
  if (ctx.chat?.type !== "private") return ctx.t("shop-private-only");
  const outcome = await ctx.deps.sales.seats.claim(code, ctx.from.id, await localeOf(ctx));
  ctx.log.info({ customerId: ctx.from.id, outcome: outcome.status }, "seat invite opened");
  if (outcome.status === "blocked") return withSupport(ctx, "error-blocked");
  if (outcome.status === "channel-required")
    return void (await showGate(ctx, outcome.channels, "seat", code));
  if (outcome.status !== "claimed") return ctx.t(CLAIM_TEXT[outcome.status]);
  const { family } = outcome;
  const owner = await ctx.deps.books.customers.get(family.owner);
  const name = html(ctx.from.first_name);
  await tellCustomer(ctx, family.owner, "seat-claimed-owner", () => ({ name }));
  return ctx.t("seat-claim-ok", { owner: html(owner?.firstName ?? "") });
}

/** What renewing `sub` costs: a family's every seat (per seat, or the pack), else the plan's price. */
export async function familyRenewalPrice(ctx: BotContext, sub: Subscription, plan: Plan): Promise<number> {
  const unit = ctx.deps.sales.shop.priceOf(plan);
  return familyPrice(unit, plan, await ctx.deps.sales.seats.count(sub.id));
}

/** The invite link of a seat's code. */
function inviteLink(ctx: BotContext, code: string): string {
  return `https://t.me/${ctx.me.username}?start=${SEAT_START_PREFIX}${code}`;
}

/** The button to the seats of `sub` on its card, for its owner (none: not a family). */
export async function seatsButton(ctx: BotContext, sub: Subscription, keyboard: InlineKeyboard) {
  const family = await ctx.deps.sales.seats.family(sub.id);
  if (!family || family.owner !== ctx.from?.id) return;
  const taken = 1 + family.seats.filter((s) => s.memberId !== undefined).length;
  keyboard
    .row()
    .text(
      ctx.t("seats-button", { taken, count: family.count }),
      seatCb.pack({ act: "list", id: sub.id, n: 0 }),
    );
}

/** The card's line of a member's seat: whose family it is part of (none: not a seat). */
export async function memberLine(ctx: BotContext, sub: Subscription): Promise<string | undefined> {
  if (!sub.familyOf) return undefined;
  const family = await ctx.deps.sales.seats.family(sub.familyOf);
  const owner = family ? await ctx.deps.books.customers.get(family.owner) : undefined;
  return ctx.t("seats-member-line", { owner: html(owner?.firstName ?? "") });
}

/** The owner's seats screen: each seat free (its link) or taken (who, traffic used); free, add. */
async function seatsView(ctx: BotContext, sub: Subscription): Promise<View | undefined> {
  const { seats } = ctx.deps.sales;
  const family = await seats.family(sub.id);
  if (!family) return undefined;
  const locale = await localeOf(ctx);
  const plan = ctx.deps.sales.shop.plan(sub.planId);
  const lines = [
    ctx.t("seats-title", { plan: html(planTitle(plan, locale, sub.planId)), count: family.count }),
    ctx.t("seats-owner-line"),
  ];
  const keyboard = new InlineKeyboard();
  for (const seat of family.seats) {
    if (seat.memberId === undefined || !seat.orderId) {
      lines.push(ctx.t("seats-free-line", { n: seat.n, link: inviteLink(ctx, seat.code) }));
      continue;
    }
    const member = await ctx.deps.books.subscriptions.get(memberSubscriptionId(seat.orderId));
    const state = member ? await ctx.deps.provisioning.usage.of(member) : undefined;
    const name = (await ctx.deps.books.customers.get(seat.memberId))?.firstName ?? String(seat.memberId);
    const used = state ? formatBytes(locale, state.usedBytes) : ctx.t("my-usage-unknown");
    lines.push(ctx.t("seats-taken-line", { n: seat.n, name: html(name), used }));
    keyboard.text(
      ctx.t("seats-free-button", { n: seat.n }),
      seatCb.pack({ act: "free", id: sub.id, n: seat.n }),
    );
    keyboard.row();
  }
  const quote = await seats.addQuote(sub.customerId, sub.id, 1);
  if (quote.ok) {
    const price = money(ctx, quote.quote.price, locale);
    lines.push("", ctx.t("seats-add-rule", { price, days: quote.quote.daysLeft, max: quote.quote.max }));
    keyboard.text(
      ctx.t("seats-add-button", { price }),
      keepMessage(seatCb.pack({ act: "add", id: sub.id, n: 1 })),
    );
  }
  keyboard.row().text(ctx.t("my-back"), myCb.pack({ act: "card", id: sub.id }));
  return { text: lines.join("\n"), keyboard };
}

/** Asks before seat `n` is freed (its member loses the access). */
function freeAsk(ctx: BotContext, sub: Subscription, n: number): View {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("seats-free-yes", { n }), seatCb.pack({ act: "freeok", id: sub.id, n }))
    .text(ctx.t("seats-free-no"), seatCb.pack({ act: "list", id: sub.id, n: 0 }));
  return { text: ctx.t("seats-free-ask", { n }), keyboard };
}

/** Frees seat `n` (settlement's SeatFulfilment.revoke), tells its member, shows the seats again. */
async function freeSeat(ctx: BotContext, sub: Subscription, n: number): Promise<void> {
  const out = await ctx.deps.settlement.fulfilment.seats.revoke(sub.customerId, sub.id, n).catch((err) => {
    ctx.log.warn({ err, subscriptionId: sub.id, seat: n }, "a seat could not be freed now");
    return { status: "failed" as const };
  });
  ctx.log.info({ subscriptionId: sub.id, seat: n, outcome: out.status }, "seat freed");
  if (out.status !== "ok") return answer(ctx, ctx.t(`seats-free-${out.status}`), true);
  const owner = html(ctx.from?.first_name ?? "");
  if (out.memberId !== undefined)
    await tellCustomer(ctx, out.memberId, "seats-freed-member", () => ({ owner }));
  await answer(ctx, ctx.t("seats-freed", { n }));
  const view = await seatsView(ctx, sub);
  if (view) await show(ctx, view);
}

/** Opens the order of one more seat and shows its confirmation (the shop's confirm step). */
async function addSeat(ctx: BotContext, sub: Subscription): Promise<void> {
  const started = await ctx.deps.sales.seats.startAdd(sub.customerId, sub.id, 1, await localeOf(ctx));
  if (!started.ok) return answer(ctx, ctx.t(`seats-add-refused-${started.reason}`), true);
  ctx.log.info({ orderId: started.order.id, subscriptionId: sub.id }, "seat addition started");
  await answer(ctx);
  await show(ctx, await confirmView(ctx, started.order));
}

/** The seat buttons: buying a family of N, and the owner's seats screen. */
export const seatsFeature = new Routes<BotContext>();

seatsFeature.callbackQuery(seatCb.pattern, async (ctx) => {
  const data = seatCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  if (data.act === "buy") return startPurchase(ctx, data.id, false, data.n);
  const sub = await ctx.deps.books.subscriptions.get(data.id);
  if (!sub || sub.customerId !== ctx.from?.id) return answer(ctx, ctx.t("my-not-found"), true);
  switch (data.act) {
    case "list": {
      const view = await seatsView(ctx, sub);
      await answer(ctx);
      return view ? show(ctx, view) : undefined;
    }
    case "free":
      await answer(ctx);
      return show(ctx, freeAsk(ctx, sub, data.n));
    case "freeok":
      return freeSeat(ctx, sub, data.n);
    case "add":
      return addSeat(ctx, sub);
  }
});
