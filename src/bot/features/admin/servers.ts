import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../config.js";
import { CoreVersions } from "../../../domain/core-version.js";
import { type ExtensionOutcome, learnedExtendPrice } from "../../../domain/server-extension.js";
import { ShopSettings } from "../../../domain/settings.js";
import {
  DEFAULT_XRAY_VERSION,
  isKnownServerStatus,
  POWER_ACTIONS,
  type PowerAction,
  type Server,
  type ServerConfig,
  type ServerState,
  type ServerStats,
  type ServerStatus,
  XRAY_VERSIONS,
  type XrayVersion,
} from "../../../hosting/account/index.js";
import { HostingApiError, isHostingError } from "../../../hosting/errors.js";
import { formatDateTime, formatDuration, formatNumber, html } from "../../../render/format.js";
import { hostingErrorText, isExplainable } from "../../../render/hosting-error.js";
import type { BotContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { claimConfirmation, issueConfirmation, withNoticeView } from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { accountView, relinkKeyboard } from "./account.js";
import { serversCb } from "./callbacks.js";
import { adminHomeButton } from "./home.js";
import { ownersOnServer, ownersRegenerated, ownersWarning, withOwners } from "./owners-view.js";
import { hostingCurrency, hostingMoney } from "./settings/hosting-money.js";
import { xuiCb } from "./xui/callbacks.js";

/** Servers shown per page of the list. */
export const SERVERS_PER_PAGE = 8;

const STATUS_EMOJI: Record<ServerStatus, string> = {
  active: "🟢",
  expired: "🔴",
  suspended: "⏸",
};

/** A status the spec does not list is shown as sent, so the server is never hidden. */
function statusBadge(ctx: BotContext, status: string): { emoji: string; label: string } {
  if (isKnownServerStatus(status)) {
    return { emoji: STATUS_EMOJI[status], label: ctx.t(`servers-status-${status}`) };
  }
  return { emoji: "❔", label: html(status) };
}

type ServersData = NonNullable<ReturnType<typeof serversCb.unpack>>;

const cb = (act: ServersData["act"], id: number, arg = "") => serversCb.pack({ act, id, arg });

function daysLeft(ctx: BotContext, days: number): string {
  return ctx.t("servers-days-left", { days });
}

function kindText(ctx: BotContext, server: Server): string {
  return ctx.t(`servers-kind-${server.kind}`);
}

function stateText(ctx: BotContext, state: ServerState | undefined): string {
  return ctx.t(state === undefined ? "servers-state-unknown" : `servers-state-${state}`);
}

/** Ways on from a server view (or from the list when there is no server). */
function navKeyboard(
  ctx: BotContext,
  id: number | undefined,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  if (id === undefined || id <= 0) {
    keyboard.text(ctx.t("menu-refresh"), cb("list", 0)).row();
  } else {
    keyboard
      .text(ctx.t("servers-back-card"), cb("card", id))
      .text(ctx.t("servers-back-list"), cb("list", 0))
      .row();
  }
  return adminHomeButton(ctx, keyboard);
}

/**
 * A hosting failure as a view with a way on: a revoked key offers linking again, anything else
 * is explained in words beside buttons back to the card or the list. Unknown errors propagate.
 */
function failureView(ctx: BotContext, err: unknown, id: number | undefined, text?: string): View {
  if (isHostingError(err, "unauthorized")) {
    const keyboard = ctx.deps.accountKey.fixed ? new InlineKeyboard() : relinkKeyboard(ctx.t);
    return { text: ctx.t("hosting-error-unauthorized"), keyboard: adminHomeButton(ctx, keyboard) };
  }
  return { text: text ?? html(hostingErrorText(ctx.t, err)), keyboard: navKeyboard(ctx, id) };
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** The paged list of the account's servers, or the way to link an account. */
export async function serversView(ctx: BotContext, page = 0): Promise<View> {
  const info = await ctx.deps.accountKey.info();
  if (info.source === "none") return accountView(ctx);
  let servers: Server[];
  try {
    servers = await ctx.deps.hosting.account.servers();
  } catch (err) {
    return failureView(ctx, err, undefined);
  }
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
        days: daysLeft(ctx, s.daysLeft),
      }),
    );
    keyboard.text(`${badge.emoji} ${s.name}`, cb("card", s.id)).row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("servers-prev"), cb("list", current - 1));
    if (current < pages - 1) keyboard.text(ctx.t("servers-next"), cb("list", current + 1));
    keyboard.row();
  }
  keyboard.text(ctx.t("menu-refresh"), cb("list", current)).row();
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

