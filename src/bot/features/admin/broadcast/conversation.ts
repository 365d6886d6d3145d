import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { type BroadcastDraft, type LinkButton, MAX_LINK_BUTTONS } from "#src/domain/backoffice/index.js";
import { parseLinkButtons } from "#src/render/link-buttons.js";
import { broadcastCb } from "#src/render/notice-buttons.js";
import { dialogGuard } from "../staff-actor.js";
import { readBroadcastMessage, sendPreview } from "./message.js";
import { audienceCounts, audienceKeyboard, cancelData, planAudiences } from "./views.js";

export const BROADCAST = "admin-broadcast";

/**
 * Waits for the admin's message until one reads as a broadcast, saying what is wrong with any
 * other; Cancel or /cancel ends the dialog, another command or button leaves it.
 */
async function askMessage(conversation: BotConversation): Promise<BroadcastDraft> {
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (answer.callbackQuery?.data === cancelData() || answer.message?.text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("broadcast-cancelled"));
      return conversation.halt();
    }
    if (answer.message?.text?.startsWith("/") || answer.callbackQuery) {
      // Anything else the admin does is taken as leaving: it runs as it would outside.
      return conversation.halt({ next: true });
    }
    if (!answer.message) continue;
    const read = readBroadcastMessage(answer.message);
    if (read.ok) return read.draft;
    await answer.reply(answer.t(read.problem, read.max ? { max: read.max } : undefined), {
      parse_mode: "HTML",
    });
  }
}

/** The "no buttons" answer to the link buttons question. */
const NO_BUTTONS = broadcastCb.pack({ act: "nobtn" });

/**
 * Asks for link buttons under the message (`Label - https://link`, one a line) until they read
 * so; "No buttons" (or "-") goes on without. Cancel or /cancel ends the dialog.
 */
async function askButtons(conversation: BotConversation, ctx: ConvContext): Promise<LinkButton[]> {
  await ctx.reply(ctx.t("broadcast-ask-buttons", { max: MAX_LINK_BUTTONS }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: new InlineKeyboard()
      .text(ctx.t("broadcast-no-buttons"), NO_BUTTONS)
      .row()
      .text(ctx.t("conv-cancel"), cancelData()),
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const text = answer.message?.text?.trim();
    if (answer.callbackQuery?.data === cancelData() || text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("broadcast-cancelled"));
      return conversation.halt();
    }
    if (answer.callbackQuery?.data === NO_BUTTONS || text === "-") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      return [];
    }
    if (text?.startsWith("/") || answer.callbackQuery) return conversation.halt({ next: true });
    const buttons = text === undefined ? undefined : parseLinkButtons(text);
    if (buttons) return buttons;
    await answer.reply(answer.t("broadcast-buttons-invalid", { max: MAX_LINK_BUTTONS }), {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
  }
}

/**
 * Asks for the message, keeps it as a draft and shows the preview and the audience choice.
 * /cancel or Cancel ends it; another command or button leaves it and runs as usual.
 */
async function broadcastConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  await ctx.reply(ctx.t("broadcast-ask"), {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard().text(ctx.t("conv-cancel"), cancelData()),
  });
  const message = await askMessage(conversation);
  const buttons = await askButtons(conversation, ctx);
  const draft: BroadcastDraft = buttons.length > 0 ? { ...message, buttons } : message;
  const saved = await conversation.external(async (outer: BotContext) => {
    const id = await outer.deps.backoffice.broadcastDrafts.save(draft);
    const locale = await localeOf(outer);
    return { id, counts: await audienceCounts(outer.deps), plans: planAudiences(outer, locale) };
  });
  await sendPreview(ctx, draft);
  await ctx.reply(ctx.t("broadcast-preview"), {
    parse_mode: "HTML",
    reply_markup: audienceKeyboard(ctx.t, await localeOf(ctx), saved.id, saved.counts, saved.plans),
  });
}

/**
 * Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers;
 * each step checked against the sender's role now.
 */
export const broadcastConversations = [
  dialogGuard(BROADCAST, "broadcast", "broadcast.send"),
  createConversation(broadcastConversation, BROADCAST),
];
