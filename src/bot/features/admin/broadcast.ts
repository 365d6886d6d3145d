import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import type { Message, MessageEntity } from "grammy/types";
import type { Locale } from "../../../config.js";
import { BROADCAST_DRAFT_TTL_SECONDS, type BroadcastDraft } from "../../../domain/broadcast-drafts.js";
import { type Audience, countAudience } from "../../../domain/stats.js";
import { formatNumber, html } from "../../../render/format.js";
import { broadcastCb } from "../../../render/notice-buttons.js";
import type { BotContext, BotDeps, ConvContext } from "../../context.js";
import { ANSWER_TIMEOUT_MS, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import { claimConfirmation, enterConversation, issueConfirmation, type Translate } from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { adminHomeButton } from "./home.js";

/**
 * Broadcast: the admin writes a message (a text, or a photo with a caption) in a short
 * conversation, sees it exactly as customers will, picks the audience (with counts) and confirms
 * with a one-time token. The draft waits in the domain's drafts store (Redis) between the steps, so
 * the buttons keep working outside the conversation; the sending itself runs in the broadcast
 * worker, whose progress message carries a Stop button.
 *
 * Formatting is kept: a message with entities (bold, links, ...) goes out as its text with those
 * entities; one without goes out as HTML-escaped text, as before.
 */

const BROADCAST = "admin-broadcast";
/** Telegram's limits (the outbox checks the same on the escaped text). */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const DRAFT_TTL_SECONDS = BROADCAST_DRAFT_TTL_SECONDS;

/**
 * `raw` trimmed, with its entities moved along (offsets count UTF-16 code units, as JS strings
 * do); an entity cut off entirely by the trimming is dropped, one cut in part is shortened.
 */
function trimmed(
  raw: string,
  entities: MessageEntity[] | undefined,
): { text: string; entities: MessageEntity[] } {
  const text = raw.trim();
  const lead = raw.length - raw.trimStart().length;
  const kept: MessageEntity[] = [];
  for (const e of entities ?? []) {
    const start = Math.max(0, e.offset - lead);
    const end = Math.min(text.length, e.offset + e.length - lead);
    if (end > start) kept.push({ ...e, offset: start, length: end - start });
  }
  return { text, entities: kept };
}

/** The text as it goes out: with the admin's entities when there are any, else escaped HTML. */
function draftText(
  raw: string,
  entities: MessageEntity[] | undefined,
  max: number,
): { ok: true; text: string; entities?: MessageEntity[] } | { ok: false; problem: string; max: number } {
  const cut = trimmed(raw, entities);
  // Telegram's limits count the text without its formatting; escaped HTML is checked as sent.
  const text = cut.entities.length > 0 ? cut.text : html(cut.text);
  if (text.length > max) return { ok: false, problem: "broadcast-too-long", max };
  return cut.entities.length > 0 ? { ok: true, text, entities: cut.entities } : { ok: true, text };
}

/** The admin's message as it will go out, or the key of what is wrong with it. */
export function readBroadcastMessage(
  message: Pick<Message, "text" | "entities" | "photo" | "caption" | "caption_entities">,
): { ok: true; draft: BroadcastDraft } | { ok: false; problem: string; max?: number } {
  if (message.photo && message.photo.length > 0) {
    if (!message.caption?.trim()) return { ok: false, problem: "broadcast-need-caption" };
    const read = draftText(message.caption, message.caption_entities, CAPTION_MAX);
    if (!read.ok) return read;
    // The largest size is the last one.
    const photo = message.photo[message.photo.length - 1]?.file_id ?? "";
    const { text, entities } = read;
    return { ok: true, draft: entities ? { text, entities, photo } : { text, photo } };
  }
  if (!message.text?.trim()) return { ok: false, problem: "broadcast-text-or-photo" };
  const read = draftText(message.text, message.entities, TEXT_MAX);
  if (!read.ok) return read;
  const { text, entities } = read;
  return { ok: true, draft: entities ? { text, entities } : { text } };
}

/** Send options of a draft's text: its entities, or HTML parsing. */
function formatOf(draft: BroadcastDraft): { entities: MessageEntity[] } | { parse_mode: "HTML" } {
  // The drafts store checked their shape; Telegram checks the rest (as the outbox does).
  return draft.entities ? { entities: draft.entities as MessageEntity[] } : { parse_mode: "HTML" };
}

function audienceDeps(deps: BotDeps) {
  return { customers: deps.shop.customers, subscriptions: deps.shop.subscriptions, clock: deps.clock };
}

const cancelCb = (id = "") => broadcastCb.pack({ act: "cancel", id, aud: "", tok: "" });

function audienceKeyboard(
  t: Translate,
  locale: Locale,
  id: string,
  counts: Record<Audience, number>,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t("broadcast-audience-all", { count: formatNumber(locale, counts.all) }),
      broadcastCb.pack({ act: "aud", id, aud: "all", tok: "" }),
    )
    .row()
    .text(
      t("broadcast-audience-active", { count: formatNumber(locale, counts.active) }),
      broadcastCb.pack({ act: "aud", id, aud: "active", tok: "" }),
    )
    .row()
    .text(t("broadcast-cancel"), cancelCb(id));
}

