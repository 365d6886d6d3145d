import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { MAX_REQUIRED_CHANNELS } from "#src/domain/catalog/index.js";
import type { ChannelAdded } from "#src/domain/sales/index.js";
import { html } from "#src/render/format.js";
import { asStaff, dialogGuard } from "../staff-actor.js";
import { channelsView } from "./view.js";

export const ADD_CHANNEL = "admin-gate-add-channel";

/**
 * `@name`, `name`, `t.me/name` or `https://t.me/name` (a public channel or group), or a numeric chat
 * id (`-100…`, of a private one): what getChat takes. Undefined for anything else (an invite link
 * `t.me/+…` names no chat the bot can look up).
 */
export function parseChatRef(text: string): string | number | undefined {
  const typed = text.trim();
  if (/^-?\d{5,16}$/.test(typed) && Number.isSafeInteger(Number(typed))) return Number(typed);
  const named = /^(?:(?:https?:\/\/)?t\.me\/|@)?([A-Za-z][A-Za-z0-9_]{3,31})$/.exec(typed);
  return named ? `@${named[1]}` : undefined;
}

/** What the admin is told of an add, above the screen. */
function addedNote(ctx: BotContext, added: ChannelAdded): string {
  switch (added.status) {
    case "added":
    case "updated":
      return ctx.t(added.status === "added" ? "gate-admin-added" : "gate-admin-updated", {
        title: html(added.channel.title),
      });
    case "cannot-read":
      return ctx.t("gate-admin-not-admin", { title: html(added.chat.title) });
    case "full":
      return ctx.t("gate-admin-full", { max: MAX_REQUIRED_CHANNELS });
    case "not-a-channel":
      return ctx.t("gate-admin-not-channel");
    case "unavailable":
      return ctx.t("gate-admin-unavailable");
    case "not-found":
      return ctx.t("gate-admin-not-found");
  }
}

/** Asks for the channel (re-asking until it reads as one), adds it, and shows the screen. */
async function addConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const typed = await askText(conversation, ctx, ctx.t("gate-admin-ask"), {
    validate: (text) => (parseChatRef(text) === undefined ? ctx.t("gate-admin-ask-invalid") : undefined),
  });
  const view = await conversation.external(async (outer: BotContext) => {
    const ref = parseChatRef(typed) ?? typed;
    // Each step was checked (dialogGuard); the domain checks the role again and records it.
    const now = outer.deps.clock.now();
    const added = await asStaff(outer, (actor) => outer.deps.sales.gate.addChannelAs(actor, ref, now));
    if (!added) return undefined;
    outer.log.info({ adminId: outer.from?.id, ref, status: added.status }, "required channel added");
    const shown = await channelsView(outer, addedNote(outer, added));
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  if (view)
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Installed ahead of all features, entered only from the admin-checked Add button; each step checked. */
export const channelsConversations = [
  dialogGuard(ADD_CHANNEL, "catalog", "channel.add"),
  createConversation(addConversation, ADD_CHANNEL),
];