function statsText(ctx: BotContext, locale: Locale, stats: PromiseSettledResult<ServerStats>): string {
  if (stats.status === "rejected") {
    // hostingErrorText rethrows what it cannot explain (a bug, not a hosting failure).
    return ctx.t("servers-stats-unavailable", { reason: html(hostingErrorText(ctx.t, stats.reason)) });
  }
  const s = stats.value;
  return ctx.t("servers-live", {
    state: stateText(ctx, s.state),
    cpu: formatNumber(locale, s.cpuLoad, 1),
    ram: formatNumber(locale, s.ramLoad, 1),
    uptime: formatDuration(locale, s.uptimeSeconds),
  });
}

function cardKeyboard(ctx: BotContext, s: Server): InlineKeyboard {
  const k = new InlineKeyboard()
    .text(ctx.t("menu-refresh"), cb("card", s.id))
    .row()
    .text(ctx.t("servers-start"), cb("power", s.id, "start"))
    .text(ctx.t("servers-stop"), cb("power", s.id, "stop"))
    .text(ctx.t("servers-restart"), cb("power", s.id, "restart"))
    .row()
    .text(ctx.t("servers-extend"), cb("extend", s.id))
    .text(ctx.t("servers-core"), cb("core", s.id))
    .row()
    .text(ctx.t("servers-config"), cb("config", s.id))
    .text(ctx.t("servers-regen"), cb("regen", s.id))
    .row();
  if (s.kind === "xui") {
    k.text(ctx.t("servers-users"), xuiCb.pack({ act: "list", server: s.id, page: 0 }))
      .text(ctx.t("servers-inbounds"), xuiCb.pack({ act: "inbounds", server: s.id }))
      .row();
  }
  k.text(ctx.t("servers-back-list"), cb("list", 0)).row();
  return adminHomeButton(ctx, k);
}

/** A server's card with live stats; `notice` (e.g. an action's result) goes on top. */
export async function serverCardView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const [server, stats] = await Promise.allSettled([
    ctx.deps.hosting.account.server(id),
    ctx.deps.hosting.account.stats(id),
  ]);
  if (server.status === "rejected") return withNoticeView(notice, failureView(ctx, server.reason, id));
  const s = server.value;
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
      days: daysLeft(ctx, s.daysLeft),
      // The spec leaves the units open ("not shown"); the card assumes what the hosting's
      // sandbox serves (cores, MB, GB), in this one place: the units are in `servers-card`.
      cpu: formatNumber(locale, s.cpu),
      cores: s.cpu,
      memory: formatNumber(locale, s.memory),
      disk: formatNumber(locale, s.disk),
      flags: flagsText(ctx, s),
    }),
    "",
    statsText(ctx, locale, stats),
  ].join("\n");
  return withNoticeView(notice, { text, keyboard: cardKeyboard(ctx, s) });
}

// ---------------------------------------------------------------------------------------------
// Confirmations with one-time tokens
// ---------------------------------------------------------------------------------------------

function confirmKeyboard(ctx: BotContext, yesLabel: string, yesData: string, id: number): InlineKeyboard {
  return new InlineKeyboard().text(yesLabel, yesData).text(ctx.t("servers-no"), cb("card", id)).row();
}

/**
 * Claims a confirmation's token and answers the button press. Only the first press of a token
 * goes on; a repeat (double tap, replay) is told it is done, an expired token to start again.
 */
