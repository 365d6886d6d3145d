import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../config.js";
import {
  HostingApiError,
  HostingNetworkError,
  HostingTimeoutError,
  isHostingError,
} from "../../../hosting/errors.js";
import {
  MAIN_LOCATION,
  type PanelApi,
  type PanelClient,
  type PanelClientOps,
  type PanelFederationNode,
  type PanelInbound,
  PanelUnknownNodeError,
} from "../../../hosting/panel/index.js";
import { cbPage } from "../../../render/callback-data.js";
import { formatDateTime, formatGb, formatNumber, html, usageBar } from "../../../render/format.js";
import { hostingErrorText } from "../../../render/hosting-error.js";
import { qrPng } from "../../../render/qr.js";
import type { BotContext, BotDeps, BotPlumbing } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { claimConfirmation, issueConfirmation, type Translate, withNotice } from "../../kit/index.js";
import type { NameRefs } from "../../name-refs.js";
import { show, type View } from "../../views/show.js";
import { panelCb } from "./callbacks.js";
import { adminHomeButton } from "./home.js";
import { ownersFollow, ownersOf, ownersWarning, withOwners } from "./owners-view.js";

/**
 * The Panel section: the main panel and the panels connected to it (federation). Locations with
 * their online flag and client count, the main panel's inbounds, its clients (list, card, QR of the
 * subscription URL) and changes applied on every location a client exists on (spec B,
 * multi-location rules): extend (an absolute `expires_at`, so a repeated confirmation cannot add
 * twice), set a term from today (`set_days`), limits, delete; and creating one client on several
 * locations with the same UUID, completed location by location after a partial failure.
 * This file: shared helpers, the section, the list, the card, QR and delete; panel-clients.ts: the
 * dialogs (extend, term, limits, create) and their buttons.
 */

export const PANEL_PAGE_SIZE = 8;
/** Final terms may differ from the target by this much (seconds) without counting as a mismatch. */
const TERM_TOLERANCE_S = 60;

/** What the helpers below need: a BotContext outside conversations, or the one `external` hands in. */
export interface PanelCtx {
  deps: BotDeps;
  kit: BotPlumbing;
  t: Translate;
}
type Act = Parameters<typeof panelCb.pack>[0]["act"];

export const pcb = (act: Act, ref = "", arg = ""): string => panelCb.pack({ act, ref, arg });
export const listCb = (page = 0): string => pcb("list", "", String(page));
export const cardCb = (ref: string): string => pcb("card", ref);

// ---------------------------------------------------------------------------------------------
// Client references in callback data
// ---------------------------------------------------------------------------------------------

const REF_MAX = 24;

/** The `ref` naming a client: the name when it fits, else `~<hash>` with the name kept in Redis a week. */
export function clientRef(names: NameRefs, name: string): Promise<string> {
  return names.refer("panel", name, "panel", encodeURIComponent(name).length <= REF_MAX);
}

export function resolveRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("panel", ref);
}

// ---------------------------------------------------------------------------------------------
// Locations and errors
// ---------------------------------------------------------------------------------------------

/** A location as plain data (it goes through conversation replays and Redis). */
export interface LocationInfo {
  id: string;
  /** Plain text (escape it for HTML). */
  label: string;
  online?: boolean;
}

export function locationLabel(t: Translate, id: string, name?: string): string {
  if (id === MAIN_LOCATION) return t("panel-loc-main");
  return name ? t("panel-loc-node", { name, id }) : t("panel-loc-node-id", { id });
}

/** The connected panels; a main panel without federation (404) has none. */
export async function federationOf(panel: PanelApi): Promise<PanelFederationNode[]> {
  try {
    return await panel.federation();
  } catch (err) {
    if (isHostingError(err, "not_found")) return [];
    throw err;
  }
}

/** The main panel and every connected panel. Throws when the federation cannot be read. */
export async function allLocations(t: Translate, panel: PanelApi): Promise<LocationInfo[]> {
  const nodes = await federationOf(panel);
  return [
    { id: MAIN_LOCATION, label: locationLabel(t, MAIN_LOCATION), online: true },
    ...nodes.map((n) => ({
      id: n.nodeId,
      label: locationLabel(t, n.nodeId, n.name),
      online: n.online,
    })),
  ];
}

/**
 * A panel failure explained, in the reader's language. A 502 through `fed/lproxy` means the main
 * panel could not reach the connected one; a 401 means the panel token, not the account key.
 */
