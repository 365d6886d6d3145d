import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard, InputFile } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { askNumber, parseDays, parseGb, type Translate } from "#src/bot/kit/index.js";
import type { Followed } from "#src/domain/books/index.js";
import type { CreatedXuiClient } from "#src/hosting/account/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { qrPng } from "#src/render/qr.js";
import { DAY } from "#src/runtime/clock.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { ownersAfter, withOwners } from "../owners-view.js";
import { requestTerm } from "../term-requests.js";
import { userRef } from "./callbacks.js";
import { cardCb, limitText, listCb } from "./views.js";

/**
 * The xui users section's dialogs: create (with the ready VLESS link, subscription links and a
 * QR code), change limit, set term. In this API `days` is a NEW term counted from now
 * (0 = no expiry), never added to the remaining one: the wording says so.
 */

export const CREATE = "admin-xui-create";
export const LIMIT = "admin-xui-limit";
export const TERM = "admin-xui-term";

/** Names the create dialog accepts (the API itself may hold other names; those are shown as they are). */
export const XUI_NAME = /^[A-Za-z0-9_.@-]{1,32}$/;

type Outcome<T> = { ok: true; value: T; ref: string } | { ok: false; text: string };

/** Buttons after a conversation's change: the user's card and the list. */
function afterKeyboard(t: Translate, server: number, ref: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("xui-open-card"), cardCb(server, ref))
    .text(t("xui-back-list"), listCb(server));
}

async function failed(ctx: ConvContext, server: number, text: string): Promise<void> {
  await ctx.reply(text, {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard().text(ctx.t("xui-back-list"), listCb(server)),
  });
}

async function askGb(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<number> {
  return (
    (await askNumber(conversation, ctx, prompt, { parse: parseGb, invalid: ctx.t("xui-gb-invalid") })) ?? 0
  );
}

async function askDays(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<number> {
  return (
    (await askNumber(conversation, ctx, prompt, { parse: parseDays, invalid: ctx.t("xui-days-invalid") })) ??
    0
  );
}

/**
 * Runs a change on the hosting side once (its result is stored in the replay, so only plain
 * data leaves it) and names the user for the buttons afterwards; a failure becomes its text.
 */
function once<T>(
  conversation: BotConversation,
  server: number,
  change: (outer: BotContext) => Promise<{ value: T; email: string }>,
): Promise<Outcome<T>> {
  return conversation.external(async (outer: BotContext): Promise<Outcome<T>> => {
    try {
      const { value, email } = await change(outer);
      return { ok: true, value, ref: await userRef(outer.kit.nameRefs, server, email) };
    } catch (err) {
      return { ok: false, text: hostingErrorText(outer.t, err) };
    }
  });
}

/** What the admin reads after a created user: names, terms, the link and subscription links. */
async function createdText(
  ctx: ConvContext,
  server: number,
  client: CreatedXuiClient,
  asked: { wanted: string | undefined; days: number },
): Promise<string> {
  const locale = await localeOf(ctx);
  const name = html(client.email);
  const { wanted, days } = asked;
  const lines = [ctx.t("xui-created", { name, id: String(server) })];
  if (wanted === undefined) lines.push(ctx.t("xui-created-generated", { name }));
  else if (client.email !== wanted) lines.push(ctx.t("xui-created-renamed", { wanted: html(wanted), name }));
  lines.push(
    ctx.t("xui-created-terms", {
      limit: limitText(ctx.t, locale, client.totalGb),
      term: days > 0 ? ctx.t("xui-term-days", { days }) : ctx.t("xui-no-expiry"),
    }),
    "",
    ctx.t("xui-created-link"),
    `<code>${html(client.link)}</code>`,
    "",
    ctx.t("xui-created-subs"),
  );
  if (client.subLinks.length === 0) lines.push(ctx.t("xui-created-no-subs"));
  for (const sub of client.subLinks) lines.push(`<code>${html(sub)}</code>`);
  return lines.join("\n");
}

async function createUserConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  server: number,
): Promise<void> {
  const nameAnswer = await askText(conversation, ctx, ctx.t("xui-ask-name", { id: String(server) }), {
    validate: (text) => (text === "-" || XUI_NAME.test(text) ? undefined : ctx.t("xui-name-invalid")),
  });
  const gb = await askGb(conversation, ctx, ctx.t("xui-ask-gb"));
  const days = await askDays(conversation, ctx, ctx.t("xui-ask-days"));
  const wanted = nameAnswer === "-" ? undefined : nameAnswer;

  const outcome = await once(conversation, server, async (outer) => {
    const client = await outer.deps.fleet.xuiClients.create(
      server,
      { name: wanted, gb, days },
      actorOf(outer),
    );
    return { value: client, email: client.email };
  });
  if (!outcome.ok) return failed(ctx, server, outcome.text);

  const client = outcome.value;
  await ctx.reply(await createdText(ctx, server, client, { wanted, days }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: afterKeyboard(ctx.t, server, outcome.ref),
  });
  if (client.link) {
    await ctx.replyWithPhoto(new InputFile(await qrPng(client.link), "vless-qr.png"), {
      caption: ctx.t("xui-qr-caption", { name: client.email }),
    });
  }
}

async function changeLimitConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  server: number,
  email: string,
): Promise<void> {
  const gb = await askGb(conversation, ctx, ctx.t("xui-ask-limit", { name: html(email) }));
  const outcome = await once(conversation, server, async (outer) => {
    await outer.deps.fleet.xuiClients.setLimit(server, email, gb, actorOf(outer));
    return { value: gb, email };
  });
  if (!outcome.ok) return failed(ctx, server, outcome.text);
  const locale = await localeOf(ctx);
  await ctx.reply(
    ctx.t("xui-limit-set", { name: html(email), limit: limitText(ctx.t, locale, outcome.value) }),
    { parse_mode: "HTML", reply_markup: afterKeyboard(ctx.t, server, outcome.ref) },
  );
}

