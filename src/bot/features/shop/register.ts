import type { MiddlewareFn } from "grammy";
import { HOUR } from "#src/runtime/clock.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { localeOf } from "./common.js";

/**
 * Records private-chat users as customers (name, @username, language), at most once an hour
 * per user: the time of the last record is kept in the session. A failure to record is logged
 * and never stops the update.
 */
export const registerCustomer: MiddlewareFn<BotContext> = async (ctx, next) => {
  const from = ctx.from;
  if (ctx.chat?.type === "private" && from && !from.is_bot) {
    const now = ctx.deps.clock.now();
    const last = ctx.session.seenAt;
    if (last === undefined || now - last >= HOUR || now < last) {
      try {
        const isNew = await ctx.deps.books.customers.seen({
          id: from.id,
          ...(from.username ? { username: from.username } : {}),
          firstName: from.first_name,
          locale: await localeOf(ctx),
        });
        ctx.session.seenAt = now;
        if (isNew) ctx.log.info({ customerId: from.id }, "new customer");
      } catch (err) {
        ctx.log.warn({ err, customerId: from.id }, "could not record the customer");
      }
    }
  }
  // Returned, not awaited: this frame ends here instead of waiting through the update.
  return next();
};

/**
 * Telegram tells the bot when a user blocks it (`kicked`) or starts it again (`member`):
 * broadcasts skip blocked users without having to fail a send first.
 */
export const botMembership = new Routes<BotContext>();
botMembership.on("my_chat_member", async (ctx, next) => {
  if (ctx.chat.type !== "private") return next();
  const { customers } = ctx.deps.books;
  const status = ctx.myChatMember.new_chat_member.status;
  if (status === "kicked") {
    await customers.markBotBlocked(ctx.from.id);
    ctx.log.info({ customerId: ctx.from.id }, "the user blocked the bot");
  } else if (status === "member") {
    await customers.seen({
      id: ctx.from.id,
      ...(ctx.from.username ? { username: ctx.from.username } : {}),
      firstName: ctx.from.first_name,
      locale: await localeOf(ctx),
    });
    ctx.session.seenAt = ctx.deps.clock.now();
  }
});