/** The section: what a broadcast does, how many it reaches, and a button to write one. */
export async function broadcastHomeView(ctx: BotContext): Promise<View> {
  if (!ctx.deps.broadcasts) {
    return { text: ctx.t("broadcast-unavailable"), keyboard: adminHomeButton(ctx) };
  }
  const counts = await countAudience(audienceDeps(ctx.deps));
  const keyboard = new InlineKeyboard()
    .text(ctx.t("broadcast-new"), broadcastCb.pack({ act: "new", id: "", aud: "", tok: "" }))
    .row();
  return {
    // Numbers, not formatted strings: Fluent picks the plural form from them (and groups digits).
    text: ctx.t("broadcast-home", { all: counts.all, active: counts.active }),
    keyboard: adminHomeButton(ctx, keyboard),
  };
}

/**
 * Asks for the message, keeps it as a draft and shows the preview and the audience choice.
 * /cancel or Cancel ends it; another command or button leaves it and runs as usual.
 */
async function broadcastConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  await ctx.reply(ctx.t("broadcast-ask"), {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard().text(ctx.t("conv-cancel"), cancelCb()),
  });
  let draft: BroadcastDraft;
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (answer.callbackQuery?.data === cancelCb() || answer.message?.text === "/cancel") {
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
    if (read.ok) {
      draft = read.draft;
      break;
    }
    await answer.reply(answer.t(read.problem, read.max ? { max: read.max } : undefined), {
      parse_mode: "HTML",
    });
  }

  const saved = await conversation.external(async (outer: BotContext) => {
    const id = await outer.deps.shop.broadcastDrafts.save(draft);
    return { id, counts: await countAudience(audienceDeps(outer.deps)) };
  });

  // The preview goes out with exactly the options the outbox uses for customers.
  if (draft.photo) {
    const format = formatOf(draft);
    await ctx.replyWithPhoto(draft.photo, {
      caption: draft.text,
      ...("entities" in format ? { caption_entities: format.entities } : format),
    });
  } else {
    await ctx.reply(draft.text, { ...formatOf(draft), link_preview_options: { is_disabled: true } });
  }
  await ctx.reply(ctx.t("broadcast-preview"), {
    parse_mode: "HTML",
    reply_markup: audienceKeyboard(ctx.t, await localeOf(ctx), saved.id, saved.counts),
  });
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const broadcastConversations = [createConversation(broadcastConversation, BROADCAST)];

function expiredView(ctx: BotContext): View {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("broadcast-new"), broadcastCb.pack({ act: "new", id: "", aud: "", tok: "" }))
    .row();
  return { text: ctx.t("broadcast-expired"), keyboard: adminHomeButton(ctx, keyboard) };
}

export const broadcastFeature = new Composer<BotContext>();

