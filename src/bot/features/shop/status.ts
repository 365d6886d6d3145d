import { InlineKeyboard } from "grammy";
import type { Locale } from "#src/config.js";
import { formatDateTime, html } from "#src/render/format.js";
import { checkedText, type StatusRow, statusView } from "#src/render/service-status.js";
import { buyCb, STATUS_VIEW } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { answer, localeOf, mainMenuRow } from "./common.js";

/** Notices shown in the chat, newest first (the cabinet lists all that are kept). */
export const STATUS_NOTICES_SHOWN = 3;

/** One location: its state (since when, when down or degraded) and when it was last checked. */
function rowLines(ctx: BotContext, locale: Locale, now: number, row: StatusRow): string[] {
  const head = ctx.t(`status-line-${row.state}`, { name: html(row.name) });
  const since =
    row.since === undefined ? "" : ` ${ctx.t("status-since", { date: formatDateTime(locale, row.since) })}`;
  return [head + since, `    <i>${checkedText(ctx.t, now, row.checkedAt)}</i>`];
}

/**
 * /status: each location of the customer's live subscriptions up, degraded or down (the drift
 * room's ServiceStatus, as the cabinet shows it), since when and when last checked, the last few
 * notices the bot sent them, and Refresh (edits in place). Without a live subscription: a line
 * that says so and the buy button.
 */
export async function statusChatView(ctx: BotContext): Promise<View> {
  const locale = await localeOf(ctx);
  const keyboard = new InlineKeyboard();
  const status = ctx.from ? await ctx.deps.drift.status.of(ctx.from.id) : undefined;
  if (!status || status.places.length === 0) {
    keyboard.text(ctx.t("menu-buy"), buyCb.pack({ act: "list", plan: "" }));
    return {
      text: `${ctx.t("status-title")}\n\n${ctx.t("status-empty")}`,
      keyboard: mainMenuRow(ctx.t, keyboard.row()),
    };
  }
  const now = ctx.deps.clock.now();
  const { rows, notices } = statusView(status, {
    t: ctx.t,
    locale,
    plan: (id) => ctx.deps.sales.shop.plan(id),
    quote: html,
  });
  const lines = [ctx.t("status-title"), "", ...rows.flatMap((row) => rowLines(ctx, locale, now, row))];
  lines.push("", ctx.t("status-notices-title"));
  if (notices.length === 0) lines.push(ctx.t("status-notices-none"));
  for (const n of notices.slice(0, STATUS_NOTICES_SHOWN))
    lines.push("", `<i>${formatDateTime(locale, n.at)}</i>`, n.text);
  keyboard.text(ctx.t("menu-refresh"), STATUS_VIEW);
  return { text: lines.join("\n"), keyboard: mainMenuRow(ctx.t, keyboard.row()) };
}

/** /status and its button (from /my, and its own Refresh). */
export const statusFeature = new Routes<BotContext>();

statusFeature.command("status", async (ctx) => show(ctx, await statusChatView(ctx)));

statusFeature.callbackQuery(STATUS_VIEW, async (ctx) => {
  await answer(ctx);
  await show(ctx, await statusChatView(ctx));
});
