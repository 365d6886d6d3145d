import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { ShopClosed } from "../../domain/catalog/index.js";
import { maintenanceText } from "../../render/maintenance.js";
import {
  languageCb,
  MY_LIST,
  menuCb,
  myCb,
  STATUS_VIEW,
  WALLET_VIEW,
  walletCb,
} from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { CONV_CANCEL } from "../conversation-kit.js";
import { shopClosedFor } from "../early-reads.js";
import { isAdmin } from "../filters.js";
import { localeOf } from "../i18n.js";
import { show, type View } from "../views/show.js";
import { giftCb } from "./shop/gifts.js";
import { inviteOnStart } from "./shop/invite.js";

/** Commands and main-menu buttons that open what a customer has (see looksAtWhatTheyHave). */
const OPEN_COMMANDS = ["my", "status", "wallet", "help", "language", "cancel"] as const;
const OPEN_MENU = new Set(["my", "wallet", "help", "lang"]);

/**
 * What a customer may still do while the shop is closed: look at what they have. Their
 * subscriptions, links and QR codes (the access they paid for keeps working and they may need to
 * set it up again), their service status (a hosting outage is when they look at it), the wallet
 * and its history, their gifts' links, help, the language, and leaving a question. Everything that sells or moves money (buy, renew, trial, top-up, promo,
 * a gift bought, claimed or cancelled) waits for the shop to open.
 */
function looksAtWhatTheyHave(ctx: BotContext): boolean {
  const data = ctx.callbackQuery?.data;
  if (data === undefined) return ctx.hasCommand([...OPEN_COMMANDS]);
  if (data === MY_LIST || data === STATUS_VIEW || data === WALLET_VIEW || data === CONV_CANCEL) return true;
  const my = myCb.unpack(data);
  if (my) return my.act !== "renew";
  const wallet = walletCb.unpack(data);
  if (wallet) return wallet.act === "hist";
  const menu = menuCb.unpack(data);
  if (menu) return OPEN_MENU.has(menu.act);
  const gift = giftCb.unpack(data);
  if (gift) return gift.act !== "cancel";
  return languageCb.unpack(data) !== undefined;
}

/** `/start <payload>`: the payload (an invite code, a gift link), else undefined. */
function startPayload(ctx: BotContext): string | undefined {
  const text = ctx.message?.text;
  if (!text || !ctx.hasCommand("start")) return undefined;
  return /^\/start(?:@\w+)?\s+(\S+)/.exec(text)?.[1];
}

/** The notice customers get instead of the shop, with the ways that still work under it. */
async function closedView(ctx: BotContext, closed: ShopClosed, welcome: string | undefined): Promise<View> {
  const text = maintenanceText(ctx.t, await localeOf(ctx), closed);
  const button = (label: string, act: "my" | "wallet" | "help") =>
    InlineKeyboard.text(ctx.t(label), menuCb.pack({ act }));
  const keyboard = InlineKeyboard.from([
    [button("menu-my", "my"), button("menu-wallet", "wallet")],
    [button("menu-help", "help")],
  ]);
  return { text: welcome ? `${welcome}\n\n${text}` : text, keyboard };
}

/**
 * The one gate of maintenance in the chat, ahead of the front routes and the conversations: while
 * the shop is closed (ShopMaintenance), a customer's update in their private chat that does more
 * than look at what they have gets the notice instead, whatever would have taken it (a command, a
 * button of an old message, an answer to a question in flight: that question waits). Admins pass,
 * and so do payments (taken earlier, see createBot) and membership changes. An invite link's
 * /start still records who invited them; a gift link can be opened again later.
 */
export const maintenanceGate: MiddlewareFn<BotContext> = async (ctx, next) => {
  if (ctx.chat?.type !== "private" || ctx.myChatMember || isAdmin(ctx) || looksAtWhatTheyHave(ctx))
    return next();
  const closed = await shopClosedFor(ctx);
  if (!closed) return next();
  const payload = startPayload(ctx);
  const welcome = payload === undefined ? undefined : await inviteOnStart(ctx, payload);
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("maintenance-alert") });
  await show(ctx, await closedView(ctx, closed, welcome));
};
