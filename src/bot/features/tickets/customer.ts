import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import { TICKET_CAPTION_MAX, TICKET_TEXT_MAX, type TicketWriting } from "#src/domain/backoffice/index.js";
import { MAIN_MENU } from "#src/render/shop-callbacks.js";
import { ticketCb } from "#src/render/ticket-callbacks.js";
import type { BotContext, ConvContext } from "../../context.js";
import {
  ANSWER_TIMEOUT_MS,
  type BotConversation,
  CONV_CANCEL,
  haltCancelled,
} from "../../conversation-kit.js";
import { enterConversation } from "../../kit/index.js";
import { Routes } from "../../routes.js";
import { replyWithMainMenu } from "../main-menu.js";
import { shopAllowed } from "../shop/index.js";

/**
 * The customer's side of support: "🆘 Write to support" (under /help, and Reply under an answer)
 * asks for one message, a text or a photo with a caption, which opens a ticket or continues the
 * live one; they are told its number and that the answer comes here. They can close it.
 */

export const TICKET_WRITE_CONVERSATION = "ticket-write";

/** What the customer sent, as a ticket takes it, or the key of what is wrong with it. */
export function readWriting(
  message: Pick<Message, "text" | "photo" | "caption"> | undefined,
): { ok: true; writing: TicketWriting } | { ok: false; problem: string; max?: number } {
  if (message?.photo && message.photo.length > 0) {
    const caption = message.caption?.trim();
    if (caption && caption.length > TICKET_CAPTION_MAX)
      return { ok: false, problem: "ticket-too-long", max: TICKET_CAPTION_MAX };
    // The largest size is the last one.
    return { ok: true, writing: { photo: message.photo.at(-1)?.file_id, text: caption || undefined } };
  }
  const text = message?.text?.trim();
  if (!text) return { ok: false, problem: "ticket-text-or-photo" };
  if (text.length > TICKET_TEXT_MAX) return { ok: false, problem: "ticket-too-long", max: TICKET_TEXT_MAX };
  return { ok: true, writing: { text } };
}

type Written = { status: "written" | "duplicate" | "too-many" | "invalid"; id: string; created: boolean };

/** Takes the message of this update into the sender's ticket (keyed by the message: once). */
async function write(outer: BotContext, writing: TicketWriting): Promise<Written> {
  const chat = outer.chat?.id ?? 0;
  const ref = `tg:${chat}:${outer.msg?.message_id ?? 0}`;
  const outcome = await outer.deps.backoffice.tickets.write(outer.from?.id ?? 0, writing, ref);
  if (outcome.status === "invalid") return { status: "invalid", id: "", created: false };
  const created = outcome.status !== "too-many" && outcome.created;
  outer.log.info({ ticket: outcome.ticket.id, status: outcome.status }, "customer wrote to support");
  return { status: outcome.status, id: outcome.ticket.id, created };
}

/** The answer to a message taken: its ticket's number, and the ways on. */
async function tellWritten(ctx: ConvContext, written: Written): Promise<void> {
  if (written.status === "invalid") return void (await ctx.reply(ctx.t("ticket-text-or-photo")));
  if (written.status === "too-many") {
    return void (await ctx.reply(ctx.t("ticket-too-many", { id: written.id }), { parse_mode: "HTML" }));
  }
  const keyboard = new InlineKeyboard()
    .text(ctx.t("ticket-btn-close", { id: written.id }), ticketCb.pack({ act: "close", id: written.id }))
    .row()
    .text(ctx.t("menu-main"), MAIN_MENU);
  const key = written.created ? "ticket-opened" : "ticket-added";
  await ctx.reply(ctx.t(key, { id: written.id }), { parse_mode: "HTML", reply_markup: keyboard });
}

/**
 * Asks for the message and takes it. Cancel or /cancel ends it ("Cancelled." and the menu);
 * another command or button leaves it and runs as usual.
 */
async function writeToSupport(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const live = await conversation.external(
    async (outer: BotContext) => (await outer.deps.backoffice.tickets.current(outer.from?.id ?? 0))?.id ?? "",
  );
  const prompt = live ? ctx.t("ticket-ask-continue", { id: live }) : ctx.t("ticket-ask");
  const cancel = new InlineKeyboard().text(ctx.t("conv-cancel"), CONV_CANCEL);
  await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: cancel });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (answer.callbackQuery?.data === CONV_CANCEL || answer.message?.text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      return haltCancelled(conversation);
    }
    if (answer.message?.text?.startsWith("/") || answer.callbackQuery)
      return conversation.halt({ next: true });
    const read = readWriting(answer.message);
    if (!read.ok) {
      await answer.reply(answer.t(read.problem, read.max ? { max: read.max } : undefined));
      continue;
    }
    const written = await conversation.external((outer: BotContext) => write(outer, read.writing));
    return tellWritten(answer, written);
  }
}

export const ticketConversations = [createConversation(writeToSupport, TICKET_WRITE_CONVERSATION)];

/** The customer closes their own ticket (someone else's, or an old button: said to be gone). */
async function closeOwn(ctx: BotContext, id: string): Promise<void> {
  const customerId = ctx.from?.id ?? 0;
  const outcome = await ctx.deps.backoffice.tickets.close({ customerId }, id);
  const key =
    outcome.status === "closed"
      ? "ticket-closed-by-you"
      : outcome.status === "already"
        ? "ticket-already-closed"
        : "ticket-gone";
  await replyWithMainMenu(ctx, ctx.t(key, { id }));
}

/** The customer's ticket buttons (private chat only, not for a blocked customer). */
export const ticketCustomerFeature = new Routes<BotContext>();
ticketCustomerFeature.callbackQuery(ticketCb.pattern, async (ctx) => {
  const pressed = ticketCb.unpack(ctx.callbackQuery.data);
  if (!(await shopAllowed(ctx))) return;
  await ctx.answerCallbackQuery();
  if (pressed?.act === "write") return enterConversation(ctx, TICKET_WRITE_CONVERSATION);
  if (pressed?.act === "close" && pressed.id) return closeOwn(ctx, pressed.id);
  await replyWithMainMenu(ctx, ctx.t("error-menu-outdated"));
});
