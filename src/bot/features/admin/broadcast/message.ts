import type { Message, MessageEntity } from "grammy/types";
import type { ConvContext } from "#src/bot/context.js";
import type { BroadcastDraft } from "#src/domain/backoffice/index.js";
import { html } from "#src/render/format.js";
import { linkKeyboard } from "#src/render/link-buttons.js";

/** Telegram's limits (the outbox checks the same on the escaped text). */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;

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

/** The draft as customers will get it, with exactly the options the outbox uses for them. */
export async function sendPreview(ctx: ConvContext, draft: BroadcastDraft): Promise<void> {
  const format = formatOf(draft);
  const markup = linkKeyboard(draft.buttons);
  const keyboard = markup ? { reply_markup: markup } : {};
  if (draft.photo) {
    await ctx.replyWithPhoto(draft.photo, {
      caption: draft.text,
      ...("entities" in format ? { caption_entities: format.entities } : format),
      ...keyboard,
    });
  } else {
    await ctx.reply(draft.text, { ...format, link_preview_options: { is_disabled: true }, ...keyboard });
  }
}
