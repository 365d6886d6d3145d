import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { type ClaimOutcome, type Gift, type GiftState, giftCodeOf } from "#src/domain/sales/index.js";
import { planTitle } from "#src/render/access.js";
import { callbackCodec } from "#src/render/callback-data.js";
import { formatDate, html } from "#src/render/format.js";
import { giftReadyTexts } from "#src/render/gifts.js";
import { GIFTS_VIEW, WALLET_VIEW } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { claimConfirmation, issueConfirmation } from "../../kit/index.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { tellCustomer } from "../admin/customers/notices.js";
import { withSupport } from "../help.js";
import { answer, localeOf, mainMenuRow, money } from "./common.js";
import { showGate } from "./gate-view.js";
import { shopAllowed } from "./index.js";

/** "My gifts" (list), a gift's link sent again, and Cancel; the code is the buyer's own gift's. */
export const giftCb = callbackCodec("gift", {
  act: z.enum(["list", "link", "cancel"]),
  code: z.string().regex(/^[A-Za-z0-9]{0,12}$/),
});

/** Yes on Cancel's confirmation: the gift and the one-time token the question was asked with. */
export const giftCancelCb = callbackCodec("giftok", {
  code: z.string().regex(/^[A-Za-z0-9]{12}$/),
  token: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
});

/** The confirmation's token is bound to its gift: it confirms no other. */
const cancelAction = (code: string) => `gift-cancel:${code}`;

/** How many of the buyer's latest gifts "My gifts" lists. */
const LISTED = 10;

/** A gift's line in "My gifts", by its state. */
const LINE: Record<GiftState, string> = {
  open: "gift-line-open",
  claimed: "gift-line-claimed",
  cancelled: "gift-line-cancelled",
  expired: "gift-line-expired",
};

/** Why Cancel did nothing, by the gift's state. */
const NOT_CANCELLED: Record<GiftState | "unknown", string> = {
  open: "gift-gone",
  unknown: "gift-gone",
  claimed: "gift-was-claimed",
  cancelled: "gift-was-cancelled",
  expired: "gift-was-expired",
};

async function giftLine(ctx: BotContext, gift: Gift, n: number): Promise<string> {
  const locale = await localeOf(ctx);
  const vars = {
    n,
    plan: html(planTitle(ctx.deps.sales.shop.plan(gift.planId), locale, gift.planId)),
    amount: money(ctx, gift.price, locale),
    date: formatDate(locale, gift.state === "open" ? gift.expiresAt : (gift.claimedAt ?? gift.endedAt ?? 0)),
  };
  if (gift.state !== "claimed") return ctx.t(LINE[gift.state], vars);
  const claimer = gift.claimerId ? await ctx.deps.books.customers.get(gift.claimerId) : undefined;
  return ctx.t("gift-line-claimed", { ...vars, name: html(claimer?.firstName || "—") });
}

/** The buyer's latest gifts with their state; an open one has Link and Cancel buttons. */
export async function giftsView(ctx: BotContext, note?: string): Promise<View> {
  const gifts = ctx.from ? await ctx.deps.sales.gifts.ofBuyer(ctx.from.id, LISTED) : [];
  const lines = note ? [note, ""] : [];
  lines.push(ctx.t("gift-list-title"), "");
  const keyboard = new InlineKeyboard();
  if (gifts.length === 0) lines.push(ctx.t("gift-list-empty"));
  for (const [i, gift] of gifts.entries()) {
    lines.push(await giftLine(ctx, gift, i + 1));
    if (gift.state !== "open") continue;
    keyboard
      .text(ctx.t("gift-link-button", { n: i + 1 }), giftCb.pack({ act: "link", code: gift.code }))
      .text(ctx.t("gift-cancel-button", { n: i + 1 }), giftCb.pack({ act: "cancel", code: gift.code }))
      .row();
  }
  keyboard.text(ctx.t("menu-wallet"), WALLET_VIEW).row();
  return { text: lines.join("\n"), keyboard: mainMenuRow(ctx.t, keyboard) };
}

/**
 * Cancel asks first: what goes back to the wallet, and that the link stops working. Nothing is
 * refunded until the buyer says yes (a gift no longer open is said so at once).
 */
async function askCancel(ctx: BotContext, code: string): Promise<void> {
  const gift = await ctx.deps.sales.gifts.get(code);
  if (!gift || gift.buyerId !== ctx.from?.id) return answer(ctx, ctx.t("gift-gone"), true);
  if (gift.state !== "open") {
    await answer(ctx, ctx.t(NOT_CANCELLED[gift.state]), true);
    return show(ctx, await giftsView(ctx));
  }
  await answer(ctx);
  const locale = await localeOf(ctx);
  const amount = money(ctx, gift.price, locale);
  const token = await issueConfirmation(ctx, cancelAction(code));
  const keyboard = new InlineKeyboard()
    .text(ctx.t("gift-cancel-yes", { amount }), giftCancelCb.pack({ code, token }))
    .row()
    .text(ctx.t("gift-cancel-keep"), GIFTS_VIEW)
    .row();
  const plan = html(planTitle(ctx.deps.sales.shop.plan(gift.planId), locale, gift.planId));
  await show(ctx, { text: ctx.t("gift-cancel-confirm", { plan, amount }), keyboard });
}

