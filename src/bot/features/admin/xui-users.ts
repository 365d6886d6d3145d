import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../config.js";
import type { CreatedXuiClient, XuiClient, XuiClientDetails } from "../../../hosting/account/index.js";
import { isHostingError } from "../../../hosting/errors.js";
import { cbPage } from "../../../render/callback-data.js";
import { formatBytes, formatDate, formatDateTime, formatGb, html, usageBar } from "../../../render/format.js";
import { hostingErrorText } from "../../../render/hosting-error.js";
import { qrPng } from "../../../render/qr.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import {
  askNumber,
  claimConfirmation,
  enterConversation,
  issueConfirmation,
  parseDays,
  parseGb,
  type Translate,
  withNotice,
} from "../../kit/index.js";
import type { NameRefs } from "../../name-refs.js";
import { show, type View } from "../../views/show.js";
import { relinkKeyboard } from "./account.js";
import { serversCb, xuiCb } from "./callbacks.js";
import { ownersFollow, ownersOf, ownersWarning, withOwners } from "./owners-view.js";

/**
 * xui users (clients) of one server: list with usage, a user's card, create (with the ready VLESS
 * link, subscription links and a QR code), change limit, set term, ban / unban, delete (with a
 * one-time confirmation) and the panel's inbounds. In this API `days` is a NEW term counted from
 * now (0 = no expiry), never added to the remaining one: the wording says so.
 */

const CREATE = "admin-xui-create";
const LIMIT = "admin-xui-limit";
const TERM = "admin-xui-term";

export const XUI_PAGE_SIZE = 8;
/** Names the create dialog accepts (the API itself may hold other names; those are shown as they are). */
export const XUI_NAME = /^[A-Za-z0-9_.@-]{1,32}$/;

// ---------------------------------------------------------------------------------------------
// User references in callback data
// ---------------------------------------------------------------------------------------------

/** `del-ok` carries `<ref>.<token>`; tokens are 8 base64url characters (never a "."). */
const TOKEN_SEP = ".";
const TOKEN_PLACEHOLDER = "x".repeat(8);
const ARG_MAX = 40;

/** True when the name itself can be the reference in every action, `del-ok` (the longest) included. */
function fitsDirectly(serverId: number, email: string): boolean {
  if (email.includes(TOKEN_SEP)) return false;
  const longest = `${email}${TOKEN_SEP}${TOKEN_PLACEHOLDER}`;
  if (longest.length > ARG_MAX) return false;
  try {
    xuiCb.pack({ act: "del-ok", id: serverId, arg: longest });
    return true;
  } catch {
    return false;
  }
}

/**
 * The `arg` naming a user: the name when it fits, else `~<hash>` with the name kept in Redis for
 * a week (the same name always gets the same hash, so a menu shown again refreshes the TTL).
 */
export function userRef(names: NameRefs, serverId: number, email: string): Promise<string> {
  return names.refer("xui", email, String(serverId), fitsDirectly(serverId, email));
}

/** The user's name behind a reference; undefined when the Redis entry expired (an old menu). */
function resolveRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("xui", ref);
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

const listCb = (id: number, page = 0) => xuiCb.pack({ act: "list", id, arg: String(page) });
const cardCb = (id: number, ref: string) => xuiCb.pack({ act: "card", id, arg: ref });
const serverCardCb = (id: number) => serversCb.pack({ act: "card", id, arg: "" });

function limitText(t: Translate, locale: Locale, gb: number): string {
  return gb > 0 ? formatGb(locale, gb) : t("xui-unlimited");
}

/** A hosting failure explained, with a way back (and a way to relink after a 401). */
function errorView(ctx: BotContext, err: unknown, back: InlineKeyboard, onlyXuiHint = false): View {
  let text = hostingErrorText(ctx.t, err);
  if (onlyXuiHint && isHostingError(err, "bad_request")) text += `\n\n${ctx.t("xui-only-xui")}`;
  const keyboard =
    isHostingError(err, "unauthorized") && !ctx.deps.accountKey.fixed
      ? relinkKeyboard(ctx.t).append(back)
      : back;
  return { text, keyboard };
}

