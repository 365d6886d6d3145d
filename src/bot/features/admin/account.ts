import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import { HostingApiError, isHostingError } from "../../../hosting/errors.js";
import { callbackCodec } from "../../../render/callback-data.js";
import { formatNumber, html } from "../../../render/format.js";
import { hostingErrorText } from "../../../render/hosting-error.js";
import type { BotContext, BotDeps, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import { enterConversation, type Translate } from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { serversCb } from "./callbacks.js";
import { adminHomeButton } from "./home.js";
import { hostingCurrency } from "./settings/hosting-money.js";

export const accountCb = callbackCodec("a.acc", {
  act: z.enum(["view", "link", "key", "unlink", "unlink-yes"]),
});

const LOGIN = "admin-login";
const PASTE_KEY = "admin-paste-key";
const MAX_TRIES = 3;
const KEY_FORMAT = /^[A-Za-z0-9]+_[A-Za-z0-9_-]{8,}$/;

function linkButtons(t: Translate, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard
    .text(t("account-link"), accountCb.pack({ act: "link" }))
    .row()
    .text(t("account-paste-key"), accountCb.pack({ act: "key" }))
    .row();
}

/** Buttons offered when a call answered 401: link again, paste a key, or unlink. */
export function relinkKeyboard(t: Translate): InlineKeyboard {
  return linkButtons(t)
    .text(t("account-unlink"), accountCb.pack({ act: "unlink" }))
    .row();
}

/** The hosting account card, or a way to link one. */
export async function accountView(ctx: BotContext): Promise<View> {
  const { accountKey, hosting } = ctx.deps;
  const info = await accountKey.info();
  if (info.source === "none") {
    return { text: ctx.t("account-not-linked"), keyboard: adminHomeButton(ctx, linkButtons(ctx.t)) };
  }
  try {
    const account = await hosting.account.account();
    const [locale, currency] = await Promise.all([localeOf(ctx), hostingCurrency(ctx)]);
    const keyboard = new InlineKeyboard()
      .text(ctx.t("admin-servers"), serversCb.pack({ act: "list", id: 0, arg: "" }))
      .text(ctx.t("menu-refresh"), accountCb.pack({ act: "view" }))
      .row();
    if (!accountKey.fixed) {
      keyboard
        .text(ctx.t("account-relink"), accountCb.pack({ act: "link" }))
        .text(ctx.t("account-unlink"), accountCb.pack({ act: "unlink" }))
        .row();
    }
    return {
      text: ctx.t("account-card", {
        username: account.username ? `@${html(account.username)}` : "—",
        tgid: String(account.tgid),
        balance: formatNumber(locale, account.balance),
        currency: html(currency),
        servers: account.serversTotal,
        prefix: html(info.prefix ?? "—"),
        source: ctx.t(info.source === "env" ? "account-source-env" : "account-source-linked"),
      }),
      keyboard: adminHomeButton(ctx, keyboard),
    };
  } catch (err) {
    if (isHostingError(err, "unauthorized") && !accountKey.fixed) {
      return {
        text: ctx.t("hosting-error-unauthorized"),
        keyboard: adminHomeButton(ctx, relinkKeyboard(ctx.t)),
      };
    }
    const keyboard = new InlineKeyboard().text(ctx.t("menu-refresh"), accountCb.pack({ act: "view" })).row();
    return { text: hostingErrorText(ctx.t, err), keyboard: adminHomeButton(ctx, keyboard) };
  }
}

type LoginOutcome =
  | { kind: "linked"; prefix: string }
  | { kind: "need-code" }
  | { kind: "wrong-code" }
  | { kind: "wrong-credentials" }
  | { kind: "cabinet-key" }
  | { kind: "key-limit" }
  | { kind: "failed"; text: string };

/** 401s that mention the code mean "TOTP code required / invalid" (see the fake and not-shown.md). */
const CODE_PROBLEM = /code|totp|2fa|otp/i;

/**
 * Calls the token endpoint and, on success, seals the key into Redis right here, so only its
 * prefix (never the key or the password) becomes part of the conversation's stored replay.
 */
async function issueAndSave(
  deps: BotDeps,
  t: Translate,
  adminId: number,
  login: string,
  password: string,
  code: string | undefined,
): Promise<LoginOutcome> {
  try {
    const issued = await deps.hosting.account.issueToken({ login, password, code, name: "telegram-bot" });
    await deps.accountKey.save(issued.key, adminId, deps.clock.now(), issued.prefix);
    deps.logger.info({ adminId, prefix: issued.prefix }, "hosting account linked");
    return { kind: "linked", prefix: (await deps.accountKey.info()).prefix ?? issued.prefix };
  } catch (err) {
    if (err instanceof HostingApiError) {
      if (err.kind === "unauthorized") {
        if (CODE_PROBLEM.test(err.detail)) return { kind: code === undefined ? "need-code" : "wrong-code" };
        return { kind: "wrong-credentials" };
      }
      if (err.kind === "forbidden") return { kind: "cabinet-key" };
      if (err.kind === "bad_request" && /key/i.test(err.detail)) return { kind: "key-limit" };
    }
    return { kind: "failed", text: hostingErrorText(t, err) };
  }
}

async function loginConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const adminId = ctx.from?.id ?? 0;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const login = await askText(conversation, ctx, ctx.t("account-ask-login"));
    const password = await askText(conversation, ctx, ctx.t("account-ask-password"), { secret: true });
    let code: string | undefined;
    for (let codeTries = 0; ; ) {
      const outcome = await conversation.external((outer: BotContext) =>
        issueAndSave(outer.deps, outer.t, adminId, login, password, code),
      );
      switch (outcome.kind) {
        case "linked":
          await ctx.reply(ctx.t("account-linked", { prefix: html(outcome.prefix) }), { parse_mode: "HTML" });
          return;
        case "need-code":
        case "wrong-code": {
          if (outcome.kind === "wrong-code" && ++codeTries >= MAX_TRIES) {
            await ctx.reply(ctx.t("account-too-many-tries"));
            return;
          }
          const prompt = ctx.t(outcome.kind === "need-code" ? "account-ask-code" : "account-code-wrong");
          code = await askText(conversation, ctx, prompt, {
            secret: true,
            validate: (text) => (/^\d{6}$/.test(text) ? undefined : ctx.t("account-code-format")),
          });
          continue;
        }
        case "wrong-credentials":
          if (attempt === MAX_TRIES) {
            await ctx.reply(ctx.t("account-too-many-tries"));
            return;
          }
          await ctx.reply(ctx.t("account-wrong-credentials"));
          break;
        case "cabinet-key":
          await ctx.reply(ctx.t("account-needs-cabinet-key"), {
            reply_markup: new InlineKeyboard().text(
              ctx.t("account-paste-key"),
              accountCb.pack({ act: "key" }),
            ),
          });
          return;
        case "key-limit":
          await ctx.reply(ctx.t("account-key-limit"));
          return;
        case "failed":
          await ctx.reply(outcome.text);
          return;
      }
      break;
    }
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
      try {
        await outer.deps.hosting.account.withKey(key).account();
        await outer.deps.accountKey.save(key, adminId, outer.deps.clock.now());
        outer.deps.logger.info({ adminId }, "hosting account key pasted and linked");
        return { ok: true as const, prefix: (await outer.deps.accountKey.info()).prefix ?? "" };
      } catch (err) {
        if (isHostingError(err, "unauthorized"))
          return { ok: false as const, text: outer.t("account-key-invalid") };
        return { ok: false as const, text: hostingErrorText(outer.t, err), final: true };
      }
    });
    if (outcome.ok) {
      await ctx.reply(ctx.t("account-linked", { prefix: html(outcome.prefix) }), { parse_mode: "HTML" });
      return;
    }
    await ctx.reply(outcome.text);
    if ("final" in outcome) return;
  }
  await ctx.reply(ctx.t("account-too-many-tries"));
}

