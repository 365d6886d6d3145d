import type { InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import { LOCALES } from "../config.js";
import { callbackCodec, keepMessage } from "./callback-data.js";
import type { Translate } from "./i18n-like.js";

/**
 * Callback data of the customer's shop views: an action and one small id, re-validated on
 * arrival (the order or subscription is looked up and must belong to the presser).
 */

const entityId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const buyCb = callbackCodec("buy", {
  act: z.enum(["list", "plan", "go", "gift"]),
  plan: z.string().max(32).default(""),
});

export const orderCb = callbackCodec("ord", {
  act: z.enum(["bal", "inv", "cancel", "promo"]),
  id: entityId,
});

export const walletCb = callbackCodec("wallet", {
  /** inv: a top-up's Telegram invoice, chosen among the ways to pay; mail: the e-mail for receipts. */
  act: z.enum(["top", "custom", "hist", "inv", "mail"]),
  /** top, inv: the amount in minor units; hist: the page. */
  n: z.coerce.number().int().min(0).max(1_000_000_000),
});

/**
 * Paying on an outside rail (shop/rail-checkout.ts): `pay` an order on it (id: the order), `top`
 * up the wallet (id: the amount in minor units), `chk` the customer's "I paid" (id: the rail's
 * payment id), `off` a rail that is down now (id: unused), `alt` the order's ways to pay again.
 * The rail's id as the ledger's charge ids spell it; with a YooKassa payment id (36 characters)
 * "I paid" fits the 64 bytes for a rail id of up to 18.
 */
export const railCb = callbackCodec("rail", {
  act: z.enum(["pay", "top", "chk", "off", "alt"]),
  rail: z.string().regex(/^[a-z][a-z0-9]{1,20}$/),
  id: entityId,
});

export const myCb = callbackCodec("my", {
  act: z.enum(["card", "qr", "renew", "page", "auto-on", "auto-off"]),
  /** card, qr, renew, auto-on/off (auto-renew): the subscription; page: the page number. */
  id: entityId,
});

/** A traffic pack for one of the presser's subscriptions (shop/packs.ts): the subscription and the pack. */
export const packCb = callbackCodec("pack", {
  id: entityId,
  pack: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
});

/**
 * Family seats (shop/seats.ts): `buy` a seat-priced plan with `n` seats (id: the plan); on the
 * presser's family (id: the subscription) `list` its seats, `free` seat `n` (asks), `freeok`
 * (frees it), `add` a seat.
 */
export const seatCb = callbackCodec("seat", {
  act: z.enum(["buy", "list", "free", "freeok", "add"]),
  id: entityId,
  n: z.coerce.number().int().min(0).max(50).default(0),
});

/** A plan switch of one of the presser's subscriptions (shop/plan-switch.ts): its targets, or one picked. */
export const switchCb = callbackCodec("swp", {
  act: z.enum(["list", "pick"]),
  id: entityId,
  plan: z.string().max(32).default(""),
});

/**
 * A freeze of one of the presser's subscriptions (shop/freeze.ts): `pick` the days, `days` its
 * confirmation (days: the days picked), `go` freeze, `off` unfreeze (days: unused, 0).
 */
export const freezeCb = callbackCodec("frz", {
  act: z.enum(["pick", "days", "go", "off"]),
  id: entityId,
  days: z.coerce.number().int().min(0).max(365),
});

/** Sent by payments.ts ("open the wallet"). */
export const WALLET_VIEW = "wallet:view";
/** "My gifts" (shop/gifts.ts `giftCb` list), from the wallet. */
export const GIFTS_VIEW = "gift:list:";
/** Sent by the notifier under a delivered access. */
export const MY_LIST = "my:list";
/** The customer's service status (shop/status.ts): opened from /my, and its Refresh (edits in place). */
export const STATUS_VIEW = "status:view";
export const TRIAL_START = "trial:go";
/**
 * The main menu's buttons (start.ts): one action each, so a button in an old message still does
 * what it says. `main` is "« Main menu" under the shop's views.
 */
export const menuCb = callbackCodec("menu", {
  act: z.enum(["main", "buy", "my", "wallet", "trial", "invite", "lang", "help"]),
});
/** Back to the main menu (handled in start.ts). */
export const MAIN_MENU = menuCb.pack({ act: "main" });

/** A language picker's choice, and whether the main menu comes back after it (language.ts). */
export const languageCb = callbackCodec("lang", {
  to: z.enum(LOCALES),
  after: z.enum(["menu", "done"]),
});

/** Callback data the shop's guard (blocked customers, private chat) looks at. */
export const SHOP_CALLBACK = /^(buy|ord|wallet|my|trial|pack|swp|rail|seat|frz|status)(:|$)/;
export const SHOP_COMMANDS = ["buy", "my", "wallet", "trial", "promo", "status"] as const;

/**
 * The buttons under a message that delivers an access (its links, term and instructions: a
 * purchase, a renewal, a claimed gift, a trial, an access set up again): My subscriptions and the
 * main menu, each marked to open anew, so the links stay in the chat (KEEP_MARK).
 */
export function deliveryKeyboard(t: Translate): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        { text: t("delivery-open-my"), callback_data: keepMessage(MY_LIST) },
        { text: t("menu-main"), callback_data: keepMessage(MAIN_MENU) },
      ],
    ],
  };
}

/** The buttons under a top-up's receipt: the wallet and the main menu, the receipt kept (KEEP_MARK). */
export function receiptKeyboard(t: Translate): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        { text: t("menu-wallet"), callback_data: keepMessage(WALLET_VIEW) },
        { text: t("menu-main"), callback_data: keepMessage(MAIN_MENU) },
      ],
    ],
  };
}