async function claim(ctx: BotContext, token: string, id: number, action: string): Promise<boolean> {
  const result = await claimConfirmation(ctx, token, action);
  if (result === "claimed") {
    await ctx.answerCallbackQuery();
    return true;
  }
  if (result === "used") {
    ctx.log.info({ serverId: id }, "repeated confirmation ignored");
    await ctx.answerCallbackQuery({ text: ctx.t("servers-already-done") });
    return false;
  }
  await ctx.answerCallbackQuery();
  await show(ctx, { text: ctx.t("servers-confirm-expired"), keyboard: navKeyboard(ctx, id) });
  return false;
}

// -- power ------------------------------------------------------------------------------------

function powerAction(raw: string | undefined): PowerAction | undefined {
  return (POWER_ACTIONS as readonly string[]).includes(raw ?? "") ? (raw as PowerAction) : undefined;
}

async function powerConfirmView(ctx: BotContext, id: number, action: PowerAction): Promise<View> {
  let server: Server;
  try {
    server = await ctx.deps.hosting.account.server(id);
  } catch (err) {
    return failureView(ctx, err, id);
  }
  const token = await issueConfirmation(ctx, `servers:power:${id}:${action}`);
  return {
    text: ctx.t(`servers-power-confirm-${action}`, { name: html(server.name) }),
    keyboard: confirmKeyboard(ctx, ctx.t(`servers-${action}`), cb("power-ok", id, `${action}.${token}`), id),
  };
}

async function powerDo(ctx: BotContext, id: number, arg: string): Promise<void> {
  const [rawAction, token = ""] = arg.split(".", 2);
  const action = powerAction(rawAction);
  if (!action) {
    await ctx.answerCallbackQuery();
    return;
  }
  if (!(await claim(ctx, token, id, `servers:power:${id}:${action}`))) return;
  try {
    const result = await ctx.deps.hosting.account.power(id, action);
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, action, state: result.state }, "server power action");
    const notice = `${ctx.t(`servers-power-done-${action}`)} ${ctx.t("servers-power-state", {
      state: stateText(ctx, result.state),
    })}`;
    await show(ctx, await serverCardView(ctx, id, notice));
  } catch (err) {
    await show(ctx, failureView(ctx, err, id));
  }
}

// -- extend -----------------------------------------------------------------------------------

async function extendConfirmView(ctx: BotContext, id: number): Promise<View> {
  let server: Server;
  let balance: number;
  try {
    const [s, account] = await Promise.all([
      ctx.deps.hosting.account.server(id),
      ctx.deps.hosting.account.account(),
    ]);
    server = s;
    balance = account.balance;
  } catch (err) {
    return failureView(ctx, err, id);
  }
  const [locale, currency, price] = await Promise.all([
    localeOf(ctx),
    hostingCurrency(ctx),
    extendPriceText(ctx, server),
  ]);
  // The expiry the admin confirms travels with the button: a tap after it changed extends nothing.
  const seen = Math.floor(server.expiresAt.getTime() / 1_000);
  const token = await issueConfirmation(ctx, `servers:extend:${id}:${seen}`);
  return {
    text: ctx.t("servers-extend-confirm", {
      name: html(server.name),
      expires: formatDateTime(locale, server.expiresAt.getTime()),
      days: daysLeft(ctx, server.daysLeft),
      price,
      balance: hostingMoney(locale, balance, currency),
    }),
    keyboard: confirmKeyboard(ctx, ctx.t("servers-extend-yes"), cb("extend-ok", id, `${seen}.${token}`), id),
  };
}

/**
 * The price of the next extension as far as it is known: what the last one of this server (or
 * tariff) cost, else the expected cost set in Settings, else unknown. The Account API has no
 * price endpoint; the price is learned from the balance before and after an extension.
 */
