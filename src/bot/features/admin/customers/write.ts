import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { CUSTOMER_MESSAGE_MAX } from "#src/domain/backoffice/index.js";
import { html } from "#src/render/format.js";
import { cardCb, customersCb } from "./callbacks.js";
import { stepPermitted } from "./permissions.js";

/**
 * "✉️ Write to customer": a staff member with `customers.message` writes one message; the bot
 * shows it as the customer will get it (in the customer's language) and sends it from the bot
 * when confirmed (the shop's CustomerMessages: once per confirmation, through the outbox).
 */

export const WRITE = "customers.write";

/** The customer's name and language; undefined when the customer is gone. */
function recipient(conversation: BotConversation, customerId: number) {
  return conversation.external(async (outer: BotContext) => {
    const c = await outer.deps.books.customers.get(customerId);
    return c ? { name: c.firstName || String(customerId), locale: c.locale } : undefined;
  });
}

export async function writeConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  customerId: number,
): Promise<void> {
  const who = await recipient(conversation, customerId);
  if (!who) {
    await ctx.reply(ctx.t("customers-gone", { id: String(customerId) }));
    return;
  }
  const name = html(who.name);
  const text = await askText(conversation, ctx, ctx.t("customers-ask-message", { name }), {
    validate: (t) =>
      t.length <= CUSTOMER_MESSAGE_MAX
        ? undefined
        : ctx.t("customers-message-long", { max: CUSTOMER_MESSAGE_MAX }),
  });
  if (!(await stepPermitted(conversation, "customers.message", "customer.message", customerId))) return;
  const adminId = ctx.from?.id ?? 0;
  const { token, copy } = await conversation.external(async (outer: BotContext) => {
    // The customer's copy, in their language: what the confirmation shows is what they get.
    const copy = outer.i18n.fluent.translate(who.locale, "notice-staff-message", { text: html(text) });
    const proposal = { customerId, text, html: copy, adminId };
    return { token: await outer.deps.backoffice.customerMessages.propose(proposal), copy };
  });
  await ctx.reply(ctx.t("customers-confirm-message", { name, id: String(customerId), message: copy }), {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard()
      .text(
        ctx.t("customers-message-yes"),
        customersCb.pack({ act: "write-ok", customer: customerId, token }),
      )
      .text(ctx.t("customers-cancel"), cardCb(customerId)),
  });
}
