import type { Conversation, ConversationData, VersionedState } from "@grammyjs/conversations";
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { Redis } from "ioredis";
import type { SecretBox } from "../store/secret-box.js";
import type { BotContext, ConvContext, SessionData } from "./context.js";

export type BotConversation = Conversation<BotContext, ConvContext>;

/** The Cancel button under a question (also handled outside a conversation: see create-bot). */
export const CONV_CANCEL = "conv:cancel";
/** A question left unanswered this long ends the conversation. */
export const ANSWER_TIMEOUT_MS = 15 * 60_000;
const STATE_TTL_MS = 60 * 60_000;
/** While set, the user's next stray message in that chat is taken for the secret asked for. */
const SECRET_EXPECTED = (chatId: number, userId: number) => `secret-expected:${chatId}:${userId}`;
const SECRET_EXPECTED_TTL_SECONDS = 60 * 60;

/** Where the conversations plugin finds its state: the outer context, whose session holds it. */
type SessionHolder = { session: SessionData; chat?: { id: number; type: string }; from?: { id: number } };

/**
 * Conversation state inside the chat's session (one Redis read and at most one write per update
 * for both), sealed with SECRET_KEY: a conversation replays the updates it received, which can
 * hold a password or a key for the moment between asking and using it. Sealed at rest, bound to
 * its conversation key, gone once the conversation ends, and not resumed after an hour. Reading
 * it costs nothing when the session holds none, which is nearly every update.
 */
export class SealedConversationStorage {
  constructor(private readonly box: SecretBox) {}

  read(session: SessionData, key: string): VersionedState<ConversationData> | undefined {
    const stored = session.conversations?.[key];
    if (!stored) return undefined;
    // A state sealed for another chat (or before states were bound to chats) does not open:
    // the conversation starts over rather than replaying someone else's answers.
    const plain = stored.until > Date.now() ? this.box.open(stored.sealed, sealContext(key)) : undefined;
    if (!plain) {
      this.delete(session, key);
      return undefined;
    }
    return JSON.parse(plain) as VersionedState<ConversationData>;
  }

  write(session: SessionData, key: string, state: VersionedState<ConversationData>): void {
    const sealed = this.box.seal(JSON.stringify(state), sealContext(key));
    session.conversations = { ...session.conversations, [key]: { sealed, until: Date.now() + STATE_TTL_MS } };
  }

  delete(session: SessionData, key: string): void {
    if (!session.conversations?.[key]) return;
    const { [key]: _gone, ...rest } = session.conversations;
    if (Object.keys(rest).length > 0) session.conversations = rest;
    else delete session.conversations;
  }

  /** The conversations plugin's `context` storage over the update's session. */
  adapter() {
    const keyOf = (ctx: SessionHolder) => conversationKey(ctx) ?? "";
    return {
      read: (ctx: SessionHolder) => this.read(ctx.session, keyOf(ctx)),
      write: (ctx: SessionHolder, state: VersionedState<ConversationData>) =>
        this.write(ctx.session, keyOf(ctx), state),
      delete: (ctx: SessionHolder) => this.delete(ctx.session, keyOf(ctx)),
    };
  }
}

/**
 * Where a conversation is kept: per chat in a private chat, per chat and user elsewhere. In a
 * group each member has their own conversations, so nobody can answer another member's
 * prompt (and a conversation never swallows the other members' messages).
 */
export function conversationKey(ctx: {
  chat?: { id: number; type: string };
  from?: { id: number };
}): string | undefined {
  if (!ctx.chat) return undefined;
  if (ctx.chat.type === "private") return String(ctx.chat.id);
  return `${ctx.chat.id}:${ctx.from?.id ?? "anonymous"}`;
}

/** The additional data a conversation state is sealed with: it binds the state to its chat's key. */
function sealContext(key: string): string {
  return `conversation:${key}`;
}

/** Updates that just ended a question by Cancel or /cancel (in this process, for this update only). */
const cancelledUpdates = new WeakSet<object>();

