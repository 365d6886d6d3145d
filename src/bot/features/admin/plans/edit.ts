import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { ANSWER_TIMEOUT_MS, askText, type BotConversation, CONV_CANCEL } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { parseDays, parseDevices, parseGb } from "#src/bot/kit/index.js";
import type { Locale } from "#src/config.js";
import { type Catalog, checkCatalog, type Plan } from "#src/domain/catalog/index.js";
import { html } from "#src/render/format.js";
import { asStaff, dialogGuard } from "../staff-actor.js";
import { PLAN_SAVE, type PlanField } from "./callbacks.js";
import { planCardView, planLines } from "./view.js";

export const EDIT_PLAN = "admin-plan-edit";
export const ADD_PLAN = "admin-plan-add";

const ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const TITLE_MAX = 64;

/** `150`, `99.5` or `99,5` above 0; undefined for anything else. */
function parsePrice(text: string): number | undefined {
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(text)) return undefined;
  const price = Number(text.replace(",", "."));
  return price > 0 ? price : undefined;
}

function parseTitle(text: string): string | undefined {
  return text.length > 0 && text.length <= TITLE_MAX ? text : undefined;
}

/** The plan with one field set from what the admin typed; undefined when it does not parse. */
function withField(plan: Plan, field: PlanField, text: string): Plan | undefined {
  const set = <T>(value: T | undefined, apply: (v: T) => Plan) =>
    value === undefined ? undefined : apply(value);
  if (field === "price") return set(parsePrice(text), (price) => ({ ...plan, price }));
  if (field === "days") return set(parseDays(text, 1), (days) => ({ ...plan, days }));
  if (field === "traffic") return set(parseGb(text), (traffic_gb) => ({ ...plan, traffic_gb }));
  if (field === "devices") return set(parseDevices(text), (devices) => ({ ...plan, devices }));
  const lang = field === "title_en" ? "en" : "ru";
  return set(parseTitle(text), (title) => ({ ...plan, title: { ...plan.title, [lang]: title } }));
}

/** Why the catalog with `plan` (changed or new) would not pass the file's checks, if it would not. */
function problemWith(catalog: Catalog, plan: Plan): string | undefined {
  const known = catalog.plans.some((p) => p.id === plan.id);
  const plans = known ? catalog.plans.map((p) => (p.id === plan.id ? plan : p)) : [...catalog.plans, plan];
  const checked = checkCatalog({ ...catalog, plans });
  return checked.ok ? undefined : checked.error;
}

interface Start {
  catalog: Catalog;
  version: number;
  locale: Locale;
}

function begin(conversation: BotConversation, id: string): Promise<Start> {
  return conversation.external(async (outer: BotContext) => ({
    catalog: outer.deps.catalogFile.full(),
    version: await outer.deps.catalogFile.version(id),
    locale: await localeOf(outer),
  }));
}

/**
 * Shows how the plan will look and waits for Save; Cancel or /cancel drops the change, another
 * command or button leaves (it runs as it would outside).
 */
async function previewAndSave(
  conversation: BotConversation,
  ctx: ConvContext,
  lines: string[],
): Promise<void> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("plans-save"), PLAN_SAVE)
    .text(ctx.t("conv-cancel"), CONV_CANCEL);
  await ctx.reply([ctx.t("plans-preview-head"), "", ...lines].join("\n"), {
    parse_mode: "HTML",
    reply_markup: keyboard,
  });
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ANSWER_TIMEOUT_MS });
    const data = answer.callbackQuery?.data;
    if (data === PLAN_SAVE) {
      await answer.answerCallbackQuery();
      return;
    }
    if (data === CONV_CANCEL || answer.message?.text === "/cancel") {
      if (answer.callbackQuery) await answer.answerCallbackQuery();
      await answer.reply(answer.t("cancelled"));
      return conversation.halt();
    }
    if (data !== undefined || answer.message?.text?.startsWith("/")) return conversation.halt({ next: true });
    await answer.reply(answer.t("plans-press-save"));
  }
}

