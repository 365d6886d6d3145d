import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import type { LoginOutcome } from "#src/domain/fleet/index.js";
import { html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { accountCb } from "./callbacks.js";
import { linkedKeyboard } from "./views.js";

/**
 * Linking the hosting account in chat: login and password (plus the TOTP code) traded for a key,
 * or a key pasted from the web cabinet. Secrets are asked with `secret: true` (their messages
 * are deleted) and only outcomes, never keys or passwords, enter the conversation's replay.
 * Every answer is let in only while the sender's role allows `hosting` (hostingDialog).
 */

export const LOGIN = "admin-login";
export const PASTE_KEY = "admin-paste-key";
const MAX_TRIES = 3;
const KEY_FORMAT = /^[A-Za-z0-9]+_[A-Za-z0-9_-]{8,}$/;

/** A login outcome as replayed by the conversation: a failure travels as its text. */
type Replayed = Exclude<LoginOutcome, { kind: "failed" }> | { kind: "failed"; text: string };

/** Asks the service for a key (sealed into Redis right there); only the outcome is replayed. */
function tryLogin(
  conversation: BotConversation,
  input: { adminId: number; login: string; password: string; code: string | undefined },
): Promise<Replayed> {
  return conversation.external(async (outer: BotContext): Promise<Replayed> => {
    const outcome = await outer.deps.fleet.account.login(input, actorOf(outer));
    return outcome.kind === "failed"
      ? { kind: "failed", text: hostingErrorText(outer.t, outcome.error) }
      : outcome;
  });
}

function askCode(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<string> {
  return askText(conversation, ctx, prompt, {
    secret: true,
    validate: (text) => (/^\d{6}$/.test(text) ? undefined : ctx.t("account-code-format")),
  });
}

type Ended = Exclude<Replayed, { kind: "need-code" | "wrong-code" }>;

/** Says how a login ended; true when it is over (linked or given up), false to start again. */
async function endOf(ctx: ConvContext, outcome: Ended, lastTry: boolean): Promise<boolean> {
  switch (outcome.kind) {
    case "linked":
      await ctx.reply(ctx.t("account-linked", { prefix: html(outcome.prefix) }), {
        parse_mode: "HTML",
        reply_markup: linkedKeyboard(ctx.t),
      });
      return true;
    case "wrong-credentials":
      await ctx.reply(ctx.t(lastTry ? "account-too-many-tries" : "account-wrong-credentials"));
      return lastTry;
    case "cabinet-key":
      await ctx.reply(ctx.t("account-needs-cabinet-key"), {
        reply_markup: new InlineKeyboard().text(ctx.t("account-paste-key"), accountCb.pack({ act: "key" })),
      });
      return true;
    case "key-limit":
      await ctx.reply(ctx.t("account-key-limit"));
      return true;
    case "failed":
      await ctx.reply(outcome.text);
      return true;
  }
}

async function loginConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const adminId = ctx.from?.id ?? 0;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const login = await askText(conversation, ctx, ctx.t("account-ask-login"));
    const password = await askText(conversation, ctx, ctx.t("account-ask-password"), { secret: true });
    let code: string | undefined;
    let outcome = await tryLogin(conversation, { adminId, login, password, code });
    for (let codeTries = 0; outcome.kind === "need-code" || outcome.kind === "wrong-code"; ) {
      if (outcome.kind === "wrong-code" && ++codeTries >= MAX_TRIES) {
        await ctx.reply(ctx.t("account-too-many-tries"));
        return;
      }
      code = await askCode(
        conversation,
        ctx,
        ctx.t(outcome.kind === "need-code" ? "account-ask-code" : "account-code-wrong"),
      );
      outcome = await tryLogin(conversation, { adminId, login, password, code });
    }
    if (await endOf(ctx, outcome, attempt === MAX_TRIES)) return;
  }
}

async function pasteKeyConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const adminId = ctx.from?.id ?? 0;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const key = await askText(conversation, ctx, ctx.t("account-ask-key"), {
      secret: true,
      validate: (text) => (KEY_FORMAT.test(text) ? undefined : ctx.t("account-key-format")),
    });
    // The key is checked with a real call before it is saved; only the outcome is replayed.
    const outcome = await conversation.external(async (outer: BotContext) => {
      const result = await outer.deps.fleet.account.pasteKey(adminId, key, actorOf(outer));
      if (result.kind === "linked") return { ok: true as const, prefix: result.prefix };
      if (result.kind === "invalid") return { ok: false as const, text: outer.t("account-key-invalid") };
      return { ok: false as const, text: hostingErrorText(outer.t, result.error), final: true };
    });
    if (outcome.ok) {
      await ctx.reply(ctx.t("account-linked", { prefix: html(outcome.prefix) }), {
        parse_mode: "HTML",
        reply_markup: linkedKeyboard(ctx.t),
      });
      return;
    }
    await ctx.reply(outcome.text);
    if ("final" in outcome) return;
  }
  await ctx.reply(ctx.t("account-too-many-tries"));
}

/** Installed ahead of all features, so an active conversation sees its chat's updates first. */
export const accountConversations = [
  createConversation(hostingDialog("account.link", loginConversation), LOGIN),
  createConversation(hostingDialog("account.link", pasteKeyConversation), PASTE_KEY),
];
