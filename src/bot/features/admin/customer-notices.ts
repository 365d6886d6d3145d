import { createConversation } from "@grammyjs/conversations";
import { GrammyError, InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Locale } from "../../../config.js";
import { html } from "../../../render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { claimConfirmation, issueConfirmation } from "../../kit/index.js";
import { customersCb } from "./callbacks.js";

/**
 * What a customer hears of an admin's action on their account (credit, debit, block, unblock),
 * in the customer's language and with the admin's reason; and blocking, which asks for that reason
 * and a confirmation first (a one-time token, so a double tap blocks and tells once).
 */

export const BLOCK = "customers.block";
export const BLOCK_PREFIX = "admin-block:";
const BLOCK_TTL_SECONDS = 3_600;
const REASON_MAX = 200;

const pendingBlock = z.object({
  customerId: z.number().int().positive(),
  reason: z.string().min(1).max(REASON_MAX),
  adminId: z.number().int(),
});

type Vars = Record<string, string | number>;

/** The customer's language (their record), else the shop's default. */
async function customerLocale(ctx: BotContext | ConvContext, customerId: number): Promise<Locale> {
  return (await ctx.deps.shop.customers.get(customerId))?.locale ?? ctx.deps.config.defaultLocale;
}

/**
 * Sends `key` to the customer in their language. True when it went out; a customer who blocked
 * the bot is marked so and false is returned; other failures are logged (the admin's action
 * stands either way) and give false.
 */
export async function tellCustomer(
  ctx: BotContext,
  customerId: number,
  key: string,
  vars: (locale: Locale) => Vars,
): Promise<boolean> {
  const locale = await customerLocale(ctx, customerId);
  const text = ctx.i18n.fluent.translate(locale, key, vars(locale));
  try {
    await ctx.api.sendMessage(customerId, text, { parse_mode: "HTML" });
    return true;
  } catch (err) {
    // 403: the customer blocked the bot (or deleted their account).
    if (err instanceof GrammyError && err.error_code === 403)
      await ctx.deps.shop.customers.markBotBlocked(customerId);
    else ctx.log.warn({ err, customerId, key }, "could not tell the customer");
    return false;
  }
}

/** The admin's line saying whether the customer was told. */
export function toldLine(ctx: BotContext, told: boolean): string {
  return ctx.t(told ? "customers-told" : "customers-not-told");
}

/** Asks why the customer is blocked, then offers the confirmation (nothing changes before it). */
async function blockConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  customerId: number,
): Promise<void> {
  const name = await conversation.external(async (outer: BotContext) => {
    const c = await outer.deps.shop.customers.get(customerId);
    return c ? c.firstName || String(customerId) : undefined;
  });
  if (name === undefined) {
    await ctx.reply(ctx.t("customers-gone", { id: String(customerId) }));
    return;
  }
  const reason = await askText(conversation, ctx, ctx.t("customers-ask-block-reason", { name: html(name) }), {
    validate: (text) =>
      text.length >= 1 && text.length <= REASON_MAX
        ? undefined
        : ctx.t("customers-reason-invalid", { max: REASON_MAX }),
  });
  const adminId = ctx.from?.id ?? 0;
  const token = await conversation.external(async (outer: BotContext) => {
    const issued = await issueConfirmation(outer, `customers:block:${customerId}`, BLOCK_TTL_SECONDS);
    const pending: z.input<typeof pendingBlock> = { customerId, reason, adminId };
    await outer.deps.redis.set(BLOCK_PREFIX + issued, JSON.stringify(pending), "EX", BLOCK_TTL_SECONDS);
    return issued;
  });
  const cb = (act: "block-ok" | "card", arg = "") => customersCb.pack({ act, id: customerId, arg });
  await ctx.reply(
    ctx.t("customers-confirm-block", { name: html(name), id: String(customerId), reason: html(reason) }),
    {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard()
        .text(ctx.t("customers-block-yes"), cb("block-ok", token))
        .text(ctx.t("customers-cancel"), cb("card")),
    },
  );
}

export const blockConversations = [createConversation(blockConversation, BLOCK)];

/**
 * Applies a confirmed block once (the token is claimed), tells the customer why, and returns the
 * admin's notice.
 */
export async function applyBlock(ctx: BotContext, customerId: number, token: string): Promise<string> {
  const { redis } = ctx.deps;
  const raw = await redis.get(BLOCK_PREFIX + token);
  const parsed = raw ? pendingBlock.safeParse(JSON.parse(raw)) : undefined;
  const pending = parsed?.success ? parsed.data : undefined;
  const claim = await claimConfirmation(ctx, token, `customers:block:${customerId}`);
  if (claim !== "claimed" || !pending || pending.customerId !== customerId) {
    return ctx.t(claim === "used" ? "customers-confirm-used" : "customers-confirm-expired");
  }
  await ctx.deps.shop.customers.setBlocked(customerId, true);
  ctx.log.info({ adminId: ctx.from?.id, customerId }, "customer blocked");
  const told = await tellCustomer(ctx, customerId, "notice-blocked", () => ({
    reason: html(pending.reason),
  }));
  return `${ctx.t("customers-blocked")}\n${toldLine(ctx, told)}`;
}

/** Lifts a block and tells the customer; returns the admin's notice. */
export async function applyUnblock(ctx: BotContext, customerId: number): Promise<string> {
  await ctx.deps.shop.customers.setBlocked(customerId, false);
  ctx.log.info({ adminId: ctx.from?.id, customerId }, "customer unblocked");
  const told = await tellCustomer(ctx, customerId, "notice-unblocked", () => ({}));
  return `${ctx.t("customers-unblocked")}\n${toldLine(ctx, told)}`;
}
