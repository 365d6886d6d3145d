import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { claimConfirmation } from "#src/bot/kit/index.js";
import { show, type View } from "#src/bot/views/show.js";
import { expiresSoon } from "#src/domain/fleet/index.js";
import {
  isKnownServerStatus,
  type Server,
  type ServerState,
  type ServerStatus,
} from "#src/hosting/account/index.js";
import { isHostingError } from "#src/hosting/errors.js";
import { html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { relinkKeyboard } from "../account/index.js";
import { adminHomeButton } from "../home.js";
import { serversCb } from "./callbacks.js";

/** What the views of the servers section share: badges, ways on, failures, confirmations. */

const STATUS_EMOJI: Record<ServerStatus, string> = {
  active: "🟢",
  expired: "🔴",
  suspended: "⏸",
};

export const listData = (page = 0) => serversCb.pack({ act: "list", page });
export const cardData = (server: number) => serversCb.pack({ act: "card", server });

/** A status the spec does not list is shown as sent, so the server is never hidden. */
export function statusBadge(ctx: BotContext, status: string): { emoji: string; label: string } {
  if (isKnownServerStatus(status)) {
    return { emoji: STATUS_EMOJI[status], label: ctx.t(`servers-status-${status}`) };
  }
  return { emoji: "❔", label: html(status) };
}

/** "12 days left", or "⚠️ 4 days left" when an active server expires soon. */
export function daysLeft(ctx: BotContext, server: Pick<Server, "status" | "daysLeft">): string {
  const days = server.daysLeft;
  return ctx.t(expiresSoon(server) ? "servers-days-left-soon" : "servers-days-left", { days });
}

export function stateText(ctx: BotContext, state: ServerState | undefined): string {
  return ctx.t(state === undefined ? "servers-state-unknown" : `servers-state-${state}`);
}

/** Ways on from a server view (or from the list when there is no server). */
export function navKeyboard(
  ctx: BotContext,
  id: number | undefined,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  if (id === undefined || id <= 0) {
    keyboard.text(ctx.t("menu-refresh"), listData()).row();
  } else {
    keyboard
      .text(ctx.t("servers-back-card"), cardData(id))
      .text(ctx.t("servers-back-list"), listData())
      .row();
  }
  return adminHomeButton(ctx, keyboard);
}

/**
 * A hosting failure as a view with a way on: a revoked key offers linking again, anything else
 * is explained in words beside buttons back to the card or the list. Unknown errors propagate.
 */
export function failureView(ctx: BotContext, err: unknown, id: number | undefined, text?: string): View {
  if (isHostingError(err, "unauthorized")) {
    const keyboard = ctx.deps.fleet.account.fixed ? new InlineKeyboard() : relinkKeyboard(ctx.t);
    return { text: ctx.t("hosting-error-unauthorized"), keyboard: adminHomeButton(ctx, keyboard) };
  }
  return { text: text ?? html(hostingErrorText(ctx.t, err)), keyboard: navKeyboard(ctx, id) };
}

/** A view read from the hosting service, or the failure's view when the read fails. */
export async function viewOr(
  ctx: BotContext,
  id: number | undefined,
  build: () => Promise<View>,
): Promise<View> {
  try {
    return await build();
  } catch (err) {
    return failureView(ctx, err, id);
  }
}

export function confirmKeyboard(
  ctx: BotContext,
  yesLabel: string,
  yesData: string,
  id: number,
): InlineKeyboard {
  return new InlineKeyboard().text(yesLabel, yesData).text(ctx.t("servers-no"), cardData(id)).row();
}

/**
 * Claims a confirmation's token and answers the button press. Only the first press of a token
 * goes on; a repeat (double tap, replay) is told it is done, an expired token to start again.
 */
export async function claim(ctx: BotContext, token: string, id: number, action: string): Promise<boolean> {
  const result = await claimConfirmation(ctx, token, action);
  if (result === "claimed") {
    await ctx.answerCallbackQuery();
    return true;
  }
  if (result === "used") {
    ctx.log.info({ serverId: id }, "repeated confirmation ignored");
    await ctx.answerCallbackQuery({ text: ctx.t("servers-already-done") });
    return false;
  }
  await ctx.answerCallbackQuery();
  await showExpired(ctx, id);
  return false;
}

/** The confirmation cannot be honoured any more: start again from the card. */
export function showExpired(ctx: BotContext, id: number): Promise<void> {
  return show(ctx, { text: ctx.t("servers-confirm-expired"), keyboard: navKeyboard(ctx, id) });
}
