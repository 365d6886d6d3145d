import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { cabinetUrl } from "#src/config.js";

/**
 * The Mini App's runway page (the charts, webapp/runway.js) as a web_app button under the chat's
 * Runway screen and a server's card: only in a private chat (Telegram allows web_app buttons there
 * only) and with WEBAPP_URL set. The page itself answers only staff who see the servers.
 */
export function runwayPageButton(ctx: BotContext, serverId?: number) {
  const base = ctx.chat?.type === "private" ? cabinetUrl(ctx.deps.config) : undefined;
  if (!base) return undefined;
  const url = `${base}?page=runway${serverId === undefined ? "" : `&server=${serverId}`}`;
  return InlineKeyboard.webApp(ctx.t("runway-open-page"), url);
}

/** Adds the button as a row of its own to `keyboard` when it can be shown (one line at each call site). */
export function addRunwayPageButton(
  keyboard: InlineKeyboard,
  ctx: BotContext,
  serverId?: number,
): InlineKeyboard {
  const button = runwayPageButton(ctx, serverId);
  return button ? keyboard.add(button).row() : keyboard;
}
