import { GrammyError } from "grammy";
import type { BotContext } from "../../context.js";

/** Orders whose message the session remembers (the latest ones; older ones are dropped). */
const REMEMBERED = 5;

/** No buttons: what an order's message keeps once the order is paid. */
const NO_BUTTONS = { inline_keyboard: [] };

/**
 * Remembers which message of this chat shows `orderId` with its invoice out (and Cancel), so the
 * payment can take the buttons off it.
 */
export function rememberOrderMessage(ctx: BotContext, orderId: string, messageId: number | undefined): void {
  if (messageId === undefined || !ctx.chat) return;
  const entries = Object.entries(ctx.session.orderMessages ?? {}).filter(([id]) => id !== orderId);
  entries.push([orderId, messageId]);
  ctx.session.orderMessages = Object.fromEntries(entries.slice(-REMEMBERED));
}

/**
 * The order is paid: its message loses Cancel (a paid order cannot be cancelled, the button only
 * misled). A message gone or too old to edit is left as it is; a press on its Cancel then says
 * the order is paid and takes the buttons off (see dropPressedButtons).
 */
export async function closeOrderMessage(ctx: BotContext, orderId: string): Promise<void> {
  const messageId = ctx.session.orderMessages?.[orderId];
  if (messageId === undefined || !ctx.chat) return;
  const { [orderId]: _, ...rest } = ctx.session.orderMessages ?? {};
  ctx.session.orderMessages = rest;
  await tolerant(ctx.api.editMessageReplyMarkup(ctx.chat.id, messageId, { reply_markup: NO_BUTTONS }));
}

/** Takes the buttons off the message that was pressed (its order is paid: nothing there applies now). */
export async function dropPressedButtons(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery?.message) await tolerant(ctx.editMessageReplyMarkup({ reply_markup: NO_BUTTONS }));
}

/** An edit Telegram refuses (the message is gone, too old, or unchanged) is not an error here. */
async function tolerant(edit: Promise<unknown>): Promise<void> {
  try {
    await edit;
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
  }
}
