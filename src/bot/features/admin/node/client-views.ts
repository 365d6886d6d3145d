import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { type Translate, withNoticeView } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { NodeClient } from "#src/hosting/node/index.js";
import { formatDate, formatDateTime, formatGb, html } from "#src/render/format.js";
import { withOwners } from "../owners-view.js";
import { ncb } from "./callbacks.js";
import { nodeErrorView, nodeRef, sectionNav, toClients } from "./shared.js";

/**
 * The node's clients: a paged list and one client's card with its actions. Node limits are shown
 * as the node has them: the spec gives a node limit of 0 no meaning (0 = unlimited is said only
 * of the panel), so 0 is shown as 0 and an absent one as "not set".
 */

export const NODE_PAGE_SIZE = 8;

const isBanned = (c: NodeClient): boolean => c.banned ?? c.status === "banned";

export function limitGbText(t: Translate, locale: Locale, gb: number | undefined): string {
  if (gb === undefined) return t("node-limit-not-set");
  return gb === 0 ? t("node-limit-zero-gb") : formatGb(locale, gb);
}

export function devicesText(t: Translate, devices: number | undefined): string {
  return devices === undefined ? t("node-limit-not-set") : String(devices);
}

function expiryShort(t: Translate, locale: Locale, c: NodeClient): string {
  const date = formatDate(locale, c.expiresAt * 1000);
  return c.leftDays > 0
    ? t("node-client-until", { date, days: c.leftDays })
    : t("node-client-expired", { date });
}

function pageButtons(ctx: BotContext, keyboard: InlineKeyboard, current: number, pages: number): void {
  if (pages <= 1) return;
  if (current > 0) keyboard.text(ctx.t("node-page-prev"), ncb({ act: "list", page: current - 1 }));
  if (current < pages - 1) keyboard.text(ctx.t("node-page-next"), ncb({ act: "list", page: current + 1 }));
  keyboard.row();
}

/** The node's clients, 8 a page, each with its expiry, days left and a ban mark. */
export async function nodeClientsView(ctx: BotContext, page = 0, notice?: string): Promise<View> {
  let clients: NodeClient[];
  try {
    clients = await ctx.deps.fleet.nodeClients.list();
  } catch (err) {
    const refresh = new InlineKeyboard().text(ctx.t("menu-refresh"), ncb({ act: "list", page }));
    return withNoticeView(notice, nodeErrorView(ctx, err, refresh));
  }
  const locale = await localeOf(ctx);
  const pages = Math.max(1, Math.ceil(clients.length / NODE_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = clients.slice(current * NODE_PAGE_SIZE, (current + 1) * NODE_PAGE_SIZE);
  const lines = [
    ctx.t("node-clients-title"),
    ctx.t("node-clients-summary", { count: clients.length, page: current + 1, pages }),
    "",
  ];
  if (clients.length === 0) lines.push(ctx.t("node-clients-empty"));
  const keyboard = new InlineKeyboard();
  for (const c of shown) {
    const mark = isBanned(c) ? "🚫 " : "";
    lines.push(
      ctx.t("node-clients-line", { mark, name: html(c.name), expiry: expiryShort(ctx.t, locale, c) }),
    );
    const client = await nodeRef(ctx.kit.nameRefs, "c", c.name);
    keyboard.text(`${mark}${c.name}`, ncb({ act: "card", client })).row();
  }
  pageButtons(ctx, keyboard, current, pages);
  keyboard
    .text(ctx.t("node-client-create"), ncb({ act: "create" }))
    .text(ctx.t("menu-refresh"), ncb({ act: "list", page: current }))
    .row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

function statusText(t: Translate, c: NodeClient): string {
  if (isBanned(c)) {
    return c.banReason
      ? t("node-status-banned-reason", { reason: html(c.banReason) })
      : t("node-status-banned");
  }
  return t(c.leftDays > 0 ? "node-status-active" : "node-status-expired");
}

function cardKeyboard(ctx: BotContext, client: string, banned: boolean): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("node-btn-qr"), ncb({ act: "qr", client }))
    .row()
    .text(ctx.t("node-btn-renew"), ncb({ act: "renew", client }))
    .text(ctx.t("node-btn-limits"), ncb({ act: "limits", client }))
    .row()
    .text(ctx.t("node-btn-rename"), ncb({ act: "rename", client }))
    .text(ctx.t(banned ? "node-btn-unban" : "node-btn-ban"), ncb({ act: banned ? "unban" : "ban", client }))
    .row()
    .text(ctx.t("node-btn-delete"), ncb({ act: "del", client }))
    .row()
    .text(ctx.t("menu-refresh"), ncb({ act: "card", client }))
    .text(...toClients(ctx))
    .row();
}

/** One client: status, UUID, expiry, limits and the VLESS link, with the actions. */
export async function nodeClientCardView(ctx: BotContext, name: string, notice?: string): Promise<View> {
  let c: NodeClient;
  try {
    c = await ctx.deps.fleet.nodeClients.get(name);
  } catch (err) {
    return withNoticeView(
      notice,
      nodeErrorView(ctx, err, new InlineKeyboard().text(...toClients(ctx)).row()),
    );
  }
  const locale = await localeOf(ctx);
  const text = [
    ctx.t("node-card-title", { name: html(c.name) }),
    ctx.t("node-card-status", { status: statusText(ctx.t, c) }),
    ctx.t("node-card-uuid", { uuid: html(c.uuid) }),
    ...termAndLink(ctx.t, locale, c),
  ].join("\n");
  const client = await nodeRef(ctx.kit.nameRefs, "c", c.name);
  return withNoticeView(notice, { text, keyboard: sectionNav(ctx, cardKeyboard(ctx, client, isBanned(c))) });
}

/** The confirmation of a delete, naming the shop's customers on the client first (`warning`). */
export function deleteConfirmView(
  ctx: BotContext,
  name: string,
  client: string,
  token: string,
  warning: string,
): View {
  return {
    text: withOwners(ctx.t("node-delete-confirm", { name: html(name) }), warning),
    keyboard: new InlineKeyboard()
      .text(ctx.t("node-delete-yes"), ncb({ act: "del-ok", client, token }))
      .text(ctx.t("menu-back"), ncb({ act: "card", client })),
  };
}

/** A client's expiry, limits and link, as the card and the "created" message show them. */
export function termAndLink(t: Translate, locale: Locale, c: NodeClient): string[] {
  return [
    t("node-card-expiry", { date: formatDateTime(locale, c.expiresAt * 1000), days: c.leftDays }),
    t("node-card-limits", {
      traffic: limitGbText(t, locale, c.trafficLimitGb),
      devices: devicesText(t, c.deviceLimit),
    }),
    "",
    t("node-card-link"),
    `<code>${html(c.link)}</code>`,
  ];
}