/** Saves the plan as the bot's edit (if its version is still `version`) and shows its card. */
async function save(
  conversation: BotConversation,
  ctx: ConvContext,
  plan: Plan,
  version: number,
): Promise<void> {
  const view = await conversation.external(async (outer: BotContext) => {
    // Each step was checked (dialogGuard); the domain checks the role again and records it.
    const saved = await asStaff(outer, (actor) => outer.deps.catalogFile.savePlanAs(actor, plan, version));
    if (!saved) return undefined;
    outer.log.info({ adminId: outer.from?.id, plan: plan.id, ok: saved.ok }, "plan saved from the bot");
    const notice = saved.ok
      ? outer.t("plans-saved", { version: saved.version })
      : saved.reason === "invalid"
        ? outer.t("plans-save-invalid", { error: html(saved.error) })
        : outer.t("plans-changed-meanwhile");
    const shown = await planCardView(outer, plan.id, notice);
    return { text: shown.text, markup: (shown.keyboard as InlineKeyboard).inline_keyboard };
  });
  if (view)
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

const ASK: Record<PlanField, string> = {
  price: "plans-ask-price",
  title_en: "plans-ask-title-en",
  title_ru: "plans-ask-title-ru",
  days: "plans-ask-days",
  traffic: "plans-ask-traffic",
  devices: "plans-ask-devices",
};

/** Asks for one field of a plan, checks the plan with the catalog's schema, previews it, saves it. */
async function editPlanConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  arg: { id: string; field: PlanField },
): Promise<void> {
  const { catalog, version, locale } = await begin(conversation, arg.id);
  const plan = catalog.plans.find((p) => p.id === arg.id);
  if (!plan) {
    await ctx.reply(ctx.t("plans-gone"));
    return;
  }
  const answer = await askText(conversation, ctx, ctx.t(ASK[arg.field], { currency: catalog.currency }), {
    validate: (text) => {
      const changed = withField(plan, arg.field, text);
      if (!changed) return ctx.t("plans-invalid-value");
      const problem = problemWith(catalog, changed);
      return problem ? ctx.t("plans-save-invalid", { error: html(problem) }) : undefined;
    },
  });
  const changed = withField(plan, arg.field, answer) ?? plan;
  const lines = await conversation.external((outer: BotContext) =>
    planLines(outer, outer.deps.catalogFile, changed, locale),
  );
  await previewAndSave(conversation, ctx, lines);
  await save(conversation, ctx, changed, version);
}

/** Asks for one field of a new plan until it parses. */
async function askField<T>(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  parse: (text: string) => T | undefined,
  invalid = ctx.t("plans-invalid-value"),
): Promise<T> {
  const answer = await askText(conversation, ctx, prompt, {
    validate: (text) => (parse(text) === undefined ? invalid : undefined),
  });
  return parse(answer) as T;
}

/**
 * A new plan: its id, the plan whose servers it is delivered on (its backend is copied), both
 * titles, the terms and the price; checked, previewed, saved (on sale at once).
 */
async function addPlanConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const { catalog, locale } = await begin(conversation, "");
  const taken = (id: string) => catalog.plans.some((p) => p.id === id);
  const id = await askField(conversation, ctx, ctx.t("plans-ask-id"), (t) =>
    ID.test(t) && !taken(t) ? t : undefined,
  );
  const version = await conversation.external((outer: BotContext) => outer.deps.catalogFile.version(id));
  const ids = catalog.plans.map((p) => `<code>${html(p.id)}</code>`).join(", ");
  const template = await askField(conversation, ctx, ctx.t("plans-ask-backend", { ids }), (t) =>
    catalog.plans.find((p) => p.id === t),
  );
  const en = await askField(conversation, ctx, ctx.t("plans-ask-title-en"), parseTitle);
  const ru = await askField(conversation, ctx, ctx.t("plans-ask-title-ru"), parseTitle);
  const days = await askField(conversation, ctx, ctx.t("plans-ask-days"), (t) => parseDays(t, 1));
  const traffic_gb = await askField(conversation, ctx, ctx.t("plans-ask-traffic"), parseGb);
  const devices = await askField(conversation, ctx, ctx.t("plans-ask-devices"), parseDevices);
  const draft: Plan = {
    id,
    title: { en, ru },
    days,
    traffic_gb,
    devices,
    price: 1,
    backend: template.backend,
  };
  const answer = await askText(conversation, ctx, ctx.t("plans-ask-price", { currency: catalog.currency }), {
    validate: (text) => {
      const price = parsePrice(text);
      if (price === undefined) return ctx.t("plans-invalid-value");
      const problem = problemWith(catalog, { ...draft, price });
      return problem ? ctx.t("plans-save-invalid", { error: html(problem) }) : undefined;
    },
  });
  const plan = { ...draft, price: parsePrice(answer) ?? draft.price };
  const lines = await conversation.external((outer: BotContext) =>
    planLines(outer, outer.deps.catalogFile, plan, locale),
  );
  await previewAndSave(conversation, ctx, lines);
  await save(conversation, ctx, plan, version);
}

/** Installed ahead of all features, entered only from the admin-checked buttons of the editor; each step checked. */
export const plansConversations = [
  dialogGuard(EDIT_PLAN, "catalog", "plan.edit"),
  createConversation(editPlanConversation, EDIT_PLAN),
  dialogGuard(ADD_PLAN, "catalog", "plan.edit"),
  createConversation(addPlanConversation, ADD_PLAN),
];