export function panelErrorText(t: Translate, err: unknown, location?: LocationInfo): string {
  // Its 404 looks like "no such client", but the client may well live on at that panel.
  if (err instanceof PanelUnknownNodeError) return t("panel-error-unknown-node", { node: html(err.nodeId) });
  if (err instanceof HostingApiError) {
    if (err.kind === "unauthorized") return t("panel-error-unauthorized");
    if (location && location.id !== MAIN_LOCATION && err.status === 502) {
      return t("panel-error-location-unreachable", { location: html(location.label) });
    }
  }
  if (err instanceof HostingTimeoutError || err instanceof HostingNetworkError) {
    return t("panel-error-unreachable");
  }
  return hostingErrorText(t, err);
}

/**
 * The client by name at one location; undefined when it is not there. A 404 for a node_id the
 * main panel does not know throws (PanelUnknownNodeError): it is not "not on this location".
 */
export function findAt(ops: PanelClientOps, name: string): Promise<PanelClient | undefined> {
  return ops.findClient(name);
}

/** One location's part of a change applied everywhere (plain data). */
export interface LocationRow {
  location: LocationInfo;
  state: "done" | "absent" | "failed";
  /** After the change, read back: Unix seconds (0 = no expiry). */
  expiresAt?: number;
  trafficLimitGb?: number;
  deviceLimit?: number;
  /** Why it failed, explained. */
  error?: string;
}

export type Everywhere = { ok: true; rows: LocationRow[] } | { ok: false; text: string };

/**
 * Applies `change` on every location the client exists on (looked up by name; 404 = not there),
 * then, unless `readBack` is false, reads every changed location back (multi-location rule 6:
 * check the final state on each location); without a read-back a row holds the state found before. Fails as a whole only when the locations cannot be listed.
 */
export async function onEveryLocation(
  ctx: PanelCtx,
  panel: PanelApi,
  name: string,
  change: (ops: PanelClientOps, current: PanelClient) => Promise<unknown>,
  readBack = true,
): Promise<Everywhere> {
  let locations: LocationInfo[];
  try {
    locations = await allLocations(ctx.t, panel);
  } catch (err) {
    return { ok: false, text: panelErrorText(ctx.t, err) };
  }
  const rows = await Promise.all(
    locations.map(async (location): Promise<LocationRow> => {
      const ops = panel.at(location.id);
      try {
        const current = await findAt(ops, name);
        if (!current) return { location, state: "absent" };
        await change(ops, current);
        if (!readBack) {
          // Without a read-back the values are the ones found before the change.
          return {
            location,
            state: "done",
            expiresAt: current.expiresAt,
            trafficLimitGb: current.trafficLimitGb,
            deviceLimit: current.deviceLimit,
          };
        }
        const after = await ops.getClient(name);
        return {
          location,
          state: "done",
          expiresAt: after.expiresAt,
          trafficLimitGb: after.trafficLimitGb,
          deviceLimit: after.deviceLimit,
        };
      } catch (err) {
        return { location, state: "failed", error: panelErrorText(ctx.t, err, location) };
      }
    }),
  );
  return { ok: true, rows };
}

// ---------------------------------------------------------------------------------------------
// Small formatting helpers
// ---------------------------------------------------------------------------------------------

export function limitGbText(t: Translate, locale: Locale, gb: number): string {
  return gb > 0 ? formatGb(locale, gb) : t("panel-unlimited");
}

export function devicesLimitText(t: Translate, locale: Locale, n: number): string {
  return n > 0 ? formatNumber(locale, n) : t("panel-unlimited");
}

export function expiryText(t: Translate, locale: Locale, expiresAt: number, nowMs: number): string {
  if (expiresAt <= 0) return t("panel-no-expiry");
  const date = formatDateTime(locale, expiresAt * 1000);
  return expiresAt * 1000 <= nowMs ? t("panel-expired-on", { date }) : t("panel-until", { date });
}

/** A failure with a way back. */
export function errorView(text: string, back: InlineKeyboard): View {
  return { text, keyboard: back };
}

export function notConfiguredView(ctx: BotContext): View {
  return { text: ctx.t("panel-not-configured"), keyboard: adminHomeButton(ctx) };
}

export const backToList = (t: Translate): InlineKeyboard =>
  new InlineKeyboard().text(t("panel-back-list"), listCb());

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

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

