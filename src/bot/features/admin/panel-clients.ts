import { randomBytes, randomUUID } from "node:crypto";
import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import type { Redis } from "ioredis";
import type { Locale } from "../../../config.js";
import { isHostingError } from "../../../hosting/errors.js";
import {
  MAIN_LOCATION,
  type PanelApi,
  type PanelClient,
  type PanelClientPatch,
} from "../../../hosting/panel/index.js";
import { formatDateTime, html } from "../../../render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { ANSWER_TIMEOUT_MS, askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import {
  askNumber,
  enterConversation,
  parseDays,
  parseDevices,
  parseGb,
  type Translate,
} from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { panelCb } from "./callbacks.js";
import { ownersFollow, withOwners } from "./owners-view.js";
import {
  allLocations,
  backToList,
  cardCb,
  clientRef,
  devicesLimitText,
  type Everywhere,
  errorView,
  expiryText,
  findAt,
  type LocationInfo,
  type LocationRow,
  limitGbText,
  listCb,
  locationsReportView,
  notConfiguredView,
  onEveryLocation,
  type PanelCtx,
  panelCardView,
  panelErrorText,
  panelListView,
  pcb,
  resolveRef,
} from "./panel.js";
import { confirmCreate, pickInbounds } from "./panel-create-steps.js";

/**
 * The Panel section's dialogs and their buttons: extend (asks the days, then offers a confirmation
 * carrying the absolute new expiry), set a term from today, limits, and create one client on several
 * locations (the plan kept in Redis, so "Complete missing locations" repeats only what is missing).
 * Hosting calls inside a dialog run in `conversation.external`, so a replay never repeats them.
 */

export const PANEL_CREATE = "admin-panel-create";
export const PANEL_EXTEND = "admin-panel-extend";
export const PANEL_TERM = "admin-panel-term";
export const PANEL_LIMITS = "admin-panel-limits";

/** Names the create dialog accepts. */
export const PANEL_NAME = /^[A-Za-z0-9_.@-]{1,64}$/;
const DAY_S = 86_400;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function reply(ctx: ConvContext, view: View): Promise<void> {
  await ctx.reply(view.text, {
    parse_mode: "HTML",
    reply_markup: view.keyboard,
    link_preview_options: { is_disabled: true },
  });
}

async function failed(ctx: ConvContext, text: string, ref?: string): Promise<void> {
  const keyboard = new InlineKeyboard();
  if (ref) keyboard.text(ctx.t("panel-open-card"), cardCb(ref));
  keyboard.text(ctx.t("panel-back-list"), listCb());
  await reply(ctx, { text, keyboard });
}

