import { GrammyError, type InlineKeyboard, type NextFunction } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { KEEP_MARK } from "../../render/callback-data.js";
import type { BotContext } from "../context.js";

export interface View {
  /** HTML text. */
  text: string;
  keyboard?: InlineKeyboard | InlineKeyboardMarkup;
}

/** Presses on a button of a message that must stay (KEEP_MARK): what they open is sent anew. */
const kept = new WeakSet<BotContext>();

/**
 * Takes the keep mark off a press's callback data (so handlers match the plain data) and
 * remembers it for this update. Installed ahead of every feature.
 */
export function keepMarked(ctx: BotContext, next: NextFunction): Promise<void> {
  const query = ctx.update.callback_query;
  if (query?.data?.startsWith(KEEP_MARK)) {
    query.data = query.data.slice(KEEP_MARK.length);
    kept.add(ctx);
  }
  return next();
}

/**
 * May this update's answer replace the message its button was on? Not when there is none (a
 * command), nor when that message delivered something (links, a receipt: see KEEP_MARK).
 */
export function mayEdit(ctx: BotContext): boolean {
  return ctx.callbackQuery?.message !== undefined && !kept.has(ctx);
}

/**
 * Shows a view: edits the message a button was pressed on (unless it must stay, see mayEdit), or
 * sends a new one. An unchanged
 * message (a double tap on Refresh) is not an error.
 */
export async function show(ctx: BotContext, view: View): Promise<void> {
  await showAt(ctx, view);
}

/**
 * The keyboard without empty rows: screens built from parts (a section's rows, then the main
 * menu's) leave one where a part ended with a row break, a gap between the buttons.
 */
function compact(keyboard: View["keyboard"]): InlineKeyboardMarkup | undefined {
  if (!keyboard) return undefined;
  return { inline_keyboard: keyboard.inline_keyboard.filter((row) => row.length > 0) };
}

/** {@link show}, returning the id of the message that shows the view (undefined when unknown). */
export async function showAt(ctx: BotContext, view: View): Promise<number | undefined> {
  const options = {
    parse_mode: "HTML" as const,
    reply_markup: compact(view.keyboard),
    link_preview_options: { is_disabled: true },
  };
  const pressed = ctx.callbackQuery?.message?.message_id;
  if (mayEdit(ctx)) {
    try {
      await ctx.editMessageText(view.text, options);
      return pressed;
    } catch (err) {
      if (err instanceof GrammyError && err.description.includes("message is not modified")) return pressed;
      if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
      // The message cannot be edited (too old, or a photo): send a fresh one.
    }
  }
  return (await ctx.reply(view.text, options)).message_id;
}