broadcastFeature.callbackQuery(broadcastCb.pattern, async (ctx) => {
  const data = broadcastCb.unpack(ctx.callbackQuery.data);
  if (!data) return ctx.answerCallbackQuery();
  const { deps } = ctx;
  switch (data.act) {
    case "new": {
      await ctx.answerCallbackQuery();
      if (!deps.broadcasts) return show(ctx, await broadcastHomeView(ctx));
      await enterConversation(ctx, BROADCAST);
      return;
    }
    case "cancel": {
      await ctx.answerCallbackQuery();
      await deps.shop.broadcastDrafts.discard(data.id);
      return show(ctx, { text: ctx.t("broadcast-cancelled"), keyboard: adminHomeButton(ctx) });
    }
    case "aud": {
      await ctx.answerCallbackQuery();
      const draft = await deps.shop.broadcastDrafts.get(data.id);
      if (!draft) return show(ctx, expiredView(ctx));
      const locale = await localeOf(ctx);
      const counts = await countAudience(audienceDeps(deps));
      if (!data.aud) {
        return show(ctx, {
          text: ctx.t("broadcast-preview"),
          keyboard: audienceKeyboard(ctx.t, locale, data.id, counts),
        });
      }
      const back = broadcastCb.pack({ act: "aud", id: data.id, aud: "", tok: "" });
      const count = counts[data.aud];
      if (count === 0) {
        return show(ctx, {
          text: ctx.t("broadcast-nobody"),
          keyboard: new InlineKeyboard()
            .text(ctx.t("broadcast-back"), back)
            .text(ctx.t("broadcast-cancel"), cancelCb(data.id)),
        });
      }
      const token = await issueConfirmation(ctx, `broadcast:${data.id}:${data.aud}`, DRAFT_TTL_SECONDS);
      return show(ctx, {
        text: ctx.t("broadcast-confirm", {
          audience: ctx.t(`broadcast-to-${data.aud}`),
          count,
        }),
        keyboard: new InlineKeyboard()
          .text(
            ctx.t("broadcast-confirm-yes"),
            broadcastCb.pack({ act: "go", id: data.id, aud: data.aud, tok: token }),
          )
          .row()
          .text(ctx.t("broadcast-back"), back)
          .text(ctx.t("broadcast-cancel"), cancelCb(data.id)),
      });
    }
    case "go": {
      const claim =
        data.tok && data.aud
          ? await claimConfirmation(ctx, data.tok, `broadcast:${data.id}:${data.aud}`)
          : "unknown";
      if (claim === "used") {
        return ctx.answerCallbackQuery({ text: ctx.t("broadcast-already-started"), show_alert: true });
      }
      await ctx.answerCallbackQuery();
      const draft = await deps.shop.broadcastDrafts.get(data.id);
      if (claim === "unknown" || !draft || !data.aud) return show(ctx, expiredView(ctx));
      if (!deps.broadcasts) return show(ctx, await broadcastHomeView(ctx));
      const { id } = await deps.broadcasts.start({
        adminChatId: ctx.chat?.id ?? ctx.from.id,
        text: draft.text,
        entities: draft.entities as MessageEntity[] | undefined,
        photoFileId: draft.photo,
        audience: data.aud,
        locale: await localeOf(ctx),
      });
      await deps.shop.broadcastDrafts.discard(data.id);
      ctx.log.info({ adminId: ctx.from.id, broadcastId: id, audience: data.aud }, "broadcast started");
      return show(ctx, { text: ctx.t("broadcast-started"), keyboard: adminHomeButton(ctx) });
    }
    case "stop": {
      // The worker's progress message shows the outcome; the press is answered with a toast.
      const outcome = deps.broadcasts && data.id ? await deps.broadcasts.stop(data.id) : "unknown";
      if (outcome === "stopping") {
        ctx.log.info({ adminId: ctx.from.id, broadcastId: data.id }, "broadcast stopped by an admin");
      }
      return ctx.answerCallbackQuery({ text: ctx.t(`broadcast-stop-${outcome}`) });
    }
  }
});