async function extendPriceText(ctx: BotContext, server: Server): Promise<string> {
  const [learned, settings, currency, locale] = await Promise.all([
    learnedExtendPrice(ctx.deps.redis, server),
    new ShopSettings(ctx.deps.redis).get(),
    hostingCurrency(ctx),
    localeOf(ctx),
  ]);
  if (learned !== undefined) {
    return ctx.t("servers-extend-price-learned", { price: hostingMoney(locale, learned, currency) });
  }
  if (settings.extendCostHint !== undefined) {
    return ctx.t("servers-extend-price-hint", {
      price: hostingMoney(locale, settings.extendCostHint, currency),
    });
  }
  return ctx.t("servers-extend-price-unknown");
}

async function extendDo(ctx: BotContext, id: number, arg: string): Promise<void> {
  const [rawSeen = "", token = ""] = arg.split(".", 2);
  const seen = Number(rawSeen);
  if (!(await claim(ctx, token, id, `servers:extend:${id}:${rawSeen}`))) return;
  if (!/^\d{1,12}$/.test(rawSeen)) {
    await show(ctx, { text: ctx.t("servers-confirm-expired"), keyboard: navKeyboard(ctx, id) });
    return;
  }
  const outcome = await ctx.deps.shop.serverExtension.byAdmin(id, seen * 1_000);
  ctx.log.info({ adminId: ctx.from?.id, serverId: id, outcome: outcome.kind }, "admin server extension");
  await show(ctx, await extendOutcomeView(ctx, id, outcome));
}

function reasonText(ctx: BotContext, err: unknown): string {
  if (isExplainable(err)) return html(hostingErrorText(ctx.t, err));
  return html(err instanceof Error ? err.message : String(err));
}

/** What the admin is told after a tap: always what is known about the charge, never a guess. */
async function extendOutcomeView(ctx: BotContext, id: number, outcome: ExtensionOutcome): Promise<View> {
  const [locale, currency] = await Promise.all([localeOf(ctx), hostingCurrency(ctx)]);
  const nav = () => navKeyboard(ctx, id);
  const expiryVars = (s: Server) => ({
    name: html(s.name),
    expires: formatDateTime(locale, s.expiresAt.getTime()),
    days: daysLeft(ctx, s.daysLeft),
  });
  switch (outcome.kind) {
    case "extended": {
      const balance = outcome.balance;
      const text = ctx.t("servers-extend-done", {
        ...expiryVars(outcome.server),
        balance:
          balance === undefined ? ctx.t("servers-balance-unknown") : hostingMoney(locale, balance, currency),
      });
      return withNoticeView(outcome.checked ? ctx.t("servers-extend-checked") : undefined, {
        text,
        keyboard: nav(),
      });
    }
    case "already":
      return { text: ctx.t("servers-extend-already", expiryVars(outcome.server)), keyboard: nav() };
    case "changed":
      return { text: ctx.t("servers-extend-changed", expiryVars(outcome.server)), keyboard: nav() };
    case "busy":
    case "waiting":
      return { text: ctx.t("servers-extend-busy"), keyboard: nav() };
    case "blocked":
      return {
        text: ctx.t("servers-extend-blocked", { time: formatDateTime(locale, outcome.until) }),
        keyboard: nav(),
      };
    case "no-balance": {
      const text = `${ctx.t("servers-extend-no-balance")}\n<i>${html(outcome.error.detail)}</i>`;
      return failureView(ctx, outcome.error, id, text);
    }
    case "refused":
    case "unavailable":
      return failureView(ctx, outcome.error, id);
    case "not-charged": {
      const text = ctx.t("servers-extend-not-charged", { reason: reasonText(ctx, outcome.error) });
      const keyboard = new InlineKeyboard().text(ctx.t("servers-extend-retry"), cb("extend", id)).row();
      return { text, keyboard: navKeyboard(ctx, id, keyboard) };
    }
    case "unknown": {
      // Never a retry button: the next attempt must first see the expiry (on the card).
      const next =
        outcome.until > ctx.deps.clock.now()
          ? ctx.t("servers-extend-retry-blocked", { time: formatDateTime(locale, outcome.until) })
          : ctx.t("servers-extend-retry-checks");
      return { text: `${ctx.t("servers-extend-unknown")}\n${next}`, keyboard: nav() };
    }
  }
}

// -- config -----------------------------------------------------------------------------------

