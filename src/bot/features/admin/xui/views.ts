import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { type Translate, withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { HostingClient } from "#src/domain/books/index.js";
import type { XuiUser, XuiUserList } from "#src/domain/fleet/index.js";
import type { Inbound, XuiClientDetails } from "#src/hosting/account/index.js";
import { isHostingError } from "#src/hosting/errors.js";
import { formatBytes, formatDate, formatDateTime, formatGb, html, usageBar } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { relinkKeyboard } from "../account/index.js";
import { customersCb } from "../customers/callbacks.js";
import { ownersOf, withOwners } from "../owners-view.js";
import { serversCb } from "../servers/callbacks.js";
import { userRef, xuiCb } from "./callbacks.js";

/** Views of the xui users section: the list, a user's card, the inbounds, the delete confirmation. */

export const XUI_PAGE_SIZE = 8;

export const listCb = (server: number, page = 0) => xuiCb.pack({ act: "list", server, page });
export const cardCb = (server: number, ref: string) => xuiCb.pack({ act: "card", server, ref });
const serverCardCb = (id: number) => serversCb.pack({ act: "card", server: id });

export function limitText(t: Translate, locale: Locale, gb: number): string {
  return gb > 0 ? formatGb(locale, gb) : t("xui-unlimited");
}

/** A hosting failure explained, with a way back (and a way to relink after a 401). */
export function errorView(ctx: BotContext, err: unknown, back: InlineKeyboard, onlyXuiHint = false): View {
  let text = hostingErrorText(ctx.t, err);
  if (onlyXuiHint && isHostingError(err, "bad_request")) text += `\n\n${ctx.t("xui-only-xui")}`;
  const keyboard =
    isHostingError(err, "unauthorized") && !ctx.deps.fleet.account.fixed
      ? relinkKeyboard(ctx.t).append(back)
      : back;
  return { text, keyboard };
}

function usageLine(t: Translate, locale: Locale, u: XuiUser): string {
  const bar = usageBar(u.usage.usedBytes, u.usage.limitBytes, 5);
  const amounts = t("xui-used-of", {
    used: formatBytes(locale, u.usage.usedBytes),
    limit: limitText(t, locale, u.totalGb),
  });
  return bar ? `${bar} ${amounts}` : amounts;
}

function expiryShort(t: Translate, locale: Locale, expiryMs: number): string {
  return expiryMs > 0 ? t("xui-until", { date: formatDate(locale, expiryMs) }) : t("xui-no-expiry");
}

/** The users of a server's inbound, 8 a page, each with a usage bar and expiry. */
export async function xuiListView(ctx: BotContext, server: number, page = 0, notice?: string): Promise<View> {
  const back = new InlineKeyboard().text(ctx.t("xui-back-server"), serverCardCb(server));
  let list: XuiUserList;
  try {
    list = await ctx.deps.fleet.xuiClients.list(server);
  } catch (err) {
    return errorView(ctx, err, back, true);
  }
  const locale = await localeOf(ctx);
  const pages = Math.max(1, Math.ceil(list.users.length / XUI_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = list.users.slice(current * XUI_PAGE_SIZE, (current + 1) * XUI_PAGE_SIZE);

  const lines = [
    ctx.t("xui-list-title", { id: String(server) }),
    ctx.t("xui-list-summary", {
      inbound: String(list.inboundId),
      count: list.users.length,
      page: String(current + 1),
      pages: String(pages),
    }),
    "",
  ];
  const keyboard = new InlineKeyboard();
  if (shown.length === 0) lines.push(ctx.t("xui-list-empty"));
  for (const u of shown) {
    const mark = u.enable ? "" : "🚫 ";
    const usage = usageLine(ctx.t, locale, u);
    const expiry = expiryShort(ctx.t, locale, u.expiryMs);
    lines.push(ctx.t("xui-list-line", { mark, name: html(u.email), usage, expiry }));
    keyboard
      .text(`${mark}${u.email}`, cardCb(server, await userRef(ctx.kit.nameRefs, server, u.email)))
      .row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("xui-page-prev"), listCb(server, current - 1));
    if (current < pages - 1) keyboard.text(ctx.t("xui-page-next"), listCb(server, current + 1));
    keyboard.row();
  }
  keyboard
    .text(ctx.t("xui-create"), xuiCb.pack({ act: "create", server }))
    .text(ctx.t("xui-inbounds"), xuiCb.pack({ act: "inbounds", server }))
    .row()
    .text(ctx.t("menu-refresh"), listCb(server, current))
    .text(ctx.t("xui-back-server"), serverCardCb(server));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

async function cardLines(ctx: BotContext, server: number, c: XuiClientDetails): Promise<string[]> {
  const locale = await localeOf(ctx);
  const used = c.upBytes + c.downBytes;
  const bar = usageBar(used, c.totalGb * 1024 ** 3);
  const lines = [
    ctx.t("xui-card-title", { name: html(c.email), id: String(server) }),
    ctx.t("xui-card-status", { status: ctx.t(`xui-status-${c.status}`) }),
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
  return lines;
}

/** A button to the customer's card per shop customer on the client (none for a client made by hand). */
async function ownerButtons(ctx: BotContext, client: HostingClient, keyboard: InlineKeyboard): Promise<void> {
  const seen = new Set<number>();
  for (const { subscription, customer } of await ownersOf(ctx, client)) {
    const id = subscription.customerId;
    if (seen.has(id)) continue;
    seen.add(id);
    const who = [customer?.firstName, customer?.username ? `@${customer.username}` : undefined]
      .filter(Boolean)
      .join(" ");
    const label = ctx.t("xui-open-customer", { who: who || String(id) });
    keyboard.text(label, customersCb.pack({ act: "card", customer: id })).row();
  }
}

/** One user: status, limit, used up/down, expiry, with the actions. */
export async function xuiCardView(
  ctx: BotContext,
  server: number,
  email: string,
  notice?: string,
): Promise<View> {
  let c: XuiClientDetails;
  try {
    c = await ctx.deps.fleet.xuiClients.get(server, email);
  } catch (err) {
    return errorView(ctx, err, new InlineKeyboard().text(ctx.t("xui-back-list"), listCb(server)));
  }
  const lines = await cardLines(ctx, server, c);
  const ref = await userRef(ctx.kit.nameRefs, server, c.email);
  const enabled = c.enable ?? c.status !== "disabled";
  const keyboard = new InlineKeyboard()
    .text(ctx.t("xui-btn-limit"), xuiCb.pack({ act: "limit", server, ref }))
    .text(ctx.t("xui-btn-term"), xuiCb.pack({ act: "term", server, ref }))
    .row()
    .text(
      ctx.t(enabled ? "xui-btn-ban" : "xui-btn-unban"),
      xuiCb.pack({ act: enabled ? "ban" : "unban", server, ref }),
    )
    .text(ctx.t("xui-btn-delete"), xuiCb.pack({ act: "del", server, ref }))
    .row()
    .text(ctx.t("menu-refresh"), cardCb(server, ref))
    .text(ctx.t("xui-back-list"), listCb(server))
    .row();
  await ownerButtons(ctx, { kind: "xui", serverId: server, name: c.email }, keyboard);
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

function inboundLine(t: Translate, i: Inbound): string {
  return t("xui-inbound-line", {
    id: String(i.id),
    remark: html(i.remark || "—"),
    protocol: html(i.protocol),
    network: html(i.network || "—"),
    port: String(i.port),
    path: html(i.path || "—"),
    clients:
      i.clientsCount === undefined
        ? t("xui-inbound-clients-unknown")
        : t("xui-inbound-clients", { count: i.clientsCount }),
  });
}

/** The inbounds of the server's xui panel. */
export async function xuiInboundsView(ctx: BotContext, server: number): Promise<View> {
  const back = new InlineKeyboard()
    .text(ctx.t("xui-users"), listCb(server))
    .text(ctx.t("xui-back-server"), serverCardCb(server));
  let inbounds: Inbound[];
  try {
    inbounds = await ctx.deps.fleet.xuiClients.inbounds(server);
  } catch (err) {
    return errorView(ctx, err, back, true);
  }
  const lines = [ctx.t("xui-inbounds-title", { id: String(server) }), ""];
  if (inbounds.length === 0) lines.push(ctx.t("xui-inbounds-empty"));
  for (const i of inbounds) lines.push(inboundLine(ctx.t, i));
  return { text: lines.join("\n"), keyboard: back };
}

/** The confirmation of a delete, naming the shop's customers on the user first (`warning`). */
export function deleteConfirmView(
  ctx: BotContext,
  target: { server: number; email: string; ref: string },
  token: string,
  warning: string,
): View {
  const { server, email, ref } = target;
  return {
    text: withOwners(ctx.t("xui-delete-confirm", { name: html(email) }), warning),
    keyboard: new InlineKeyboard()
      .text(ctx.t("xui-delete-yes"), xuiCb.pack({ act: "del-ok", server, ref, token }))
      .text(ctx.t("menu-back"), cardCb(server, ref)),
  };
}