/** The section: locations (main + federation) with online flag and clients, the main panel's inbounds. */
export async function panelHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const panel = ctx.deps.hosting.panel;
  if (!panel) return notConfiguredView(ctx);
  const t = ctx.t;
  const [clients, nodes, inbounds] = await Promise.allSettled([
    panel.listClients(),
    federationOf(panel),
    panel.inbounds(),
  ]);
  const keyboard = new InlineKeyboard();
  if (clients.status === "rejected") {
    keyboard.text(t("menu-refresh"), pcb("home")).row();
    const text = `${t("panel-title")}\n\n${panelErrorText(t, clients.reason)}`;
    return { text: withNotice(notice, text), keyboard: adminHomeButton(ctx, keyboard) };
  }
  const lines = [t("panel-title"), "", t("panel-locations")];
  lines.push(
    t("panel-location-line", {
      mark: "🟢",
      location: html(locationLabel(t, MAIN_LOCATION)),
      clients: clients.value.length,
    }),
  );
  if (nodes.status === "fulfilled") {
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
  } else {
    lines.push(t("panel-federation-failed", { error: panelErrorText(t, nodes.reason) }));
  }
  lines.push("", t("panel-inbounds-title"));
  if (inbounds.status === "fulfilled") {
    if (inbounds.value.length === 0) lines.push(t("panel-inbounds-empty"));
    for (const i of inbounds.value) lines.push(inboundLine(t, i));
  } else {
    lines.push(t("panel-inbounds-failed", { error: panelErrorText(t, inbounds.reason) }));
  }
  keyboard
    .text(t("panel-btn-clients"), listCb())
    .text(t("panel-btn-new"), pcb("new"))
    .row()
    .text(t("menu-refresh"), pcb("home"))
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
  const panel = ctx.deps.hosting.panel;
  if (!panel) return notConfiguredView(ctx);
  const t = ctx.t;
  let clients: PanelClient[];
  try {
    clients = await panel.listClients();
  } catch (err) {
    const back = new InlineKeyboard()
      .text(t("menu-refresh"), listCb(page))
      .text(t("panel-back-home"), pcb("home"));
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
    .text(t("panel-btn-new"), pcb("new"))
    .text(t("menu-refresh"), listCb(current))
    .row()
    .text(t("panel-back-home"), pcb("home"));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

/** One client of the main panel: uuid, expiry, traffic, devices, inbounds, channels, wg, subscription URL. */
export async function panelCardView(ctx: BotContext, name: string, notice?: string): Promise<View> {
  const panel = ctx.deps.hosting.panel;
  if (!panel) return notConfiguredView(ctx);
  const t = ctx.t;
  let c: PanelClient;
  try {
    c = await panel.getClient(name);
  } catch (err) {
    return errorView(withNotice(notice, panelErrorText(t, err)), backToList(t));
  }
  const locale = await localeOf(ctx);
  const now = ctx.deps.clock.now();
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
  const ref = await clientRef(ctx.kit.nameRefs, c.name);
  const keyboard = new InlineKeyboard()
    .text(t("panel-btn-extend"), pcb("ext", ref))
    .text(t("panel-btn-term"), pcb("term", ref))
    .row()
    .text(t("panel-btn-limits"), pcb("lim", ref));
  if (c.subscriptionUrl) keyboard.text(t("panel-btn-qr"), pcb("qr", ref));
  keyboard
    .row()
    .text(t("panel-btn-delete"), pcb("del", ref))
    .text(t("menu-refresh"), cardCb(ref))
    .row()
    .text(t("panel-back-list"), listCb());
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

/**
 * The outcome of a change on every location: one line per location with its final term (and
 * limits when asked), a warning where the final term is off the target, a way to try again.
 */
export function locationsReportView(
  t: Translate,
  locale: Locale,
  nowMs: number,
  opts: {
    title: string;
    rows: LocationRow[];
    ref: string;
    /** The absolute expiry aimed at (Unix seconds), to flag a location whose final term differs. */
    target?: number;
    showLimits?: boolean;
    /** Callback data that repeats the change (only offered when a location failed). */
    retry?: string;
  },
): View {
  const lines = [opts.title, ""];
  for (const row of opts.rows) {
    const location = html(row.location.label);
    if (row.state === "absent") {
      lines.push(t("panel-row-absent", { location }));
      continue;
    }
    if (row.state === "failed") {
      lines.push(t("panel-row-failed", { location, error: row.error ?? "" }));
      continue;
    }
    let detail = expiryText(t, locale, row.expiresAt ?? 0, nowMs);
    if (opts.showLimits) {
      detail = t("panel-row-limits", {
        traffic: limitGbText(t, locale, row.trafficLimitGb ?? 0),
        devices: devicesLimitText(t, locale, row.deviceLimit ?? 0),
      });
    }
    lines.push(t("panel-row-done", { location, detail }));
    if (opts.target !== undefined && Math.abs((row.expiresAt ?? 0) - opts.target) > TERM_TOLERANCE_S) {
      lines.push(t("panel-row-term-differs", { location }));
    }
  }
  if (opts.rows.every((r) => r.state === "absent")) lines.push("", t("panel-nowhere"));
  const keyboard = new InlineKeyboard();
  if (opts.retry && opts.rows.some((r) => r.state === "failed")) {
    lines.push("", t("panel-some-failed"));
    keyboard.text(t("panel-btn-retry"), opts.retry).row();
  }
  keyboard.text(t("panel-open-card"), cardCb(opts.ref)).text(t("panel-back-list"), listCb());
  return { text: lines.join("\n"), keyboard };
}

// ---------------------------------------------------------------------------------------------
// Buttons
// ---------------------------------------------------------------------------------------------

export const panelFeature = new Composer<BotContext>();

/** The confirmation of a delete, naming the shop's customers on the client first (`warning`). */
function deleteConfirmView(t: Translate, name: string, ref: string, token: string, warning: string): View {
  return {
    text: withOwners(t("panel-delete-confirm", { name: html(name) }), warning),
    keyboard: new InlineKeyboard()
      .text(t("panel-delete-yes"), pcb("del-ok", ref, token))
      .text(t("menu-back"), cardCb(ref)),
  };
}

async function deleteEverywhere(ctx: BotContext, panel: PanelApi, name: string, ref: string, token: string) {
  const t = ctx.t;
  const claim = await claimConfirmation(ctx, token, `panel:del:${name}`);
  if (claim === "used") return show(ctx, await panelListView(ctx, 0, t("panel-delete-already")));
  if (claim === "unknown") return show(ctx, await panelListView(ctx, 0, t("panel-delete-expired")));
  const result = await onEveryLocation(ctx, panel, name, (ops) => ops.deleteClient(name), false);
  if (!result.ok) return show(ctx, errorView(result.text, backToList(t)));
  ctx.log.info(
    { name, deleted: result.rows.filter((r) => r.state === "done").map((r) => r.location.id) },
    "panel client deleted on every location",
  );
  // Deleted somewhere at least: the shop's subscriptions on it are removed (not when it was nowhere).
  const removed = result.rows.some((r) => r.state === "done")
    ? await ownersFollow(ctx, "owners-removed", () => ctx.deps.shop.owners.removed({ kind: "panel", name }))
    : "";
  const lines = [withOwners(t("panel-deleted-title", { name: html(name) }), removed), ""];
  for (const row of result.rows) {
    const location = html(row.location.label);
    if (row.state === "done") lines.push(t("panel-row-deleted", { location }));
    else if (row.state === "absent") lines.push(t("panel-row-absent", { location }));
    else lines.push(t("panel-row-failed", { location, error: row.error ?? "" }));
  }
  const keyboard = new InlineKeyboard();
  if (result.rows.some((r) => r.state === "failed")) {
    lines.push("", t("panel-delete-some-failed"));
    keyboard.text(t("panel-btn-retry"), pcb("del", ref)).row();
  }
  keyboard.text(t("panel-back-list"), listCb());
  return show(ctx, { text: lines.join("\n"), keyboard });
}

async function sendQr(ctx: BotContext, panel: PanelApi, name: string, ref: string) {
  let client: PanelClient;
  try {
    client = await panel.getClient(name);
  } catch (err) {
    return show(
      ctx,
      errorView(panelErrorText(ctx.t, err), new InlineKeyboard().text(ctx.t("menu-back"), cardCb(ref))),
    );
  }
  if (!client.subscriptionUrl) return show(ctx, await panelCardView(ctx, name, ctx.t("panel-card-no-sub")));
  await ctx.replyWithPhoto(new InputFile(await qrPng(client.subscriptionUrl), "subscription-qr.png"), {
    caption: ctx.t("panel-qr-caption", { name: client.name }),
  });
}

/** Acts of the section, the list and the card; the dialogs' acts are handled in panel-clients.ts. */
const OWN_ACTS = new Set<string>(["home", "list", "card", "qr", "del", "del-ok"]);

panelFeature.callbackQuery(panelCb.pattern, async (ctx, next) => {
  const data = panelCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  const { act, ref, arg } = data;
  if (!OWN_ACTS.has(act)) return next();
  await ctx.answerCallbackQuery();
  const panel = ctx.deps.hosting.panel;
  if (!panel) return show(ctx, notConfiguredView(ctx));
  if (act === "home") return show(ctx, await panelHomeView(ctx));
  if (act === "list") return show(ctx, await panelListView(ctx, cbPage.safeParse(arg).data ?? 0));

  // Everything else names a client.
  const name = await resolveRef(ctx.kit.nameRefs, ref);
  if (name === undefined) return show(ctx, await panelListView(ctx, 0, ctx.t("error-menu-outdated")));
  switch (act) {
    case "card":
      return show(ctx, await panelCardView(ctx, name));
    case "qr":
      return sendQr(ctx, panel, name, ref);
    case "del": {
      const token = await issueConfirmation(ctx, `panel:del:${name}`);
      const owners = await ownersOf(ctx, { kind: "panel", name });
      const warning = await ownersWarning(ctx, owners, "owners-delete-note");
      return show(ctx, deleteConfirmView(ctx.t, name, ref, token, warning));
    }
    case "del-ok":
      return deleteEverywhere(ctx, panel, name, ref, arg);
  }
});