/** True when this update ended a question (Cancel or /cancel): it is answered with "Cancelled.". */
export function endedByCancel(ctx: object): boolean {
  return cancelledUpdates.has(ctx);
}

/**
 * Ends the conversation as a Cancel does in `askText`: "Cancelled." and the main menu are sent
 * outside (see endedByCancel). For questions asked with buttons of their own.
 */
export async function haltCancelled(conversation: BotConversation): Promise<never> {
  await conversation.external((outer: BotContext) => {
    cancelledUpdates.add(outer);
  });
  return conversation.halt({ next: true });
}

export interface AskOptions {
  /** Delete the user's answer from the chat as soon as it is read (passwords, codes, keys). */
  secret?: boolean;
  /** Returns an error text for an answer that is not acceptable; the question is asked again. */
  validate?: (text: string) => string | undefined;
}

/**
 * Asks for one text answer. A command leaves the conversation and runs as usual; the Cancel
 * button or /cancel ends it; other buttons leave it and work as outside it.
 */
export async function askText(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  options: AskOptions = {},
): Promise<string> {
  if (options.secret) await conversation.external((outer: BotContext) => expectSecret(outer, true));
  await ctx.reply(prompt, {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard().text(ctx.t("conv-cancel"), CONV_CANCEL),
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    if (answer.callbackQuery?.data === CONV_CANCEL || answer.message?.text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      // "Cancelled." and the main menu are sent outside, where the menu lives (see endedByCancel).
      await conversation.external((outer: BotContext) => {
        cancelledUpdates.add(outer);
      });
      return conversation.halt({ next: true });
    }
    const text = answer.message?.text;
    if (text?.startsWith("/") || answer.callbackQuery) {
      // Anything else the user does is taken as leaving: it runs as it would outside.
      return conversation.halt({ next: true });
    }
    if (options.secret && answer.message) {
      // Bot API calls are already replay-safe in a conversation (never wrap them in external).
      await answer.deleteMessage().catch(() => undefined);
      await conversation.external((outer: BotContext) => expectSecret(outer, false));
    }
    if (text === undefined) {
      await answer.reply(answer.t("conv-send-text"));
      continue;
    }
    const problem = options.validate?.(text.trim());
    if (problem) {
      await answer.reply(problem, { parse_mode: "HTML" });
      continue;
    }
    return text.trim();
  }
}

/** Marks of a secret asked for and not received yet, per chat and user (built by createBot). */
export class SecretMarkers {
  constructor(private readonly redis: Redis) {}

  async set(chatId: number, userId: number, expected: boolean): Promise<void> {
    const key = SECRET_EXPECTED(chatId, userId);
    if (expected) await this.redis.set(key, "1", "EX", SECRET_EXPECTED_TTL_SECONDS);
    else await this.redis.del(key);
  }

  /** Whether a secret was expected; the mark is gone after this. */
  async take(chatId: number, userId: number): Promise<boolean> {
    return (await this.redis.getdel(SECRET_EXPECTED(chatId, userId))) !== null;
  }
}

/** Marks (or clears) that a secret was asked for in this chat and not received yet. */
async function expectSecret(ctx: BotContext, expected: boolean): Promise<void> {
  if (!ctx.chat || !ctx.from) return;
  await ctx.kit.secrets.set(ctx.chat.id, ctx.from.id, expected);
}

/**
 * A secret (password, code, key) sent after its question ended (timed out, cancelled, left)
 * reaches no conversation: the first stray message after the question is deleted all the same,
 * unread and unlogged, and the user is told. Installed after the conversations.
 */
export const lateSecrets: MiddlewareFn<BotContext> = async (ctx, next) => {
  const message = ctx.message;
  if (!message || !ctx.chat || !ctx.from || message.text?.startsWith("/")) return next();
  if (!(await ctx.kit.secrets.take(ctx.chat.id, ctx.from.id))) return next();
  await ctx.deleteMessage().catch(() => undefined);
  ctx.log.info({ from: ctx.from.id }, "deleted a message sent after a secret question ended");
  await ctx.reply(ctx.t("secret-late-deleted"));
};
