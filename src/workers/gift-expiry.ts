import type { Locale } from "../config.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import { planTitle } from "../render/access.js";
import type { I18nLike } from "../render/i18n-like.js";
import { MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";

export const GIFT_EXPIRY_EVERY_MS = 5 * MINUTE;

export interface GiftExpiryDeps extends Pick<ShopRooms, "books" | "sales"> {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  logger: Logger;
  defaultLocale?: Locale;
  everyMs?: number;
}

/**
 * Gift links nobody claimed in time: the buyer's money goes back to their wallet (each gift in one
 * atomic step that a claim or a cancel at the same moment cannot also win, so several workers or
 * a repeated run refund it once), and the buyer is told. Returns how many this run refunded.
 */
export async function expireGifts(deps: GiftExpiryDeps): Promise<number> {
  const { books, sales, i18n, logger } = deps;
  const expired = await sales.gifts.expireDue();
  for (const gift of expired) {
    logger.info({ orderId: gift.orderId, buyerId: gift.buyerId, refunded: gift.price }, "gift expired");
    const locale = (await books.customers.get(gift.buyerId))?.locale ?? deps.defaultLocale ?? "en";
    const text = i18n.t(locale, "gift-expired-refunded", {
      plan: planTitle(sales.shop.plan(gift.planId), locale, gift.planId),
      amount: formatMoney(gift.currency, gift.price, locale),
    });
    await deps.outbox
      .send({ chatId: gift.buyerId, text, once: `gift-expired:${gift.orderId}` })
      .catch((err: unknown) => logger.warn({ err, orderId: gift.orderId }, "gift expiry notice not queued"));
  }
  return expired.length;
}

export function createGiftExpiryTask(deps: GiftExpiryDeps): PeriodicTask {
  return { name: "gift-expiry", everyMs: deps.everyMs ?? GIFT_EXPIRY_EVERY_MS, run: () => expireGifts(deps) };
}