/** Installed ahead of all features, so an active conversation sees its chat's updates first. */
export const accountConversations = [
  createConversation(loginConversation, LOGIN),
  createConversation(pasteKeyConversation, PASTE_KEY),
];

export const accountFeature = new Composer<BotContext>();

/** Starts linking, unless the key is fixed by ACCOUNT_API_KEY. */
async function startLinking(ctx: BotContext, conversation: string): Promise<void> {
  const info = await ctx.deps.accountKey.info();
  if (info.source === "env") {
    await ctx.reply(ctx.t("account-env-key", { prefix: info.prefix ?? "" }));
    return;
  }
  await enterConversation(ctx, conversation);
}

accountFeature.command("login", (ctx) => startLinking(ctx, LOGIN));

accountFeature.callbackQuery(accountCb.pattern, async (ctx) => {
  const data = accountCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  switch (data.act) {
    case "view":
      return show(ctx, await accountView(ctx));
    case "link":
      return startLinking(ctx, LOGIN);
    case "key":
      return startLinking(ctx, PASTE_KEY);
    case "unlink":
      if (ctx.deps.accountKey.fixed) return show(ctx, await accountView(ctx));
      return show(ctx, {
        text: ctx.t("account-unlink-confirm"),
        keyboard: new InlineKeyboard()
          .text(ctx.t("account-unlink-yes"), accountCb.pack({ act: "unlink-yes" }))
          .text(ctx.t("menu-back"), accountCb.pack({ act: "view" })),
      });
    case "unlink-yes":
      if (!ctx.deps.accountKey.fixed) {
        await ctx.deps.accountKey.clear();
        ctx.log.info({ adminId: ctx.from.id }, "hosting account unlinked");
      }
      return show(ctx, {
        text: ctx.t("account-unlinked"),
        keyboard: adminHomeButton(ctx, linkButtons(ctx.t)),
      });
  }
});
