import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import {
  formatMoney,
  inLocale,
  onSale,
  type Plan,
  type PlanDifference,
  packsOf,
  toMinor,
} from "#src/domain/catalog/index.js";
import { formatGb, html } from "#src/render/format.js";
import { planDetailsLine } from "#src/render/plan-details.js";
import { packsLine } from "#src/render/traffic-packs.js";
import { catalogCb } from "../catalog/callbacks.js";
import { plansCb } from "./callbacks.js";

type Store = BotContext["deps"]["catalogFile"];

const STATUS = {
  on: "plans-status-on",
  retired: "plans-status-retired",
  unsold: "plans-status-unsold",
} as const;

/** On sale, retired, or waiting for settings (its backend is not configured here). */
function statusOf(store: Store, plan: Plan): "on" | "retired" | "unsold" {
  if (!onSale(plan)) return "retired";
  // A new plan being previewed: on sale once saved (unless its backend waits for settings).
  if (!store.full().plans.some((p) => p.id === plan.id)) return "on";
  return store.get().plans.some((p) => p.id === plan.id) ? "on" : "unsold";
}

function price(store: Store, plan: Plan, locale: Locale): string {
  const { currency } = store.full();
  return formatMoney(currency, toMinor(currency, plan.price), locale);
}

/** Every plan in force (sold or not), each a button to its card; add and export below. */
export async function plansListView(ctx: BotContext, notice?: string): Promise<View> {
  const store = ctx.deps.catalogFile;
  const locale = await localeOf(ctx);
  const plans = store.full().plans;
  const lines = notice ? [notice, ""] : [];
  lines.push(ctx.t("plans-title", { count: plans.length }), "");
  const keyboard = new InlineKeyboard();
  for (const plan of plans) {
    const status = ctx.t(STATUS[statusOf(store, plan)]);
    const edited = store.edit(plan.id) ? ctx.t("plans-edited") : "";
    lines.push(
      ctx.t("plans-line", {
        title: html(inLocale(plan.title, locale)),
        id: html(plan.id),
        price: price(store, plan, locale),
        status,
        edited,
      }),
    );
    keyboard
      .text(
        `${inLocale(plan.title, locale)} · ${status}`,
        plansCb.pack({ act: "card", id: plan.id, arg: "" }),
      )
      .row();
  }
  keyboard
    .text(ctx.t("plans-add"), plansCb.pack({ act: "add", id: "", arg: "" }))
    .text(ctx.t("plans-export"), plansCb.pack({ act: "export", id: "", arg: "" }))
    .row()
    .text(ctx.t("plans-to-catalog"), catalogCb.pack({ act: "view" }));
  return { text: lines.join("\n"), keyboard };
}

/** The plan as a customer sees its card in the shop, in `locale`. */
export function customerPreview(
  ctx: { t: BotContext["t"] },
  store: Store,
  plan: Plan,
  locale: Locale,
): string {
  return ctx.t("buy-card", {
    title: html(inLocale(plan.title, locale)),
    details: planDetailsLine(ctx.t, locale, plan, html),
    price: price(store, plan, locale),
  });
}

/** The admin's lines of a plan: both titles, terms, price, where it is delivered, its status. */
export function planLines(ctx: { t: BotContext["t"] }, store: Store, plan: Plan, locale: Locale): string[] {
  const unlimited = ctx.t("access-unlimited");
  return [
    ctx.t("plans-card", {
      id: html(plan.id),
      en: html(plan.title.en),
      ru: html(plan.title.ru),
      price: price(store, plan, locale),
      days: plan.days,
      traffic: plan.traffic_gb > 0 ? formatGb(locale, plan.traffic_gb) : unlimited,
      devices: plan.devices > 0 ? String(plan.devices) : unlimited,
      status: ctx.t(STATUS[statusOf(store, plan)]),
    }),
    ...packLines(ctx, store, plan, locale),
    "",
    ctx.t("plans-preview-title"),
    customerPreview(ctx, store, plan, locale),
  ];
}

/** The plan's traffic packs (from the file; not edited in the bot), when it sells any. */
function packLines(ctx: { t: BotContext["t"] }, store: Store, plan: Plan, locale: Locale): string[] {
  const packs = packsOf(plan);
  if (packs.length === 0) return [];
  const currency = store.full().currency;
  return [ctx.t("catalog-plan-packs", { packs: html(packsLine(locale, currency, packs)) })];
}

/** One plan: its fields, how customers see it, a button per field, retire or put back on sale. */
export async function planCardView(ctx: BotContext, id: string, notice?: string): Promise<View> {
  const store = ctx.deps.catalogFile;
  const plan = store.full().plans.find((p) => p.id === id);
  if (!plan) return plansListView(ctx, ctx.t("plans-gone"));
  const locale = await localeOf(ctx);
  const version = String(await store.version(id));
  const edit = store.edit(id);
  const lines = notice ? [notice, ""] : [];
  lines.push(...planLines(ctx, store, plan, locale));
  if (!onSale(plan)) lines.push("", ctx.t("plans-retired-note"));
  if (edit) lines.push("", ctx.t("plans-edited-note", { version }));
  const field = (label: string, arg: string) =>
    [ctx.t(label), plansCb.pack({ act: "edit", id, arg })] as const;
  const keyboard = new InlineKeyboard()
    .text(...field("plans-edit-price", "price"))
    .text(...field("plans-edit-days", "days"))
    .row()
    .text(...field("plans-edit-title-en", "title_en"))
    .text(...field("plans-edit-title-ru", "title_ru"))
    .row()
    .text(...field("plans-edit-traffic", "traffic"))
    .text(...field("plans-edit-devices", "devices"))
    .row()
    .text(
      ctx.t(onSale(plan) ? "plans-retire" : "plans-unretire"),
      plansCb.pack({ act: onSale(plan) ? "retire" : "sale", id, arg: version }),
    )
    .row()
    .text(ctx.t("plans-back"), plansCb.pack({ act: "list", id: "", arg: "" }));
  return { text: lines.join("\n"), keyboard };
}

/** After a reload: where the file and the bot differ, which one is in force, and the choices. */
export function differenceLines(ctx: BotContext, differ: readonly PlanDifference[]): string[] {
  if (differ.length === 0) return [];
  const why = (d: PlanDifference) =>
    !d.inFile ? "catalog-differ-added" : d.fileChanged ? "catalog-differ-both" : "catalog-differ-bot";
  return [
    "",
    ctx.t("catalog-differ-title"),
    ...differ.map((d) => ctx.t("catalog-differ-plan", { id: html(d.id), why: ctx.t(why(d)) })),
  ];
}

export function differenceButtons(ctx: BotContext, differ: readonly PlanDifference[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const d of differ) {
    const arg = String(d.version);
    if (d.inFile)
      keyboard.text(ctx.t("catalog-use-file", { id: d.id }), plansCb.pack({ act: "file", id: d.id, arg }));
    keyboard
      .text(ctx.t("catalog-keep-bot", { id: d.id }), plansCb.pack({ act: "keep", id: d.id, arg }))
      .row();
  }
  return keyboard;
}
