import { createConversation } from "@grammyjs/conversations";
import type { ReplyKeyboardMarkup } from "grammy/types";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation, CONV_CANCEL } from "#src/bot/conversation-kit.js";
import { permitted } from "#src/bot/staff.js";
import { NotPermitted } from "#src/domain/staff/index.js";
import { html } from "#src/render/format.js";
import { TOPIC_NAME_KEYS } from "#src/render/staff-topics.js";
import { checkGroup, type GroupCheck, groupRefOf, makeTopics, PICK_GROUP_REQUEST } from "./connect.js";
import { staffGroupView } from "./view.js";

export const STAFF_GROUP_SETUP = "admin-staff-group-setup";

/** Why a group cannot be the staff group, as the owner reads it. */
const REFUSALS: Record<Extract<GroupCheck, { ok: false }>["reason"], string> = {
  "not-found": "staff-group-not-found",
  "not-forum": "staff-group-not-forum",
  "not-admin": "staff-group-not-admin",
  "no-topics-right": "staff-group-no-topics-right",
  unavailable: "staff-group-unavailable",
};

/**
 * Makes `chatId` the staff group: checks it is a forum whose admin the bot is with the right to
 * manage topics, makes one topic per kind of notice (named in the shop's default language) and
 * saves it (StaffGroup.set: the owner's permission checked again, and recorded). Where notices go
 * and the report's hour are kept from before. Returns what to tell the owner above the screen.
 */
export async function connectGroup(ctx: BotContext, chatId: number): Promise<string> {
  const check = await checkGroup(ctx.api, ctx.me.id, chatId);
  if (!check.ok) return ctx.t(REFUSALS[check.reason]);
  const { defaultLocale } = ctx.deps.config;
  let topics: Awaited<ReturnType<typeof makeTopics>>;
  try {
    topics = await makeTopics(ctx.api, check.chatId, (topic) =>
      ctx.i18n.fluent.translate(defaultLocale, TOPIC_NAME_KEYS[topic]),
    );
  } catch (err) {
    ctx.log.warn({ err, chatId }, "staff group: topics could not be made");
    return ctx.t("staff-group-topics-failed");
  }
  const before = await ctx.deps.staff.group.get();
  await ctx.deps.staff.group.set(ctx.from?.id ?? 0, {
    chatId: check.chatId,
    title: check.title,
    topics,
    routing: before?.routing ?? "both",
    reportHour: before?.reportHour,
  });
  ctx.log.info({ adminId: ctx.from?.id, chatId: check.chatId }, "staff group set up");
  return ctx.t("staff-group-saved", { title: html(check.title) });
}

/** The reply keyboard that picks the group (Telegram offers the forums the owner runs) and Cancel. */
function pickKeyboard(ctx: ConvContext): ReplyKeyboardMarkup {
  const rights = {
    ...{ is_anonymous: false, can_manage_chat: false, can_delete_messages: false },
    ...{ can_manage_video_chats: false, can_restrict_members: false, can_promote_members: false },
    ...{ can_change_info: false, can_invite_users: false, can_post_stories: false },
    ...{ can_edit_stories: false, can_delete_stories: false, can_manage_topics: true },
  };
  const pick = {
    text: ctx.t("staff-group-pick"),
    request_chat: {
      ...{ request_id: PICK_GROUP_REQUEST, chat_is_channel: false, chat_is_forum: true },
      ...{ bot_is_member: true, bot_administrator_rights: rights, request_title: true },
    },
  };
  return {
    keyboard: [[pick], [{ text: ctx.t("staff-group-cancel") }]],
    resize_keyboard: true,
    one_time_keyboard: true,
  };
}

const REMOVE = { reply_markup: { remove_keyboard: true as const } };

/** Waits for the group (picked, forwarded or typed); undefined when the owner cancelled or left. */
async function waitForGroup(conversation: BotConversation, ctx: ConvContext): Promise<number | undefined> {
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const text = answer.message?.text;
    if (
      text === "/cancel" ||
      text === ctx.t("staff-group-cancel") ||
      answer.callbackQuery?.data === CONV_CANCEL
    ) {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(ctx.t("staff-group-cancelled"), REMOVE);
      return undefined;
    }
    if (text?.startsWith("/") || answer.callbackQuery) {
      // Anything else the owner does is taken as leaving: it runs as it would outside.
      await answer.reply(ctx.t("staff-group-left"), REMOVE);
      return conversation.halt({ next: true });
    }
    const ref = groupRefOf(answer.message);
    if (typeof ref === "number") return ref;
    await answer.reply(ctx.t(ref === "person" ? "staff-group-ask-person" : "staff-group-ask-invalid"), {
      parse_mode: "HTML",
    });
  }
}

/** "Set up": asks for the group, then checks it, makes its topics, saves it and shows the screen. */
async function setupConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  await ctx.reply(ctx.t("staff-group-ask"), { parse_mode: "HTML", reply_markup: pickKeyboard(ctx) });
  const chatId = await waitForGroup(conversation, ctx);
  if (chatId === undefined) return;
  await ctx.reply(ctx.t("staff-group-checking"), REMOVE);
  // The role is read again now: one who may no longer manage staff (or a forged start) changes nothing.
  if (!(await conversation.external((outer: BotContext) => permitted(outer, "staff", "group.set")))) return;
  const view = await conversation.external(async (outer: BotContext) => {
    const note = await connectGroup(outer, chatId).catch((err: unknown) => {
      if (err instanceof NotPermitted) return outer.t("staff-not-permitted");
      throw err;
    });
    const shown = await staffGroupView(outer, note);
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Installed ahead of all features, entered only from the guarded Set up button. */
export const staffGroupConversations = [createConversation(setupConversation, STAFF_GROUP_SETUP)];
