import type { z } from "zod";
import { formatMoney } from "../domain/catalog/index.js";
import type { Gift, GiftState } from "../domain/sales/index.js";
import { planTitle } from "../render/access.js";
import { formatDate } from "../render/format.js";
import { giftLink } from "../render/gifts.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import type { GIFT_STATUSES, GiftsResponse, giftCancelResponse } from "./schemas-account.js";

/** How many of the buyer's latest gifts the page lists. */
const LISTED = 20;

const STATUS: Record<GiftState, (typeof GIFT_STATUSES)[number]> = {
  open: "waiting",
  claimed: "claimed",
  cancelled: "cancelled",
  expired: "expired",
};

const STATUS_TEXT: Record<GiftState, string> = {
  open: "webapp-gift-state-waiting",
  claimed: "webapp-gift-state-claimed",
  cancelled: "webapp-gift-state-cancelled",
  expired: "webapp-gift-state-expired",
};

/** GET /app/api/gifts: the caller's latest gifts, newest first; a waiting one with its link. */
export async function listGifts(deps: WebappDeps, caller: Caller): Promise<GiftsResponse> {
  const gifts = await deps.sales.gifts.ofBuyer(caller.id, LISTED);
  return { ok: true, gifts: gifts.map((gift) => giftOut(deps, caller, gift)) };
}

function giftOut(deps: WebappDeps, caller: Caller, gift: Gift): GiftsResponse["gifts"][number] {
  const { t, locale } = caller;
  const waiting = gift.state === "open";
  const when = waiting ? gift.expiresAt : (gift.claimedAt ?? gift.endedAt ?? gift.createdAt);
  // What it cost is what goes back: in the currency it was paid in.
  const amount = formatMoney(gift.currency, gift.price, locale);
  return {
    code: gift.code,
    title: planTitle(deps.sales.shop.plan(gift.planId), locale, gift.planId),
    status: STATUS[gift.state],
    status_text: t(STATUS_TEXT[gift.state], { date: formatDate(locale, when) }),
    link: waiting ? giftLink(deps.botUsername, gift.code) : null,
    created_text: formatDate(locale, gift.createdAt),
    expires_text: waiting ? t("webapp-until", { date: formatDate(locale, gift.expiresAt) }) : null,
    cancellable: waiting,
    refund_text: waiting ? t("webapp-gift-refund-text", { amount }) : null,
  };
}

/**
 * POST /app/api/gifts/:code/cancel: the chat's Cancel of an unclaimed gift (Gifts.cancel: one Lua
 * step refunds the buyer once, so a second press, or a claim at the same moment, changes nothing).
 */
export async function cancelGift(
  deps: WebappDeps,
  caller: Caller,
  code: string,
): Promise<z.output<typeof giftCancelResponse>> {
  const outcome = await deps.sales.gifts.cancel(code, caller.id);
  if (outcome.status === "unknown") throw new Refusal(404, "unknown-gift");
  if (outcome.status !== "ok") throw new Refusal(409, "gift-not-cancellable");
  const { gift } = outcome;
  deps.logger.info({ orderId: gift.orderId, refunded: gift.price }, "cabinet: gift cancelled by the buyer");
  const balance = await deps.books.wallet.balance(caller.id);
  return {
    ok: true,
    refunded_text: caller.t("webapp-gift-refunded-text", {
      amount: formatMoney(gift.currency, gift.price, caller.locale),
    }),
    balance,
    balance_text: caller.money(balance),
  };
}
