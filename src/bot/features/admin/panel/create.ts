import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import type { CreateInput, CreatePlan } from "#src/domain/fleet/index.js";
import { MAIN_LOCATION } from "#src/hosting/panel/index.js";
import { html } from "#src/render/format.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { clientRef } from "./callbacks.js";
import { askCount, askDays, askGb, failed, reply } from "./conversations.js";
import { confirmCreate, pickInbounds } from "./create-steps.js";
import { type CreateReport, createReportView, explainCreate } from "./reports.js";
import { type LocationLabel, labelled, panelErrorText } from "./text.js";
import { pickByToggles } from "./toggles.js";

/**
 * Creating one client on several locations: name, locations, each location's inbounds, term,
 * limits, a summary, then PanelClients creates it with one UUID and one absolute term (the plan
 * is kept, so "Complete missing locations" repeats only what is missing).
 */

export const PANEL_CREATE = "admin-panel-create";

/** Names the create dialog accepts. */
export const PANEL_NAME = /^[A-Za-z0-9_.@-]{1,64}$/;
const DAY_S = 86_400;

/** Toggles locations with buttons until Continue; Cancel (or /cancel) ends the dialog. */
async function pickLocations(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
  locations: LocationLabel[],
): Promise<LocationLabel[]> {
  const offline = ` ${ctx.t("panel-offline")}`;
  const picked = await pickByToggles(conversation, ctx, {
    prompt: ctx.t("panel-pick-locations", { name: html(name) }),
    labels: locations.map((l) => `${l.label}${l.online === false ? offline : ""}`),
    initial: [0],
    act: "pick",
    go: "pick-go",
    goWithoutChoices: true,
    none: ctx.t("panel-pick-none"),
    typed: () => ({ reply: ctx.t("panel-pick-use-buttons") }),
  });
  // Locations are only tapped (typed text is never taken for them).
  return picked.kind === "chosen" ? picked.indexes.flatMap((i) => locations[i] ?? []) : [];
}

type Locations = { ok: true; locations: LocationLabel[] } | { ok: false; text: string };

/** The main panel and its connected panels, labelled (read once: kept in the replay). */
function readLocations(conversation: BotConversation): Promise<Locations> {
  return conversation.external(async (outer: BotContext): Promise<Locations> => {
    try {
      const all = await outer.deps.fleet.panelClients.locations();
      return { ok: true, locations: all.map((l) => labelled(outer.t, l)) };
    } catch (err) {
      return { ok: false, text: panelErrorText(outer.t, err) };
    }
  });
}

async function createClientConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askText(conversation, ctx, ctx.t("panel-ask-name"), {
    validate: (text) => (PANEL_NAME.test(text) ? undefined : ctx.t("panel-name-invalid")),
  });
  const found = await readLocations(conversation);
  if (!found.ok) return failed(ctx, found.text);
  const chosen = await pickLocations(conversation, ctx, name, found.locations);
  const picked: (LocationLabel & { inboundIds: string[] })[] = [];
  for (const location of chosen) {
    picked.push({ ...location, inboundIds: await pickInbounds(conversation, ctx, location) });
  }
  const days = await askDays(conversation, ctx, ctx.t("panel-ask-days"));
  const trafficGb = await askGb(conversation, ctx, ctx.t("panel-ask-gb"));
  const devices = await askCount(conversation, ctx, ctx.t("panel-ask-devices"));
  // The absolute term is fixed once (clock read kept in the replay); nothing is created before Create.
  const expiresAt = await conversation.external(
    (outer: BotContext) => Math.floor(outer.deps.clock.now() / 1000) + days * DAY_S,
  );
  await confirmCreate(conversation, ctx, { name, locations: picked, days, expiresAt, trafficGb, devices });

  const made = await conversation.external(async (outer: BotContext) => {
    const input = { name, locations: picked.map(placeOf), expiresAt, trafficGb, devices };
    const { plan, outcome } = await outer.deps.fleet.panelClients.create(input, actorOf(outer));
    return { plan, report: await reportOf(outer, plan, explainCreate(outer.t, outcome)) };
  });
  await reply(ctx, createReportView(ctx.t, await localeOf(ctx), made.plan, made.report));
}

/** The location as the plan keeps it: its id, the connected panel's name, the inbounds. */
function placeOf(l: LocationLabel & { inboundIds: string[] }): CreateInput["locations"][number] {
  const { id, name, inboundIds } = l;
  return name ? { id, name, inboundIds } : { id, inboundIds };
}

/** The report with the card's ref when the client is on the main panel. */
export async function reportOf(
  ctx: BotContext,
  plan: CreatePlan,
  report: CreateReport,
): Promise<CreateReport> {
  const onMain = report.rows.some((r) => r.location.id === MAIN_LOCATION && r.state !== "failed");
  return onMain ? { ...report, ref: await clientRef(ctx.kit.nameRefs, plan.name) } : report;
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const createConversations = [
  createConversation(hostingDialog("panel.client.create", createClientConversation), PANEL_CREATE),
];
