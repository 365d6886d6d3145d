import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { askNumber, parseDays, parseDevices, parseGb } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Everywhere } from "#src/domain/fleet/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { DAY } from "#src/runtime/clock.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { withOwners } from "../owners-view.js";
import { type AskedTerm, requestTerm } from "../term-requests.js";
import { cardCb, clientRef, listCb, panelCb } from "./callbacks.js";
import { followedNote, locationsReportView } from "./reports.js";
import { expiryText, explainRows, type LocationRow, panelErrorText } from "./text.js";

/**
 * The Panel section's dialogs on one client: extend (asks the days, then offers a confirmation
 * carrying the absolute new expiry), set a term from today, limits. What they do on the panel
 * goes through PanelClients inside `conversation.external`, so a replay never repeats it; what
 * comes back is explained there (plain data for the replay).
 */

export const PANEL_EXTEND = "admin-panel-extend";
export const PANEL_TERM = "admin-panel-term";
export const PANEL_LIMITS = "admin-panel-limits";

export async function reply(ctx: ConvContext, view: View): Promise<void> {
  await ctx.reply(view.text, {
    parse_mode: "HTML",
    reply_markup: view.keyboard,
    link_preview_options: { is_disabled: true },
  });
}

export async function failed(ctx: ConvContext, text: string, ref?: string): Promise<void> {
  const keyboard = new InlineKeyboard();
  if (ref) keyboard.text(ctx.t("panel-open-card"), cardCb(ref));
  keyboard.text(ctx.t("panel-back-list"), listCb());
  await reply(ctx, { text, keyboard });
}

export async function askDays(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<number> {
  const invalid = ctx.t("panel-days-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: (text) => parseDays(text, 1), invalid })) ?? 1;
}

export async function askGb(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<number> {
  return (
    (await askNumber(conversation, ctx, prompt, { parse: parseGb, invalid: ctx.t("panel-gb-invalid") })) ?? 0
  );
}

/** Devices (0 = unlimited). */
export async function askCount(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<number> {
  const invalid = ctx.t("panel-devices-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: parseDevices, invalid })) ?? 0;
}

/** A change on every location, explained: the rows (and what the subscriptions did), or why not. */
type Applied = ({ ok: true; rows: LocationRow[]; followed: string } | { ok: false; text: string }) & {
  ref: string;
};

/** Runs a change once (its outcome is kept in the replay) and explains it. */
function once(
  conversation: BotConversation,
  name: string,
  change: (outer: BotContext) => Promise<Everywhere & { followed?: string }>,
): Promise<Applied> {
  return conversation.external(async (outer: BotContext): Promise<Applied> => {
    const ref = await clientRef(outer.kit.nameRefs, name);
    const result = await change(outer);
    if (!result.ok) return { ok: false, text: panelErrorText(outer.t, result.error), ref };
    return { ok: true, rows: explainRows(outer.t, result.rows), followed: result.followed ?? "", ref };
  });
}

type ExtendPlanned = ({ ok: true; target: number; rows: LocationRow[] } | { ok: false; text: string }) & {
  ref: string;
};

async function extendConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-extend", { name: html(name) }));
  // A customer's subscription on the client: the days take their turn in its term chain.
  if (await ownedTermAsked(conversation, ctx, name, { mode: "add", days })) return;
  const plan = await conversation.external(async (outer: BotContext): Promise<ExtendPlanned> => {
    const ref = await clientRef(outer.kit.nameRefs, name);
    const planned = await outer.deps.fleet.panelClients.planExtend(name, days);
    if (planned.kind === "nowhere") return { ok: false, text: outer.t("panel-nowhere"), ref };
    if (planned.kind === "failed") return { ok: false, text: panelErrorText(outer.t, planned.error), ref };
    return { ok: true, target: planned.target, rows: explainRows(outer.t, planned.rows), ref };
  });
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
      .text(ctx.t("panel-extend-yes"), panelCb.pack({ act: "ext-ok", ref: plan.ref, target: plan.target }))
      .text(ctx.t("menu-back"), cardCb(plan.ref)),
  });
}

async function termConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-term", { name: html(name) }));
  const target = await conversation.external((outer: BotContext) => outer.deps.clock.now() + days * DAY);
  if (await ownedTermAsked(conversation, ctx, name, { mode: "set", target })) return;
  const result = await once(conversation, name, async (outer) => {
    const set = await outer.deps.fleet.panelClients.setTerm(name, days, actorOf(outer));
    return set.ok ? { ...set, followed: followedNote(outer, "owners-term", set.followed) } : set;
  });
  if (!result.ok) return failed(ctx, result.text, result.ref);
  await reply(
    ctx,
    locationsReportView(ctx.t, await localeOf(ctx), ctx.deps.clock.now(), {
      title: withOwners(ctx.t("panel-term-set", { name: html(name), days }), result.followed),
      rows: result.rows,
      ref: result.ref,
      retry: panelCb.pack({ act: "term", ref: result.ref }),
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
  const result = await once(conversation, name, (outer) =>
    outer.deps.fleet.panelClients.setLimits(name, { trafficLimitGb, deviceLimit }, actorOf(outer)),
  );
  if (!result.ok) return failed(ctx, result.text, result.ref);
  await reply(
    ctx,
    locationsReportView(ctx.t, await localeOf(ctx), ctx.deps.clock.now(), {
      title: ctx.t("panel-limits-set", { name: html(name) }),
      rows: result.rows,
      ref: result.ref,
      showLimits: true,
      retry: panelCb.pack({ act: "lim", ref: result.ref }),
    }),
  );
}

/**
 * The change asked for, through the term chain of the customer's subscription on the client
 * (answered here); false when no subscription lives on it (the caller changes the client).
 */
async function ownedTermAsked(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
  asked: AskedTerm,
): Promise<boolean> {
  const done = await conversation.external(async (outer: BotContext) => {
    const text = await requestTerm(outer, { kind: "panel", name }, name, asked);
    return text === undefined ? undefined : { text, ref: await clientRef(outer.kit.nameRefs, name) };
  });
  if (!done) return false;
  const keyboard = new InlineKeyboard().text(ctx.t("panel-open-card"), cardCb(done.ref));
  await reply(ctx, { text: done.text, keyboard });
  return true;
}

export const clientConversations = [
  createConversation(hostingDialog("panel.client.extend", extendConversation), PANEL_EXTEND),
  createConversation(hostingDialog("panel.client.term", termConversation), PANEL_TERM),
  createConversation(hostingDialog("panel.client.limits", limitsConversation), PANEL_LIMITS),
];