async function askDays(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<number> {
  const invalid = ctx.t("panel-days-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: (text) => parseDays(text, 1), invalid })) ?? 1;
}

async function askGb(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<number> {
  return (
    (await askNumber(conversation, ctx, prompt, { parse: parseGb, invalid: ctx.t("panel-gb-invalid") })) ?? 0
  );
}

/** Devices (0 = unlimited). */
async function askCount(conversation: BotConversation, ctx: ConvContext, prompt: string): Promise<number> {
  const invalid = ctx.t("panel-devices-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: parseDevices, invalid })) ?? 0;
}

type Applied = Everywhere & { ref: string };

/** Applies a change on every location of the client, once (the result is kept in the replay). */
function applyEverywhere(
  conversation: BotConversation,
  name: string,
  patch: PanelClientPatch,
  what: string,
): Promise<Applied> {
  return conversation.external(async (outer: BotContext): Promise<Applied> => {
    const ref = await clientRef(outer.kit.nameRefs, name);
    const panel = outer.deps.hosting.panel;
    if (!panel) return { ok: false, text: outer.t("panel-not-configured"), ref };
    const result = await onEveryLocation(outer, panel, name, (ops) => ops.updateClient(name, patch));
    if (result.ok) {
      outer.log.info(
        { name, done: result.rows.filter((r) => r.state === "done").map((r) => r.location.id) },
        `panel client ${what} on every location`,
      );
    }
    return { ...result, ref };
  });
}

// ---------------------------------------------------------------------------------------------
// Extend: the target is computed once (when the admin answers) and sent as an absolute expiry
// ---------------------------------------------------------------------------------------------

type ExtendPlan =
  | { ok: true; target: number; rows: LocationRow[]; ref: string }
  | { ok: false; text: string; ref: string };

/**
 * Reads the client on every location and computes the new absolute expiry:
 * max(latest current expiry, now) + days. Nothing is changed here.
 */
async function planExtend(ctx: PanelCtx, name: string, days: number): Promise<ExtendPlan> {
  const ref = await clientRef(ctx.kit.nameRefs, name);
  const panel = ctx.deps.hosting.panel;
  if (!panel) return { ok: false, text: ctx.t("panel-not-configured"), ref };
  const found = await onEveryLocation(ctx, panel, name, async () => undefined, false);
  if (!found.ok) return { ok: false, text: found.text, ref };
  const present = found.rows.filter((r) => r.state === "done");
  if (present.length === 0 && !found.rows.some((r) => r.state === "failed")) {
    return { ok: false, text: ctx.t("panel-nowhere"), ref };
  }
  const nowS = Math.floor(ctx.deps.clock.now() / 1000);
  const latest = Math.max(0, ...present.map((r) => r.expiresAt ?? 0));
  return { ok: true, target: Math.max(latest, nowS) + days * DAY_S, rows: found.rows, ref };
}

async function applyExtend(ctx: BotContext, panel: PanelApi, name: string, ref: string, target: number) {
  const t = ctx.t;
  if (target * 1000 <= ctx.deps.clock.now()) {
    return show(ctx, await panelCardView(ctx, name, t("panel-extend-stale")));
  }
  const result = await onEveryLocation(ctx, panel, name, (ops) =>
    ops.updateClient(name, { term: { expiresAt: target } }),
  );
  if (!result.ok) return show(ctx, errorView(result.text, backToList(t)));
  ctx.log.info({ name, target }, "panel client extended on every location");
  const locale = await localeOf(ctx);
  const followed = await followPanelTerm(ctx, name, result.rows, target);
  return show(
    ctx,
    locationsReportView(t, locale, ctx.deps.clock.now(), {
      title: withOwners(
        t("panel-extended", {
          name: html(name),
          date: formatDateTime(locale, target * 1000),
        }),
        followed,
      ),
      rows: result.rows,
      ref,
      target,
      retry: pcb("ext-ok", ref, String(target)),
    }),
  );
}

/**
 * The shop's subscriptions on the client take its new term: the main panel's as read back (the
 * combined link's), else the first location's, else `fallback` (Unix seconds). Returns the note.
 */
function followPanelTerm(
  ctx: BotContext,
  name: string,
  rows: LocationRow[],
  fallback?: number,
): Promise<string> {
  const done = rows.filter((r) => r.state === "done" && r.expiresAt !== undefined);
  const primary = done.find((r) => r.location.id === MAIN_LOCATION) ?? done[0];
  const seconds = primary?.expiresAt ?? fallback;
  if (seconds === undefined) return Promise.resolve("");
  return ownersFollow(ctx, "owners-term", () =>
    ctx.deps.shop.owners.followTerm({ kind: "panel", name }, seconds * 1000),
  );
}

// ---------------------------------------------------------------------------------------------
// Create on several locations: the plan is kept in Redis so a retry repeats only what is missing
// ---------------------------------------------------------------------------------------------

export const PANEL_PLAN_PREFIX = "panel-create:";
const PLAN_TTL_SECONDS = 7 * 86_400;

export interface CreatePlan {
  id: string;
  name: string;
  /** The same UUID on every location. */
  uuid: string;
  /** Absolute term (Unix seconds), so a retry gives every location the same expiry. */
  expiresAt: number;
  trafficGb: number;
  devices: number;
  locations: (LocationInfo & { inboundIds: string[] })[];
}

interface CreateRow {
  location: LocationInfo;
  inboundIds: string[];
  state: "created" | "exists" | "failed";
  error?: string;
}

interface CreateOutcome {
  rows: CreateRow[];
  subscriptionUrl?: string;
  /** Ref of the client for the card (when it is on the main panel). */
  ref?: string;
}

async function savePlan(redis: Redis, plan: CreatePlan): Promise<void> {
  await redis.set(PANEL_PLAN_PREFIX + plan.id, JSON.stringify(plan), "EX", PLAN_TTL_SECONDS);
}

async function loadPlan(redis: Redis, id: string): Promise<CreatePlan | undefined> {
  const raw = await redis.get(PANEL_PLAN_PREFIX + id);
  return raw ? (JSON.parse(raw) as CreatePlan) : undefined;
}

/**
 * Creates the client on every location of the plan where it is missing (rule 4): each location is
 * looked up by name first; a record with our UUID counts as done, one with another UUID is a
 * conflict; a 409 on create is read back the same way. Exact inbounds (`manual: true`).
 */
async function completeCreate(ctx: PanelCtx, plan: CreatePlan): Promise<CreateOutcome> {
  const panel = ctx.deps.hosting.panel;
  const t = ctx.t;
  const rows = await Promise.all(
    plan.locations.map(async ({ inboundIds, ...location }): Promise<CreateRow> => {
      const row = { location, inboundIds };
      if (!panel) return { ...row, state: "failed", error: t("panel-not-configured") };
      const ops = panel.at(location.id);
      const ours = (c: PanelClient) => c.uuid.toLowerCase() === plan.uuid.toLowerCase();
      const taken = () => t("panel-create-taken", { name: html(plan.name) });
      try {
        const existing = await findAt(ops, plan.name);
        if (existing)
          return ours(existing) ? { ...row, state: "exists" } : { ...row, state: "failed", error: taken() };
        try {
          await ops.createClient({
            name: plan.name,
            uuid: plan.uuid,
            inboundIds: [...inboundIds],
            manual: true,
            term: { expiresAt: plan.expiresAt },
            trafficLimitGb: plan.trafficGb,
            deviceLimit: plan.devices,
          });
          return { ...row, state: "created" };
        } catch (err) {
          if (!isHostingError(err, "conflict")) throw err;
          // Created by an attempt whose answer was lost, or the name/UUID is held by another client.
          const again = await findAt(ops, plan.name);
          if (again && ours(again)) return { ...row, state: "exists" };
          return { ...row, state: "failed", error: panelErrorText(t, err, location) };
        }
      } catch (err) {
        return { ...row, state: "failed", error: panelErrorText(t, err, location) };
      }
    }),
  );
  const outcome: CreateOutcome = { rows };
  // Rule 3: the main panel hands out the combined link; else the first location that has the client.
  const placed = rows.filter((r) => r.state !== "failed");
  const first = placed.find((r) => r.location.id === MAIN_LOCATION) ?? placed[0];
  if (panel && first) {
    try {
      outcome.subscriptionUrl = (await panel.at(first.location.id).getClient(plan.name)).subscriptionUrl;
    } catch {
      // The report still says where the client was created; the card can be opened later.
    }
  }
  if (placed.some((r) => r.location.id === MAIN_LOCATION))
    outcome.ref = await clientRef(ctx.kit.nameRefs, plan.name);
  return outcome;
}

function createReportView(t: Translate, locale: Locale, plan: CreatePlan, outcome: CreateOutcome): View {
  const failed = outcome.rows.some((r) => r.state === "failed");
  const name = html(plan.name);
  const lines = [
    failed ? t("panel-created-partly", { name }) : t("panel-created", { name }),
    t("panel-card-uuid", { uuid: html(plan.uuid) }),
    t("panel-created-terms", {
      date: formatDateTime(locale, plan.expiresAt * 1000),
      traffic: limitGbText(t, locale, plan.trafficGb),
      devices: devicesLimitText(t, locale, plan.devices),
    }),
    "",
  ];
  for (const row of outcome.rows) {
    const location = html(row.location.label);
    const inbounds = html(row.inboundIds.join(", "));
    if (row.state === "failed")
      lines.push(t("panel-create-row-failed", { location, inbounds, error: row.error ?? "" }));
    else lines.push(t(`panel-create-row-${row.state}`, { location, inbounds }));
  }
  if (outcome.subscriptionUrl) lines.push("", t("panel-card-sub", { url: html(outcome.subscriptionUrl) }));
  const keyboard = new InlineKeyboard();
  if (failed) {
    lines.push("", t("panel-create-not-atomic"));
    keyboard.text(t("panel-btn-complete"), pcb("mk-retry", "", plan.id)).row();
  }
  if (outcome.ref) keyboard.text(t("panel-open-card"), cardCb(outcome.ref));
  keyboard.text(t("panel-back-list"), listCb());
  return { text: lines.join("\n"), keyboard };
}

// ---------------------------------------------------------------------------------------------
// Dialogs: extend, set term, limits
// ---------------------------------------------------------------------------------------------

async function extendConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-extend", { name: html(name) }));
  const plan = await conversation.external((outer: BotContext) => planExtend(outer, name, days));
  if (!plan.ok) return failed(ctx, plan.text, plan.ref);
  const locale = await localeOf(ctx);
  const now = ctx.deps.clock.now();
  const lines = [ctx.t("panel-extend-confirm", { name: html(name), days }), ""];
  for (const row of plan.rows) {
    const location = html(row.location.label);
    if (row.state === "done") {
      lines.push(
        ctx.t("panel-row-now", { location, detail: expiryText(ctx.t, locale, row.expiresAt ?? 0, now) }),
      );
    } else if (row.state === "absent") {
      lines.push(ctx.t("panel-row-absent", { location }));
    } else {
      lines.push(ctx.t("panel-row-failed", { location, error: row.error ?? "" }));
    }
  }
  lines.push("", ctx.t("panel-extend-target", { date: formatDateTime(locale, plan.target * 1000) }));
  if (plan.rows.some((r) => r.state === "failed")) lines.push(ctx.t("panel-extend-unread"));
  await reply(ctx, {
    text: lines.join("\n"),
    keyboard: new InlineKeyboard()
      .text(ctx.t("panel-extend-yes"), pcb("ext-ok", plan.ref, String(plan.target)))
      .text(ctx.t("menu-back"), cardCb(plan.ref)),
  });
}

async function termConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-term", { name: html(name) }));
  const result = await applyEverywhere(conversation, name, { term: { setDays: days } }, "term set");
  if (!result.ok) return failed(ctx, result.text, result.ref);
  const rows = result.rows;
  const followed = await conversation.external((outer: BotContext) => followPanelTerm(outer, name, rows));
  await reply(
    ctx,
    locationsReportView(ctx.t, await localeOf(ctx), ctx.deps.clock.now(), {
      title: withOwners(ctx.t("panel-term-set", { name: html(name), days }), followed),
      rows: result.rows,
      ref: result.ref,
      retry: pcb("term", result.ref),
    }),
  );
}

async function limitsConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const trafficLimitGb = await askGb(conversation, ctx, ctx.t("panel-ask-limit-gb", { name: html(name) }));
  const deviceLimit = await askCount(
    conversation,
    ctx,
    ctx.t("panel-ask-limit-devices", { name: html(name) }),
  );
  const result = await applyEverywhere(conversation, name, { trafficLimitGb, deviceLimit }, "limits set");
  if (!result.ok) return failed(ctx, result.text, result.ref);
  await reply(
    ctx,
    locationsReportView(ctx.t, await localeOf(ctx), ctx.deps.clock.now(), {
      title: ctx.t("panel-limits-set", { name: html(name) }),
      rows: result.rows,
      ref: result.ref,
      showLimits: true,
      retry: pcb("lim", result.ref),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Create on several locations
// ---------------------------------------------------------------------------------------------

/** Toggles locations with buttons until Continue; Cancel (or /cancel) ends the dialog. */
async function pickLocations(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
  locations: LocationInfo[],
): Promise<LocationInfo[]> {
  const chosen = new Set<number>([0]);
  const prompt = ctx.t("panel-pick-locations", { name: html(name) });
  const keyboard = () => {
    const kb = new InlineKeyboard();
    locations.forEach((l, i) => {
      const offline = l.online === false ? ` ${ctx.t("panel-offline")}` : "";
      kb.text(`${chosen.has(i) ? "✅" : "⬜"} ${l.label}${offline}`, pcb("pick", "", String(i))).row();
    });
    return kb.text(ctx.t("panel-pick-go"), pcb("pick-go")).text(ctx.t("conv-cancel"), pcb("pick-x"));
  };
  await ctx.reply(prompt, { parse_mode: "HTML", reply_markup: keyboard() });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const data = answer.callbackQuery?.data;
    const text = answer.message?.text;
    const pressed = data === undefined ? undefined : panelCb.unpack(data);
    if (pressed?.act === "pick-x" || text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("cancelled"));
      return conversation.halt();
    }
    if (pressed?.act === "pick") {
      const i = Number(pressed.arg);
      if (Number.isInteger(i) && i >= 0 && i < locations.length) {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
      }
      await answer.answerCallbackQuery();
      await answer
        .editMessageText(prompt, { parse_mode: "HTML", reply_markup: keyboard() })
        .catch(() => undefined);
      continue;
    }
    if (pressed?.act === "pick-go") {
      if (chosen.size === 0) {
        await answer.answerCallbackQuery({ text: answer.t("panel-pick-none"), show_alert: true });
        continue;
      }
      await answer.answerCallbackQuery();
      return locations.filter((_l, i) => chosen.has(i));
    }
    // Another button or a command leaves the dialog and works as outside it.
    if (answer.callbackQuery || text?.startsWith("/")) return conversation.halt({ next: true });
    await answer.reply(answer.t("panel-pick-use-buttons"));
  }
}

type Locations = { ok: true; locations: LocationInfo[] } | { ok: false; text: string };

async function createClientConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askText(conversation, ctx, ctx.t("panel-ask-name"), {
    validate: (text) => (PANEL_NAME.test(text) ? undefined : ctx.t("panel-name-invalid")),
  });
  const found = await conversation.external(async (outer: BotContext): Promise<Locations> => {
    const panel = outer.deps.hosting.panel;
    if (!panel) return { ok: false, text: outer.t("panel-not-configured") };
    try {
      return { ok: true, locations: await allLocations(outer.t, panel) };
    } catch (err) {
      return { ok: false, text: panelErrorText(outer.t, err) };
    }
  });
  if (!found.ok) return failed(ctx, found.text);
  const chosen = await pickLocations(conversation, ctx, name, found.locations);
  const locations: CreatePlan["locations"] = [];
  for (const location of chosen) {
    locations.push({ ...location, inboundIds: await pickInbounds(conversation, ctx, location) });
  }
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-days"));
  const trafficGb = await askGb(conversation, ctx, ctx.t("panel-ask-gb"));
  const devices = await askCount(conversation, ctx, ctx.t("panel-ask-devices"));
  // The absolute term is fixed once (clock read kept in the replay); nothing is created before Create.
  const expiresAt = await conversation.external(
    (outer: BotContext) => Math.floor(outer.deps.clock.now() / 1000) + days * DAY_S,
  );
  await confirmCreate(conversation, ctx, { name, locations, days, expiresAt, trafficGb, devices });

  // The plan (with its one UUID and absolute term) is kept, so "Complete missing locations" repeats it.
  const plan = await conversation.external(async (outer: BotContext): Promise<CreatePlan> => {
    const made: CreatePlan = {
      id: randomBytes(6).toString("base64url"),
      name,
      uuid: randomUUID(),
      expiresAt,
      trafficGb,
      devices,
      locations,
    };
    await savePlan(outer.deps.redis, made);
    return made;
  });
  const outcome = await conversation.external(async (outer: BotContext) => {
    const result = await completeCreate(outer, plan);
    outer.log.info(
      { name, uuid: plan.uuid, rows: result.rows.map((r) => `${r.location.id}:${r.state}`) },
      "panel multi-location client created",
    );
    return result;
  });
  await reply(ctx, createReportView(ctx.t, await localeOf(ctx), plan, outcome));
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const panelConversations = [
  createConversation(createClientConversation, PANEL_CREATE),
  createConversation(extendConversation, PANEL_EXTEND),
  createConversation(termConversation, PANEL_TERM),
  createConversation(limitsConversation, PANEL_LIMITS),
];

// ---------------------------------------------------------------------------------------------
// Buttons of the dialogs
// ---------------------------------------------------------------------------------------------

/** Mounted behind the admin filter after `panelFeature`, which passes these acts on. */
export const panelClientsFeature = new Composer<BotContext>();

panelClientsFeature.callbackQuery(panelCb.pattern, async (ctx) => {
  const data = panelCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  const { act, ref, arg } = data;
  if (
    act === "pick" ||
    act === "pick-go" ||
    act === "pick-x" ||
    act === "ib" ||
    act === "ib-go" ||
    act === "mk-go"
  ) {
    // Picker buttons of a create dialog that has ended.
    await ctx.answerCallbackQuery({ text: ctx.t("panel-pick-outdated") });
    return;
  }
  await ctx.answerCallbackQuery();
  const panel = ctx.deps.hosting.panel;
  if (!panel) return show(ctx, notConfiguredView(ctx));
  if (act === "new") return enterConversation(ctx, PANEL_CREATE);
  if (act === "mk-retry") {
    const plan = await loadPlan(ctx.deps.redis, arg);
    if (!plan) return show(ctx, await panelListView(ctx, 0, ctx.t("panel-create-plan-gone")));
    const outcome = await completeCreate(ctx, plan);
    ctx.log.info(
      { name: plan.name, rows: outcome.rows.map((r) => `${r.location.id}:${r.state}`) },
      "panel multi-location create completed again",
    );
    return show(ctx, createReportView(ctx.t, await localeOf(ctx), plan, outcome));
  }

  const name = await resolveRef(ctx.kit.nameRefs, ref);
  if (name === undefined) return show(ctx, await panelListView(ctx, 0, ctx.t("error-menu-outdated")));
  switch (act) {
    case "ext":
      return enterConversation(ctx, PANEL_EXTEND, name);
    case "ext-ok": {
      const target = Number(arg);
      if (!/^\d{1,12}$/.test(arg) || !Number.isSafeInteger(target)) {
        return show(ctx, await panelCardView(ctx, name, ctx.t("error-menu-outdated")));
      }
      return applyExtend(ctx, panel, name, ref, target);
    }
    case "term":
      return enterConversation(ctx, PANEL_TERM, name);
    case "lim":
      return enterConversation(ctx, PANEL_LIMITS, name);
  }
});