function profileFile(id: number, profile: Record<string, unknown>, name: string): InputFile {
  return new InputFile(Buffer.from(JSON.stringify(profile, null, 2)), `server-${id}-${name}.json`);
}

async function configDo(ctx: BotContext, id: number): Promise<void> {
  let config: ServerConfig;
  try {
    config = await ctx.deps.hosting.account.config(id);
  } catch (err) {
    return show(ctx, failureView(ctx, err, id));
  }
  if (config.kind === "xui") {
    return show(ctx, {
      text: ctx.t("servers-config-xui", {
        id,
        url: html(config.panelUrl),
        username: html(config.username),
        password: html(config.password),
        webPath: html(config.webPath),
        node: html(config.nodeAddress),
      }),
      keyboard: navKeyboard(ctx, id),
    });
  }
  await ctx.replyWithDocument(profileFile(id, config.profile, "profile"), {
    caption: ctx.t("servers-config-caption", { id }),
    parse_mode: "HTML",
    reply_markup: navKeyboard(ctx, id),
  });
}

// -- regenerate -------------------------------------------------------------------------------

async function regenConfirmView(ctx: BotContext, id: number): Promise<View> {
  let server: Server;
  try {
    server = await ctx.deps.hosting.account.server(id);
  } catch (err) {
    return failureView(ctx, err, id);
  }
  const token = await issueConfirmation(ctx, `servers:regen:${id}`);
  // xui: every user of the old inbound stops working, the shop's customers among them.
  const warning =
    server.kind === "xui" ? await ownersWarning(ctx, await ownersOnServer(ctx, id), "owners-regen-note") : "";
  return {
    text: withOwners(ctx.t(`servers-regen-warning-${server.kind}`, { name: html(server.name) }), warning),
    keyboard: confirmKeyboard(ctx, ctx.t("servers-regen-yes"), cb("regen-ok", id, token), id),
  };
}

async function regenDo(ctx: BotContext, id: number, token: string): Promise<void> {
  if (!(await claim(ctx, token, id, `servers:regen:${id}`))) return;
  try {
    const result = await ctx.deps.hosting.account.regenerate(id);
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, kind: result.kind }, "server config regenerated");
    if (result.kind === "xui") {
      const text =
        result.inboundId === undefined
          ? ctx.t("servers-regen-done-xui-noid")
          : ctx.t("servers-regen-done-xui", { inbound: result.inboundId });
      // Re-issuing their access is not done here; the admin gets the list of those affected.
      const affected = await ownersRegenerated(ctx, await ownersOnServer(ctx, id));
      return show(ctx, { text: withOwners(text, affected), keyboard: navKeyboard(ctx, id) });
    }
    await show(ctx, { text: ctx.t("servers-regen-done-remnanode") });
    await ctx.replyWithDocument(profileFile(id, result.profile, "profile-new"), {
      caption: ctx.t("servers-regen-caption", { id }),
      parse_mode: "HTML",
      reply_markup: navKeyboard(ctx, id),
    });
  } catch (err) {
    await show(ctx, failureView(ctx, err, id));
  }
}

// -- proxy-core version -----------------------------------------------------------------------

function coreVersions(ctx: BotContext): CoreVersions {
  return new CoreVersions(ctx.deps.redis);
}

/** The version this bot last installed, or words saying it is not known. */
function currentCoreText(ctx: BotContext, current: string | undefined): string {
  return current === undefined ? ctx.t("servers-core-current-unknown") : html(current);
}

async function coreView(ctx: BotContext, id: number): Promise<View> {
  let server: Server;
  try {
    server = await ctx.deps.hosting.account.server(id);
  } catch (err) {
    return failureView(ctx, err, id);
  }
  const current = await coreVersions(ctx).get(id);
  const keyboard = new InlineKeyboard();
  for (const version of XRAY_VERSIONS) {
    const label = version === DEFAULT_XRAY_VERSION ? ctx.t("servers-core-default", { version }) : version;
    keyboard.text(label, cb("core-set", id, version)).row();
  }
  return {
    text: ctx.t("servers-core-title", { name: html(server.name), current: currentCoreText(ctx, current) }),
    keyboard: navKeyboard(ctx, id, keyboard),
  };
}