/**
 * Yes on the confirmation: the money back to the wallet, once (a second press hears the gift is
 * cancelled; a press on a question whose token expired is asked again).
 */
async function cancelGift(ctx: BotContext, code: string, token: string): Promise<void> {
  if (!ctx.from) return;
  // An expired or forged token asks again; a spent one was a yes to this gift: the cancel step
  // itself refunds once, so a double tap hears that the gift is cancelled.
  if ((await claimConfirmation(ctx, token, cancelAction(code))) === "unknown") return askCancel(ctx, code);
  const outcome = await ctx.deps.sales.gifts.cancel(code, ctx.from.id);
  if (outcome.status !== "ok") {
    await answer(ctx, ctx.t(NOT_CANCELLED[outcome.status]), true);
    return show(ctx, await giftsView(ctx));
  }
  const { gift } = outcome;
  ctx.log.info({ orderId: gift.orderId, refunded: gift.price }, "gift cancelled by the buyer");
  await answer(ctx);
  const locale = await localeOf(ctx);
  const balance = money(ctx, await ctx.deps.books.wallet.balance(ctx.from.id), locale);
  await show(
    ctx,
    await giftsView(ctx, ctx.t("gift-cancelled", { amount: money(ctx, gift.price, locale), balance })),
  );
}

/** The link of an open gift of the presser, sent again (the same two messages as when it was paid). */
async function sendLinkAgain(ctx: BotContext, code: string): Promise<void> {
  const gift = await ctx.deps.sales.gifts.get(code);
  if (!gift || gift.buyerId !== ctx.from?.id || gift.state !== "open") {
    await answer(ctx, ctx.t("gift-gone"), true);
    return;
  }
  await answer(ctx);
  const locale = await localeOf(ctx);
  const plan = ctx.deps.sales.shop.plan(gift.planId);
  const { info, forward } = giftReadyTexts(ctx.t, locale, gift, plan, ctx.me.username);
  const options = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };
  await ctx.reply(info, options);
  await ctx.reply(forward, options);
}

/** What the claimer is told for each outcome of opening a gift link. */
const CLAIM_TEXT: Record<
  Exclude<ClaimOutcome["status"], "claimed" | "blocked" | "channel-required">,
  string
> = {
  yours: "gift-claim-yours",
  own: "gift-claim-own",
  taken: "gift-claim-taken",
  cancelled: "gift-claim-cancelled",
  expired: "gift-claim-expired",
  unknown: "gift-claim-unknown",
};

/**
 * A /start with a gift link's payload (`gift_<code>`): the first to open it (not the buyer) gets
 * the plan; the buyer is told in their language. Returns what to tell the opener, or undefined
 * when the payload is not a gift link.
 */
export async function giftOnStart(ctx: BotContext, payload: string): Promise<string | undefined> {
  const code = giftCodeOf(payload);
  if (code === undefined || !ctx.from) return undefined;
  if (ctx.chat?.type !== "private") return ctx.t("shop-private-only");
  const outcome = await ctx.deps.sales.gifts.claim(code, ctx.from.id);
  ctx.log.info({ customerId: ctx.from.id, outcome: outcome.status }, "gift link opened");
  if (outcome.status === "blocked") return withSupport(ctx, "error-blocked");
  // The gift waits (nothing is claimed): its screen's Check claims it once the channels are joined.
  if (outcome.status === "channel-required")
    return void (await showGate(ctx, outcome.channels, "claim", code));
  if (outcome.status !== "claimed") return ctx.t(CLAIM_TEXT[outcome.status]);
  const { gift } = outcome;
  const name = html(ctx.from.first_name);
  await tellCustomer(ctx, gift.buyerId, "gift-claimed-buyer", (locale) => ({
    plan: html(planTitle(ctx.deps.sales.shop.plan(gift.planId), locale, gift.planId)),
    name,
  }));
  const locale = await localeOf(ctx);
  return ctx.t("gift-claim-ok", {
    plan: html(planTitle(ctx.deps.sales.shop.plan(gift.planId), locale, gift.planId)),
  });
}

/** "My gifts" and its buttons (the shop's checks first: private chat, not blocked). */
export const giftFeature = new Routes<BotContext>();
giftFeature.callbackQuery(giftCb.pattern, async (ctx) => {
  const data = giftCb.unpack(ctx.callbackQuery.data);
  if (!data || !(await shopAllowed(ctx))) return answer(ctx);
  switch (data.act) {
    case "list":
      await answer(ctx);
      return show(ctx, await giftsView(ctx));
    case "link":
      return sendLinkAgain(ctx, data.code);
    case "cancel":
      return askCancel(ctx, data.code);
  }
});
giftFeature.callbackQuery(giftCancelCb.pattern, async (ctx) => {
  const data = giftCancelCb.unpack(ctx.callbackQuery.data);
  if (!data || !(await shopAllowed(ctx))) return answer(ctx);
  return cancelGift(ctx, data.code, data.token);
});
