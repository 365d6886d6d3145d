import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { type Translate, withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { PanelOverview } from "#src/domain/fleet/index.js";
import type { PanelClient, PanelInbound } from "#src/hosting/panel/index.js";
import { MAIN_LOCATION } from "#src/hosting/panel/index.js";
import { moveCb } from "#src/render/bulk-move.js";
import { formatGb, formatNumber, html, usageBar } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { cardCb, clientRef, homeCb, listCb, panelCb } from "./callbacks.js";
import { devicesLimitText, expiryText, limitGbText, locationLabel, panelErrorText } from "./text.js";

/** Views of the Panel section: its screen (locations, inbounds), the client list and a client's card. */

export const PANEL_PAGE_SIZE = 8;

/** A failure with a way back. */
export function errorView(text: string, back: InlineKeyboard): View {
  return { text, keyboard: back };
}

export function notConfiguredView(ctx: BotContext): View {
  return { text: ctx.t("panel-not-configured"), keyboard: adminHomeButton(ctx) };
}

export const backToList = (t: Translate): InlineKeyboard =>
  new InlineKeyboard().text(t("panel-back-list"), listCb());

function inboundLine(t: Translate, i: PanelInbound): string {
  return t("panel-inbound-line", {
    id: i.id,
    remark: html(i.remark || "—"),
    protocol: html(i.protocol || "—"),
    network: html(i.network || "—"),
    port: i.port === undefined ? "—" : String(i.port),
    clients: i.clientsCount ?? "?",
  });
}

/** The locations (main first) with online flag and clients; what could not be read is said. */
function locationLines(t: Translate, overview: PanelOverview, mainClients: number): string[] {
  const lines = [
    t("panel-locations"),
    t("panel-location-line", {
      mark: "🟢",
      location: html(locationLabel(t, MAIN_LOCATION)),
      clients: mainClients,
    }),
  ];
  const { nodes } = overview;
  if (!nodes.ok) return [...lines, t("panel-federation-failed", { error: panelErrorText(t, nodes.error) })];
  if (nodes.value.length === 0) lines.push(t("panel-no-federation"));
  for (const n of nodes.value) {
    lines.push(
      t("panel-location-line", {
        mark: n.online === false ? "🔴" : n.online ? "🟢" : "⚪",
        location: html(locationLabel(t, n.nodeId, n.name)),
        clients: n.clientsCount ?? "?",
      }) + (n.online === false ? ` ${t("panel-offline")}` : ""),
    );
  }
  return lines;
}

/** The section: locations (main + federation) with online flag and clients, the main panel's inbounds. */
export async function panelHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const panel = ctx.deps.fleet.panelClients;
  if (!panel.configured) return notConfiguredView(ctx);
  const t = ctx.t;
  const overview = await panel.overview();
  const keyboard = new InlineKeyboard();
  const { clients, inbounds } = overview;
  if (!clients.ok) {
    keyboard.text(t("menu-refresh"), homeCb()).row();
    const text = `${t("panel-title")}\n\n${panelErrorText(t, clients.error)}`;
    return { text: withNotice(notice, text), keyboard: adminHomeButton(ctx, keyboard) };
  }
  const lines = [t("panel-title"), "", ...locationLines(t, overview, clients.value.length)];
  lines.push("", t("panel-inbounds-title"));
  if (inbounds.ok) {
    if (inbounds.value.length === 0) lines.push(t("panel-inbounds-empty"));
    for (const i of inbounds.value) lines.push(inboundLine(t, i));
  } else {
    lines.push(t("panel-inbounds-failed", { error: panelErrorText(t, inbounds.error) }));
  }
  keyboard
    .text(t("panel-btn-clients"), listCb())
    .text(t("panel-btn-new"), panelCb.pack({ act: "new" }))
    .row()
    .text(t("move-btn-start-panel"), moveCb.pack({ act: "loc", from: "panel", to: "", arg: "" }))
    .row()
    .text(t("menu-refresh"), homeCb())
    .row();
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

function trafficText(t: Translate, locale: Locale, c: PanelClient): string {
  return t("panel-used-of", {
    used: formatGb(locale, c.trafficUsedGb),
    limit: limitGbText(t, locale, c.trafficLimitGb),
  });
}

function devicesText(t: Translate, locale: Locale, c: PanelClient): string {
  return t("panel-used-of", {
    used: formatNumber(locale, c.devicesCount),
    limit: devicesLimitText(t, locale, c.deviceLimit),
  });
}

/** The main panel's clients, 8 a page: expiry, traffic used/limit, devices used/limit. */
export async function panelListView(ctx: BotContext, page = 0, notice?: string): Promise<View> {
  const panel = ctx.deps.fleet.panelClients;
  if (!panel.configured) return notConfiguredView(ctx);
  const t = ctx.t;
  let clients: PanelClient[];
  try {
    clients = await panel.list();
  } catch (err) {
    const back = new InlineKeyboard()
      .text(t("menu-refresh"), listCb(page))
      .text(t("panel-back-home"), homeCb());
    return errorView(withNotice(notice, panelErrorText(t, err)), back);
  }
  const locale = await localeOf(ctx);
  const now = ctx.deps.clock.now();
  const pages = Math.max(1, Math.ceil(clients.length / PANEL_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = clients.slice(current * PANEL_PAGE_SIZE, (current + 1) * PANEL_PAGE_SIZE);
  const lines = [
    t("panel-list-title"),
    t("panel-list-summary", { count: clients.length, page: current + 1, pages }),
    "",
  ];
  const keyboard = new InlineKeyboard();
  if (shown.length === 0) lines.push(t("panel-list-empty"));
  for (const c of shown) {
    lines.push(
      t("panel-list-line", {
        name: html(c.name),
        expiry: expiryText(t, locale, c.expiresAt, now),
        traffic: trafficText(t, locale, c),
        devices: devicesText(t, locale, c),
      }),
    );
    keyboard.text(c.name, cardCb(await clientRef(ctx.kit.nameRefs, c.name))).row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(t("panel-page-prev"), listCb(current - 1));
    if (current < pages - 1) keyboard.text(t("panel-page-next"), listCb(current + 1));
    keyboard.row();
  }
  keyboard
    .text(t("panel-btn-new"), panelCb.pack({ act: "new" }))
    .text(t("menu-refresh"), listCb(current))
    .row()
    .text(t("panel-back-home"), homeCb());
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

function cardLines(t: Translate, locale: Locale, c: PanelClient, now: number): string[] {
  const lines = [
    t("panel-card-title", { name: html(c.name) }),
    t("panel-card-uuid", { uuid: html(c.uuid) }),
    t("panel-card-expiry", { expiry: expiryText(t, locale, c.expiresAt, now) }),
    t("panel-card-traffic", { traffic: trafficText(t, locale, c) }),
  ];
  const bar = usageBar(c.trafficUsedGb, c.trafficLimitGb);
  if (bar) lines.push(bar);
  lines.push(
    t("panel-card-devices", { devices: devicesText(t, locale, c) }),
    t("panel-card-inbounds", {
      ids: c.inboundIds?.length ? html(c.inboundIds.join(", ")) : t("panel-none"),
    }),
    t("panel-card-channels", {
      channels: c.channels?.length ? html(c.channels.join(", ")) : t("panel-none"),
    }),
    t("panel-card-wg", {
      wg: t(c.wg === undefined ? "panel-wg-unknown" : c.wg ? "panel-wg-on" : "panel-wg-off"),
    }),
    "",
    c.subscriptionUrl ? t("panel-card-sub", { url: html(c.subscriptionUrl) }) : t("panel-card-no-sub"),
  );
  return lines;
}

/** One client of the main panel: uuid, expiry, traffic, devices, inbounds, channels, wg, subscription URL. */
export async function panelCardView(ctx: BotContext, name: string, notice?: string): Promise<View> {
  const panel = ctx.deps.fleet.panelClients;
  if (!panel.configured) return notConfiguredView(ctx);
  const t = ctx.t;
  let c: PanelClient;
  try {
    c = await panel.get(name);
  } catch (err) {
    return errorView(withNotice(notice, panelErrorText(t, err)), backToList(t));
  }
  const lines = cardLines(t, await localeOf(ctx), c, ctx.deps.clock.now());
  const ref = await clientRef(ctx.kit.nameRefs, c.name);
  const keyboard = new InlineKeyboard()
    .text(t("panel-btn-extend"), panelCb.pack({ act: "ext", ref }))
    .text(t("panel-btn-term"), panelCb.pack({ act: "term", ref }))
    .row()
    .text(t("panel-btn-limits"), panelCb.pack({ act: "lim", ref }));
  if (c.subscriptionUrl) keyboard.text(t("panel-btn-qr"), panelCb.pack({ act: "qr", ref }));
  keyboard
    .row()
    .text(t("panel-btn-delete"), panelCb.pack({ act: "del", ref }))
    .text(t("menu-refresh"), cardCb(ref))
    .row()
    .text(t("panel-back-list"), listCb());
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}
