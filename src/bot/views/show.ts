import { GrammyError, type InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { BotContext } from "../context.js";

export interface View {
  /** HTML text. */
  text: string;
  keyboard?: InlineKeyboard | InlineKeyboardMarkup;
}

/**
 * Shows a view: edits the message a button was pressed on, or sends a new one. An unchanged
 * message (a double tap on Refresh) is not an error.
 */
export async function show(ctx: BotContext, view: View): Promise<void> {
  const options = {
    parse_mode: "HTML" as const,
    reply_markup: view.keyboard,
    link_preview_options: { is_disabled: true },
  };
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(view.text, options);
      return;
    } catch (err) {
      if (err instanceof GrammyError && err.description.includes("message is not modified")) return;
      if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
      // The message cannot be edited (too old, or a photo): send a fresh one.
    }
  }
  await ctx.reply(view.text, options);
}
