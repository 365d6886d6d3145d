import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { withNoticeView } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { expiresSoon, type LiveStats, type ServerCard } from "#src/domain/fleet/index.js";
import type { PowerAction, Server } from "#src/hosting/account/index.js";
import { moveCb } from "#src/render/bulk-move.js";
import { formatDateTime, formatDuration, formatNumber, html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { accountView } from "../account/index.js";
import { adminHomeButton } from "../home.js";
import { cardRunwayText, packageButton } from "../runway/views.js";
import { addRunwayPageButton } from "../runway-page.js";
import { xuiCb } from "../xui/callbacks.js";
import { serversCb } from "./callbacks.js";
import { cardData, daysLeft, failureView, listData, stateText, statusBadge, viewOr } from "./common.js";

/** Servers shown per page of the list. */
export const SERVERS_PER_PAGE = 8;

function kindText(ctx: BotContext, server: Server): string {
  return ctx.t(`servers-kind-${server.kind}`);
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** The paged list of the account's servers, or the way to link an account. */
export async function serversView(ctx: BotContext, page = 0): Promise<View> {
  const info = await ctx.deps.fleet.account.keyInfo();
  if (info.source === "none") return accountView(ctx);
  return viewOr(ctx, undefined, async () => listView(ctx, await ctx.deps.fleet.servers.list(), page));
}

function listView(ctx: BotContext, servers: Server[], page: number): View {
  const pages = Math.max(1, Math.ceil(servers.length / SERVERS_PER_PAGE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = servers.slice(current * SERVERS_PER_PAGE, (current + 1) * SERVERS_PER_PAGE);
  const lines = [ctx.t("servers-title", { count: servers.length })];
  if (pages > 1) lines.push(ctx.t("servers-page", { page: current + 1, pages }));
  lines.push("");
  if (servers.length === 0) lines.push(ctx.t("servers-empty"));
  const keyboard = new InlineKeyboard();
  for (const s of shown) {
    const badge = statusBadge(ctx, s.status);
    lines.push(
      ctx.t("servers-item", {
        emoji: badge.emoji,
        name: html(s.name),
        status: badge.label,
        kind: kindText(ctx, s),
        days: daysLeft(ctx, s),
      }),
    );
    const soon = expiresSoon(s) ? " ⚠️" : "";
    keyboard.text(`${badge.emoji} ${s.name}${soon}`, cardData(s.id)).row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("servers-prev"), listData(current - 1));
    if (current < pages - 1) keyboard.text(ctx.t("servers-next"), listData(current + 1));
    keyboard.row();
  }
  keyboard.text(ctx.t("menu-refresh"), listData(current)).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

// ---------------------------------------------------------------------------------------------
// The card
// ---------------------------------------------------------------------------------------------

function flagsText(ctx: BotContext, s: Server): string {
  const flag = (key: string, on: boolean) => `${ctx.t(key)} ${on ? "✅" : "✖"}`;
  return [
    flag("servers-flag-bypass", s.vpnBsEnabled),
    flag("servers-flag-xui", s.xuiEnabled),
    flag("servers-flag-remnanode", s.remnanodeEnabled),
  ].join(" · ");
}

function statsText(ctx: BotContext, locale: Locale, live: LiveStats): string {
  if (!live.ok) {
    // hostingErrorText rethrows what it cannot explain (a bug, not a hosting failure).
    return ctx.t("servers-stats-unavailable", { reason: html(hostingErrorText(ctx.t, live.error)) });
  }
  const s = live.stats;
  return ctx.t("servers-live", {
    state: stateText(ctx, s.state),
    cpu: formatNumber(locale, s.cpuLoad, 1),
    ram: formatNumber(locale, s.ramLoad, 1),
    uptime: formatDuration(locale, s.uptimeSeconds),
  });
}

/**
 * The power actions that make sense in the live state: a running server stops or restarts, an
 * offline one starts; when the state is not known, all three.
 */
function powerActions(live: LiveStats): PowerAction[] {
  if (!live.ok) return ["start", "stop", "restart"];
  return live.stats.state === "running" ? ["stop", "restart"] : ["start"];
}

function cardKeyboard(ctx: BotContext, s: Server, live: LiveStats): InlineKeyboard {
  const server = s.id;
  const k = new InlineKeyboard().text(ctx.t("menu-refresh"), cardData(server)).row();
  for (const action of powerActions(live)) {
    k.text(ctx.t(`servers-${action}`), serversCb.pack({ act: "power", server, action }));
  }
  k.row()
    .text(ctx.t("servers-extend"), serversCb.pack({ act: "extend", server }))
    .text(ctx.t("servers-core"), serversCb.pack({ act: "core", server }))
    .row()
    .text(ctx.t("servers-config"), serversCb.pack({ act: "config", server }))
    .text(ctx.t("servers-regen"), serversCb.pack({ act: "regen", server }))
    .row();
  if (s.kind === "xui") {
    k.text(ctx.t("servers-users"), xuiCb.pack({ act: "list", server, page: 0 }))
      .text(ctx.t("servers-inbounds"), xuiCb.pack({ act: "inbounds", server }))
      .row()
      .text(ctx.t("move-btn-start"), moveCb.pack({ act: "to", from: `x${server}`, to: "", arg: "" }))
      .row();
  }
  k.add(packageButton(ctx, server)).row();
  addRunwayPageButton(k, ctx, server);
  k.text(ctx.t("servers-back-list"), listData()).row();
  return adminHomeButton(ctx, k);
}

/** A server's card with live stats; `notice` (e.g. an action's result) goes on top. */
export async function serverCardView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  let card: ServerCard;
  try {
    card = await ctx.deps.fleet.servers.card(id);
  } catch (err) {
    return withNoticeView(notice, failureView(ctx, err, id));
  }
  const s = card.server;
  const locale = await localeOf(ctx);
  const badge = statusBadge(ctx, s.status);
  const text = [
    ctx.t("servers-card", {
      name: html(s.name),
      id: s.id,
      emoji: badge.emoji,
      status: badge.label,
      kind: kindText(ctx, s),
      tariff: html(s.tariffName || s.tariffId),
      expires: formatDateTime(locale, s.expiresAt.getTime()),
      days: daysLeft(ctx, s),
      // The spec leaves the units open ("not shown"); the card assumes what the hosting's
      // sandbox serves (cores, MB, GB), in this one place: the units are in `servers-card`.
      cpu: formatNumber(locale, s.cpu),
      cores: s.cpu,
      memory: formatNumber(locale, s.memory),
      disk: formatNumber(locale, s.disk),
      flags: flagsText(ctx, s),
    }),
    "",
    statsText(ctx, locale, card.live),
  ];
  const runway = await cardRunwayText(ctx, s.id);
  if (runway) text.push("", runway);
  return withNoticeView(notice, { text: text.join("\n"), keyboard: cardKeyboard(ctx, s, card.live) });
}
