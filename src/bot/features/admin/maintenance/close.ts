import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import {
  ANSWER_TIMEOUT_MS,
  type BotConversation,
  CONV_CANCEL,
  haltCancelled,
} from "#src/bot/conversation-kit.js";
import { MAINTENANCE_MESSAGE_MAX } from "#src/domain/catalog/index.js";
import { HOUR } from "#src/runtime/clock.js";
import { asStaff, dialogGuard } from "../staff-actor.js";
import { END_CHOICES, maintenanceCb } from "./callbacks.js";
import { maintenanceView } from "./view.js";

export const CLOSE_SHOP = "admin-maintenance-close";

const STANDARD_TEXT = maintenanceCb.pack({ act: "std" });

type Answer = Awaited<ReturnType<BotConversation["wait"]>>;

/** Cancel or /cancel: the dialog ends as askText's does ("Cancelled."). */
function cancelled(answer: Answer): boolean {
  return answer.callbackQuery?.data === CONV_CANCEL || answer.message?.text === "/cancel";
}

/** Another command or button: the admin left the dialog; it runs as it would outside. */
function leaving(answer: Answer): boolean {
  return answer.message?.text?.startsWith("/") === true || answer.callbackQuery !== undefined;
}

/** The customers' message, or undefined for the standard text; re-asked while too long. */
async function askMessage(conversation: BotConversation, ctx: ConvContext): Promise<string | undefined> {
  await ctx.reply(ctx.t("maintenance-ask-message", { max: MAINTENANCE_MESSAGE_MAX }), {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard()
      .text(ctx.t("maintenance-standard-text"), STANDARD_TEXT)
      .row()
      .text(ctx.t("conv-cancel"), CONV_CANCEL),
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (cancelled(answer)) {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      return haltCancelled(conversation);
    }
    if (answer.callbackQuery?.data === STANDARD_TEXT) {
      await answer.answerCallbackQuery();
      return undefined;
    }
    if (leaving(answer)) return conversation.halt({ next: true });
    const text = answer.message?.text?.trim();
    if (!text) {
      await answer.reply(answer.t("conv-send-text"));
      continue;
    }
    if (text.length <= MAINTENANCE_MESSAGE_MAX) return text;
    await answer.reply(
      answer.t("maintenance-message-too-long", { length: text.length, max: MAINTENANCE_MESSAGE_MAX }),
    );
  }
}

/** How many hours the shop stays closed (undefined: until an admin opens it), from the buttons. */
async function askEnd(conversation: BotConversation, ctx: ConvContext): Promise<number | undefined> {
  const hours = new InlineKeyboard();
  for (const h of END_CHOICES)
    hours.text(ctx.t("maintenance-end-hours", { hours: h }), maintenanceCb.pack({ act: "end", hours: h }));
  hours.row().text(ctx.t("maintenance-end-none"), maintenanceCb.pack({ act: "end", hours: undefined }));
  await ctx.reply(ctx.t("maintenance-ask-end"), {
    parse_mode: "HTML",
    reply_markup: hours.row().text(ctx.t("conv-cancel"), CONV_CANCEL),
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (cancelled(answer)) {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      return haltCancelled(conversation);
    }
    const chosen = maintenanceCb.unpack(answer.callbackQuery?.data);
    if (chosen?.act === "end") {
      await answer.answerCallbackQuery();
      return chosen.hours;
    }
    if (leaving(answer)) return conversation.halt({ next: true });
    await answer.reply(answer.t("maintenance-choose-end"));
  }
}

/**
 * Closes the shop to customers (or changes the message and end of the maintenance that is on):
 * the message customers read, then for how long. Cancel, /cancel or another command or button
 * leaves the shop as it was. The switch is one step (ShopMaintenance.close), made once however
 * often the dialog is replayed.
 */
async function closeConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const message = await askMessage(conversation, ctx);
  const hours = await askEnd(conversation, ctx);
  const view = await conversation.external(async (outer: BotContext) => {
    const endsAt = hours === undefined ? undefined : outer.deps.clock.now() + hours * HOUR;
    // Each step was checked (dialogGuard); the domain checks the role again and records it.
    const closed = await asStaff(outer, (actor) =>
      outer.deps.catalog.maintenance.closeAs(actor, { message, endsAt }),
    );
    if (!closed) return undefined;
    outer.log.info(
      { adminId: closed.by, since: closed.since, endsAt, message: message !== undefined },
      "shop closed for maintenance",
    );
    const shown = await maintenanceView(outer, outer.t("maintenance-closed-done"));
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  if (view)
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Installed with the admin conversations, entered only from the admin-checked button; each step checked. */
export const maintenanceConversations = [
  dialogGuard(CLOSE_SHOP, "settings", "maintenance.close"),
  createConversation(closeConversation, CLOSE_SHOP),
];