function usageLine(t: Translate, locale: Locale, c: XuiClient): string {
  const used = c.upBytes + c.downBytes;
  const limitBytes = c.totalGb * 1024 ** 3;
  const bar = usageBar(used, limitBytes, 5);
  const amounts = t("xui-used-of", {
    used: formatBytes(locale, used),
    limit: limitText(t, locale, c.totalGb),
  });
  return bar ? `${bar} ${amounts}` : amounts;
}

function expiryShort(t: Translate, locale: Locale, expiryMs: number): string {
  return expiryMs > 0 ? t("xui-until", { date: formatDate(locale, expiryMs) }) : t("xui-no-expiry");
}

/** The users of a server's inbound, 8 a page, each with a usage bar and expiry. */
export async function xuiListView(
  ctx: BotContext,
  serverId: number,
  page = 0,
  notice?: string,
): Promise<View> {
  const back = new InlineKeyboard().text(ctx.t("xui-back-server"), serverCardCb(serverId));
  let list: Awaited<ReturnType<typeof ctx.deps.hosting.account.listClients>>;
  try {
    list = await ctx.deps.hosting.account.listClients(serverId);
  } catch (err) {
    return errorView(ctx, err, back, true);
  }
  const locale = await localeOf(ctx);
  const pages = Math.max(1, Math.ceil(list.clients.length / XUI_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = list.clients.slice(current * XUI_PAGE_SIZE, (current + 1) * XUI_PAGE_SIZE);

  const lines = [
    ctx.t("xui-list-title", { id: String(serverId) }),
    ctx.t("xui-list-summary", {
      inbound: String(list.inboundId),
      count: list.clients.length,
      page: String(current + 1),
      pages: String(pages),
    }),
    "",
  ];
  const keyboard = new InlineKeyboard();
  if (shown.length === 0) lines.push(ctx.t("xui-list-empty"));
  for (const c of shown) {
    const mark = c.enable ? "" : "🚫 ";
    lines.push(
      ctx.t("xui-list-line", {
        mark,
        name: html(c.email),
        usage: usageLine(ctx.t, locale, c),
        expiry: expiryShort(ctx.t, locale, c.expiryMs),
      }),
    );
    keyboard
      .text(`${mark}${c.email}`, cardCb(serverId, await userRef(ctx.kit.nameRefs, serverId, c.email)))
      .row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("xui-page-prev"), listCb(serverId, current - 1));
    if (current < pages - 1) keyboard.text(ctx.t("xui-page-next"), listCb(serverId, current + 1));
    keyboard.row();
  }
  keyboard
    .text(ctx.t("xui-create"), xuiCb.pack({ act: "create", id: serverId, arg: "" }))
    .text(ctx.t("xui-inbounds"), xuiCb.pack({ act: "inbounds", id: serverId, arg: "" }))
    .row()
    .text(ctx.t("menu-refresh"), listCb(serverId, current))
    .text(ctx.t("xui-back-server"), serverCardCb(serverId));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

function statusText(t: Translate, c: XuiClientDetails): string {
  return t(`xui-status-${c.status}`);
}

/** One user: status, limit, used up/down, expiry, with the actions. */
export async function xuiCardView(
  ctx: BotContext,
  serverId: number,
  email: string,
  notice?: string,
): Promise<View> {
  const listBack = new InlineKeyboard().text(ctx.t("xui-back-list"), listCb(serverId));
  let c: XuiClientDetails;
  try {
    c = await ctx.deps.hosting.account.getClient(serverId, email);
  } catch (err) {
    return errorView(ctx, err, listBack);
  }
  const locale = await localeOf(ctx);
  const used = c.upBytes + c.downBytes;
  const bar = usageBar(used, c.totalGb * 1024 ** 3);
  const lines = [
    ctx.t("xui-card-title", { name: html(c.email), id: String(serverId) }),
    ctx.t("xui-card-status", { status: statusText(ctx.t, c) }),
    ctx.t("xui-card-limit", { limit: limitText(ctx.t, locale, c.totalGb) }),
    ctx.t("xui-card-used", {
      used: formatBytes(locale, used),
      up: formatBytes(locale, c.upBytes),
      down: formatBytes(locale, c.downBytes),
    }),
  ];
  if (bar) lines.push(bar);
  if (c.expiryMs > 0) {
    const date = formatDateTime(locale, c.expiryMs);
    lines.push(
      c.daysLeft === undefined
        ? ctx.t("xui-card-expiry", { date })
        : ctx.t("xui-card-expiry-left", { date, days: c.daysLeft }),
    );
  } else {
    lines.push(ctx.t("xui-card-no-expiry"));
  }
  if (c.uuid) lines.push(ctx.t("xui-card-uuid", { uuid: html(c.uuid) }));

  const ref = await userRef(ctx.kit.nameRefs, serverId, c.email);
  const enabled = c.enable ?? c.status !== "disabled";
  const keyboard = new InlineKeyboard()
    .text(ctx.t("xui-btn-limit"), xuiCb.pack({ act: "limit", id: serverId, arg: ref }))
    .text(ctx.t("xui-btn-term"), xuiCb.pack({ act: "term", id: serverId, arg: ref }))
    .row()
    .text(
      ctx.t(enabled ? "xui-btn-ban" : "xui-btn-unban"),
      xuiCb.pack({ act: enabled ? "ban" : "unban", id: serverId, arg: ref }),
    )
    .text(ctx.t("xui-btn-delete"), xuiCb.pack({ act: "del", id: serverId, arg: ref }))
    .row()
    .text(ctx.t("menu-refresh"), cardCb(serverId, ref))
    .text(ctx.t("xui-back-list"), listCb(serverId));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

/** The inbounds of the server's xui panel. */
export async function xuiInboundsView(ctx: BotContext, serverId: number): Promise<View> {
  const back = new InlineKeyboard()
    .text(ctx.t("xui-users"), listCb(serverId))
    .text(ctx.t("xui-back-server"), serverCardCb(serverId));
  let inbounds: Awaited<ReturnType<typeof ctx.deps.hosting.account.inbounds>>;
  try {
    inbounds = await ctx.deps.hosting.account.inbounds(serverId);
  } catch (err) {
    return errorView(ctx, err, back, true);
  }
  const lines = [ctx.t("xui-inbounds-title", { id: String(serverId) }), ""];
  if (inbounds.length === 0) lines.push(ctx.t("xui-inbounds-empty"));
  for (const i of inbounds) {
    lines.push(
      ctx.t("xui-inbound-line", {
        id: String(i.id),
        remark: html(i.remark || "—"),
        protocol: html(i.protocol),
        network: html(i.network || "—"),
        port: String(i.port),
        path: html(i.path || "—"),
        clients:
          i.clientsCount === undefined
            ? ctx.t("xui-inbound-clients-unknown")
            : ctx.t("xui-inbound-clients", { count: i.clientsCount }),
      }),
    );
  }
  return { text: lines.join("\n"), keyboard: back };
}

/** The confirmation of a delete, naming the shop's customers on the user first (`warning`). */
function deleteConfirmView(
  ctx: BotContext,
  serverId: number,
  email: string,
  ref: string,
  token: string,
  warning: string,
): View {
  return {
    text: withOwners(ctx.t("xui-delete-confirm", { name: html(email) }), warning),
    keyboard: new InlineKeyboard()
      .text(
        ctx.t("xui-delete-yes"),
        xuiCb.pack({ act: "del-ok", id: serverId, arg: `${ref}${TOKEN_SEP}${token}` }),
      )
      .text(ctx.t("menu-back"), cardCb(serverId, ref)),
  };
}

// ---------------------------------------------------------------------------------------------
// Conversations: create, change limit, set term
// ---------------------------------------------------------------------------------------------

type Outcome<T> = { ok: true; value: T; ref: string } | { ok: false; text: string };

/** Buttons after a conversation's change: the user's card and the list. */
function afterKeyboard(t: Translate, serverId: number, ref: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("xui-open-card"), cardCb(serverId, ref))
    .text(t("xui-back-list"), listCb(serverId));
}

async function failed(ctx: ConvContext, serverId: number, text: string): Promise<void> {
  await ctx.reply(text, {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard().text(ctx.t("xui-back-list"), listCb(serverId)),
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

async function createUserConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  serverId: number,
): Promise<void> {
  const nameAnswer = await askText(conversation, ctx, ctx.t("xui-ask-name", { id: String(serverId) }), {
    validate: (text) => (text === "-" || XUI_NAME.test(text) ? undefined : ctx.t("xui-name-invalid")),
  });
  const gb = await askGb(conversation, ctx, ctx.t("xui-ask-gb"));
  const days = await askDays(conversation, ctx, ctx.t("xui-ask-days"));
  const wanted = nameAnswer === "-" ? undefined : nameAnswer;

  // Only plain data leaves `external`; it is stored in the replay, so it runs once.
  const outcome = await conversation.external(
    async (outer: BotContext): Promise<Outcome<CreatedXuiClient>> => {
      try {
        const client = await outer.deps.hosting.account.createClient(serverId, { name: wanted, gb, days });
        outer.log.info({ serverId, email: client.email }, "xui user created");
        return { ok: true, value: client, ref: await userRef(outer.kit.nameRefs, serverId, client.email) };
      } catch (err) {
        return { ok: false, text: hostingErrorText(outer.t, err) };
      }
    },
  );
  if (!outcome.ok) return failed(ctx, serverId, outcome.text);

  const client = outcome.value;
  const locale = await localeOf(ctx);
  const name = html(client.email);
  const lines = [ctx.t("xui-created", { name, id: String(serverId) })];
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
  await ctx.reply(lines.join("\n"), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: afterKeyboard(ctx.t, serverId, outcome.ref),
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
  serverId: number,
  email: string,
): Promise<void> {
  const gb = await askGb(conversation, ctx, ctx.t("xui-ask-limit", { name: html(email) }));
  const outcome = await conversation.external(async (outer: BotContext): Promise<Outcome<number>> => {
    try {
      await outer.deps.hosting.account.updateClient(serverId, email, { gb });
      outer.log.info({ serverId, email, gb }, "xui user limit changed");
      return { ok: true, value: gb, ref: await userRef(outer.kit.nameRefs, serverId, email) };
    } catch (err) {
      return { ok: false, text: hostingErrorText(outer.t, err) };
    }
  });
  if (!outcome.ok) return failed(ctx, serverId, outcome.text);
  const locale = await localeOf(ctx);
  await ctx.reply(
    ctx.t("xui-limit-set", { name: html(email), limit: limitText(ctx.t, locale, outcome.value) }),
    { parse_mode: "HTML", reply_markup: afterKeyboard(ctx.t, serverId, outcome.ref) },
  );
}

async function setTermConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  serverId: number,
  email: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("xui-ask-term", { name: html(email) }));
  const outcome = await conversation.external(
    async (outer: BotContext): Promise<Outcome<{ expiryMs: number | undefined; followed: string }>> => {
      try {
        // `days` is a new term from now (0 = no expiry): exactly what the admin typed, nothing added.
        const account = outer.deps.hosting.account;
        const updated = await account.updateClient(serverId, email, { days });
        outer.log.info({ serverId, email, days }, "xui user term set");
        const expiryMs = updated?.expiryMs;
        return {
          ok: true,
          value: { expiryMs, followed: await followTerm(outer, serverId, email, days, expiryMs) },
          ref: await userRef(outer.kit.nameRefs, serverId, email),
        };
      } catch (err) {
        return { ok: false, text: hostingErrorText(outer.t, err) };
      }
    },
  );
  if (!outcome.ok) return failed(ctx, serverId, outcome.text);
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
    reply_markup: afterKeyboard(ctx.t, serverId, outcome.ref),
  });
}

/**
 * The shop's subscriptions on the user take its new term (read back when the answer had none),
 * so /my, the card and the reminders agree with the hosting side. Returns the admin's note.
 */
async function followTerm(
  ctx: BotContext,
  serverId: number,
  email: string,
  days: number,
  expiryMs: number | undefined,
): Promise<string> {
  const client = { kind: "xui" as const, serverId, name: email };
  if ((await ownersOf(ctx, client)).length === 0) return "";
  let expiry = days === 0 ? 0 : expiryMs;
  if (expiry === undefined) {
    expiry = await ctx.deps.hosting.account.getClient(serverId, email).then(
      (c) => c.expiryMs,
      () => ctx.deps.clock.now() + days * 86_400_000,
    );
  }
  const target = expiry;
  return ownersFollow(ctx, "owners-term", () => ctx.deps.shop.owners.followTerm(client, target));
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const xuiConversations = [
  createConversation(createUserConversation, CREATE),
  createConversation(changeLimitConversation, LIMIT),
  createConversation(setTermConversation, TERM),
];

// ---------------------------------------------------------------------------------------------
// Buttons
// ---------------------------------------------------------------------------------------------

export const xuiUsersFeature = new Composer<BotContext>();

xuiUsersFeature.callbackQuery(xuiCb.pattern, async (ctx) => {
  const data = xuiCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  const { act, id, arg } = data;
  switch (act) {
    case "list":
      return show(ctx, await xuiListView(ctx, id, cbPage.safeParse(arg).data ?? 0));
    case "inbounds":
      return show(ctx, await xuiInboundsView(ctx, id));
    case "create":
      return enterConversation(ctx, CREATE, id);
  }

  // Everything else names a user: `arg` is a user reference (`del-ok`: `<ref>.<token>`).
  const cut = act === "del-ok" ? arg.lastIndexOf(TOKEN_SEP) : -1;
  const ref = cut >= 0 ? arg.slice(0, cut) : arg;
  const email = await resolveRef(ctx.kit.nameRefs, ref);
  if (email === undefined) {
    return show(ctx, await xuiListView(ctx, id, 0, ctx.t("error-menu-outdated")));
  }
  const account = ctx.deps.hosting.account;
  switch (act) {
    case "card":
      return show(ctx, await xuiCardView(ctx, id, email));
    case "limit":
      return enterConversation(ctx, LIMIT, id, email);
    case "term":
      return enterConversation(ctx, TERM, id, email);
    case "ban":
    case "unban": {
      const enable = act === "unban";
      try {
        await account.updateClient(id, email, { enable });
      } catch (err) {
        const back = new InlineKeyboard().text(ctx.t("menu-back"), cardCb(id, ref));
        return show(ctx, errorView(ctx, err, back));
      }
      ctx.log.info({ serverId: id, email, enable }, enable ? "xui user unbanned" : "xui user banned");
      const notice = ctx.t(enable ? "xui-unbanned" : "xui-banned", { name: html(email) });
      return show(ctx, await xuiCardView(ctx, id, email, notice));
    }
    case "del": {
      const token = await issueConfirmation(ctx, `xui:del:${id}:${email}`);
      const owners = await ownersOf(ctx, { kind: "xui", serverId: id, name: email });
      const warning = await ownersWarning(ctx, owners, "owners-delete-note");
      return show(ctx, deleteConfirmView(ctx, id, email, ref, token, warning));
    }
    case "del-ok": {
      const token = cut >= 0 ? arg.slice(cut + 1) : "";
      const claim = await claimConfirmation(ctx, token, `xui:del:${id}:${email}`);
      if (claim === "used") return show(ctx, await xuiListView(ctx, id, 0, ctx.t("xui-delete-already")));
      if (claim === "unknown") return show(ctx, await xuiListView(ctx, id, 0, ctx.t("xui-delete-expired")));
      try {
        await account.deleteClient(id, email);
      } catch (err) {
        const back = new InlineKeyboard().text(ctx.t("menu-back"), cardCb(id, ref));
        return show(ctx, errorView(ctx, err, back));
      }
      ctx.log.info({ serverId: id, email }, "xui user deleted");
      const removed = await ownersFollow(ctx, "owners-removed", () =>
        ctx.deps.shop.owners.removed({ kind: "xui", serverId: id, name: email }),
      );
      const notice = withOwners(ctx.t("xui-deleted", { name: html(email) }), removed);
      return show(ctx, await xuiListView(ctx, id, 0, notice));
    }
  }
});
