import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { MessageOrigin } from "grammy/types";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import {
  ANSWER_TIMEOUT_MS,
  type BotConversation,
  CONV_CANCEL,
  haltCancelled,
} from "#src/bot/conversation-kit.js";
import { permitted } from "#src/bot/staff.js";
import type { Role } from "#src/domain/staff/index.js";
import { html } from "#src/render/format.js";
import { chooseRoleView } from "./views.js";
import { personName } from "./words.js";

export const STAFF_ADD = "staff.add";

/** A Telegram user id, or a @username in Telegram's alphabet. */
const USER_ID = /^\d{1,16}$/;
const USERNAME = /^@?[A-Za-z][A-Za-z0-9_]{3,31}$/;

/** What the owner sent: a forwarded message's origin, or text. */
interface Answer {
  origin?: MessageOrigin | undefined;
  text?: string | undefined;
}

/** Who the answer names, or what is wrong with it (a message key and its values). */
type Found =
  | { ok: true; id: number; name: string; role: Role | undefined }
  | { ok: false; key: string; vars?: Record<string, string> };

/** The person a forwarded message came from: a user, or a clear no (hidden, a chat, a bot). */
function fromOrigin(origin: MessageOrigin): Found | { id: number; name: string } {
  if (origin.type === "hidden_user") return { ok: false, key: "staff-add-hidden" };
  if (origin.type !== "user") return { ok: false, key: "staff-add-not-person" };
  const user = origin.sender_user;
  if (user.is_bot) return { ok: false, key: "staff-add-bot" };
  return { id: user.id, name: user.username ? `@${user.username}` : user.first_name };
}

/** A typed @username (one the bot has seen: a customer) or id. */
async function fromText(
  ctx: BotContext,
  text: string | undefined,
): Promise<Found | { id: number; name: string }> {
  if (text !== undefined && USER_ID.test(text) && Number(text) > 0) {
    const id = Number(text);
    return { id, name: (await personName(ctx, id)) ?? text };
  }
  if (text === undefined || !USERNAME.test(text)) return { ok: false, key: "staff-add-invalid" };
  const customer = await ctx.deps.books.customers.find(text);
  if (!customer) return { ok: false, key: "staff-add-unknown", vars: { query: html(text) } };
  return { id: customer.id, name: customer.username ? `@${customer.username}` : customer.firstName };
}

/** Who the owner means, checked: not a bot, not an owner; their name remembered for the staff list. */
async function identify(ctx: BotContext, answer: Answer): Promise<Found> {
  const person = answer.origin ? fromOrigin(answer.origin) : await fromText(ctx, answer.text);
  if ("ok" in person) return person;
  const { roster } = ctx.deps.staff;
  if (person.id === ctx.me.id) return { ok: false, key: "staff-add-bot" };
  if (roster.isOwner(person.id))
    return { ok: false, key: "staff-add-owner", vars: { name: html(person.name) } };
  await roster.rememberName(person.id, person.name);
  return { ok: true, ...person, role: await roster.roleOf(person.id) };
}

/** The next answer: Cancel ends the dialog, another button or a command leaves it (and runs as usual). */
async function nextAnswer(conversation: BotConversation): Promise<Answer> {
  const update = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
  const text = update.message?.text?.trim();
  if (update.callbackQuery?.data === CONV_CANCEL || text === "/cancel") {
    if (update.callbackQuery) await update.answerCallbackQuery();
    return haltCancelled(conversation);
  }
  if (update.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
  const origin = update.message?.forward_origin;
  return origin ? { origin } : { text };
}

/**
 * Add a staff member: the owner forwards a message from the person, or sends their @username or
 * id; the dialog ends on the role buttons (the card's own, checked by the guard and the roster
 * when pressed), so nothing changes here. Each answer is checked against the owner's role now.
 */
async function addStaff(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const cancel = new InlineKeyboard().text(ctx.t("conv-cancel"), CONV_CANCEL);
  await ctx.reply(ctx.t("staff-add-ask"), { parse_mode: "HTML", reply_markup: cancel });
  for (;;) {
    const answer = await nextAnswer(conversation);
    const found = await conversation.external(async (outer: BotContext): Promise<Found | undefined> => {
      if (!(await permitted(outer, "staff", "staff.add"))) return undefined;
      return identify(outer, answer);
    });
    if (!found) return;
    if (found.ok) {
      const view = chooseRoleView(ctx.t, found);
      await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.keyboard });
      return;
    }
    await ctx.reply(ctx.t(found.key, found.vars), { parse_mode: "HTML", reply_markup: cancel });
  }
}

/** Installed with the admin conversations, entered only from the section's Add button. */
export const staffConversations = [createConversation(addStaff, STAFF_ADD)];