function xrayVersion(raw: string): XrayVersion | undefined {
  return (XRAY_VERSIONS as readonly string[]).includes(raw) ? (raw as XrayVersion) : undefined;
}

/** Names the installed version (as far as known) and the new one; installs only on Yes. */
async function coreConfirmView(ctx: BotContext, id: number, version: XrayVersion): Promise<View> {
  let server: Server;
  try {
    server = await ctx.deps.hosting.account.server(id);
  } catch (err) {
    return failureView(ctx, err, id);
  }
  const current = await coreVersions(ctx).get(id);
  const token = await issueConfirmation(ctx, `servers:core:${id}:${version}`);
  return {
    text: ctx.t("servers-core-confirm", {
      name: html(server.name),
      version,
      current: currentCoreText(ctx, current),
      from: current === undefined ? "?" : html(current),
    }),
    keyboard: confirmKeyboard(
      ctx,
      ctx.t("servers-core-yes", { version }),
      cb("core-ok", id, `${version}.${token}`),
      id,
    ),
  };
}

function coreErrorText(ctx: BotContext, err: unknown): string | undefined {
  if (!(err instanceof HostingApiError)) return undefined;
  if (err.status === 503) return ctx.t("servers-core-not-running");
  if (err.status === 409) return ctx.t("servers-core-no-pin");
  if (err.status === 502) return ctx.t("servers-core-files");
  return undefined;
}

async function coreDo(ctx: BotContext, id: number, arg: string): Promise<void> {
  const dot = arg.lastIndexOf(".");
  const version = xrayVersion(arg.slice(0, Math.max(0, dot)));
  if (!version) {
    await ctx.answerCallbackQuery();
    return;
  }
  if (!(await claim(ctx, arg.slice(dot + 1), id, `servers:core:${id}:${version}`))) return;
  try {
    const result = await ctx.deps.hosting.account.xrayUpdate(id, version);
    await coreVersions(ctx).remember(id, result.version);
    ctx.log.info({ adminId: ctx.from?.id, serverId: id, version: result.version }, "proxy core changed");
    await show(ctx, {
      text: ctx.t("servers-core-done", { id, version: html(result.version) }),
      keyboard: navKeyboard(ctx, id),
    });
  } catch (err) {
    await show(ctx, failureView(ctx, err, id, coreErrorText(ctx, err)));
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------------

/** Admin-only (mounted behind the admin filter): `/servers` and every `a.s:` button. */
export const serversFeature = new Composer<BotContext>();

serversFeature.command("servers", async (ctx) => show(ctx, await serversView(ctx, 0)));

serversFeature.callbackQuery(serversCb.pattern, async (ctx) => {
  const data = serversCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  const { act, id, arg } = data;
  // Confirmed actions answer the press themselves (a repeat gets "already done").
  if (act === "power-ok") return powerDo(ctx, id, arg);
  if (act === "extend-ok") return extendDo(ctx, id, arg);
  if (act === "regen-ok") return regenDo(ctx, id, arg);
  if (act === "core-ok") return coreDo(ctx, id, arg);
  await ctx.answerCallbackQuery();
  switch (act) {
    case "list":
      return show(ctx, await serversView(ctx, id));
    case "card":
    case "stats":
      return show(ctx, await serverCardView(ctx, id));
    case "power": {
      const action = powerAction(arg);
      if (!action) return;
      return show(ctx, await powerConfirmView(ctx, id, action));
    }
    case "extend":
      return show(ctx, await extendConfirmView(ctx, id));
    case "config":
      return configDo(ctx, id);
    case "regen":
      return show(ctx, await regenConfirmView(ctx, id));
    case "core":
      return show(ctx, await coreView(ctx, id));
    case "core-set": {
      const version = xrayVersion(arg);
      if (!version) return;
      return show(ctx, await coreConfirmView(ctx, id, version));
    }
  }
});