/** The admin's note on the subscriptions that followed a change (`key`), or that they could not. */
export function followedNote(ctx: BotContext | ConvContext, key: string, followed: Followed): string {
  return followed === undefined ? ctx.t("owners-not-followed") : ownersAfter(ctx, key, followed);
}

async function setTermConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  server: number,
  email: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("xui-ask-term", { name: html(email) }));
  // A customer's subscription on the user: the new term takes its turn in its term chain.
  const asked = await conversation.external(async (outer: BotContext) => {
    const target = days === 0 ? 0 : outer.deps.clock.now() + days * DAY;
    const text = await requestTerm(outer, { kind: "xui", serverId: server, name: email }, email, {
      mode: "set",
      target,
    });
    return text === undefined ? undefined : { text, ref: await userRef(outer.kit.nameRefs, server, email) };
  });
  if (asked) {
    await ctx.reply(asked.text, {
      parse_mode: "HTML",
      reply_markup: afterKeyboard(ctx.t, server, asked.ref),
    });
    return;
  }
  const outcome = await once(conversation, server, async (outer) => {
    // `days` is a new term from now (0 = no expiry): exactly what the admin typed, nothing added.
    const set = await outer.deps.fleet.xuiClients.setTerm(server, email, days, actorOf(outer));
    const followed = followedNote(outer, "owners-term", set.followed);
    return { value: { expiryMs: set.expiryMs, followed }, email };
  });
  if (!outcome.ok) return failed(ctx, server, outcome.text);
  const locale = await localeOf(ctx);
  const name = html(email);
  const { expiryMs, followed } = outcome.value;
  const text =
    days === 0
      ? ctx.t("xui-term-set-none", { name })
      : expiryMs
        ? ctx.t("xui-term-set", { name, date: formatDateTime(locale, expiryMs), days })
        : ctx.t("xui-term-set-days", { name, days });
  await ctx.reply(withOwners(text, followed), {
    parse_mode: "HTML",
    reply_markup: afterKeyboard(ctx.t, server, outcome.ref),
  });
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const xuiConversations = [
  createConversation(hostingDialog("xui.client.create", createUserConversation), CREATE),
  createConversation(hostingDialog("xui.client.limit", changeLimitConversation), LIMIT),
  createConversation(hostingDialog("xui.client.term", setTermConversation), TERM),
];
