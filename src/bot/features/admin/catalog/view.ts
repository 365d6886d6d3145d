import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { Plan } from "#src/domain/catalog/index.js";
import { formatMoney, inLocale, packsOf, toMinor } from "#src/domain/catalog/index.js";
import { formatGb, html } from "#src/render/format.js";
import { panelLocationForAdmin } from "#src/render/locations.js";
import { packsLine } from "#src/render/traffic-packs.js";
import { adminHomeButton } from "../home.js";
import { plansCb } from "../plans/callbacks.js";
import { catalogCb } from "./callbacks.js";

function backendLine(ctx: BotContext, locale: Locale, plan: Plan): string {
  const b = plan.backend;
  if (b.kind === "panel") {
    return ctx.t("catalog-backend-panel", {
      locations: b.locations.map((l) => panelLocationForAdmin(ctx.t, locale, l)).join(", "),
    });
  }
  const line =
    b.kind === "xui"
      ? ctx.t("catalog-backend-xui", { servers: b.servers.join(", ") })
      : ctx.t("catalog-backend-node");
  return b.name ? `${line} · ${ctx.t("shop-locations", { names: inLocale(b.name, locale) })}` : line;
}

/** Plans of the file that are not sold here, with the settings each needs, and a trial left off. */
function offSaleLines(ctx: BotContext, locale: Locale): string[] {
  const { offSale, trialOff } = ctx.deps.catalogFile.offSale();
  if (offSale.length === 0 && !trialOff) return [];
  const and = new Intl.ListFormat(locale, { type: "conjunction" });
  const lines = ["", ctx.t("catalog-off-sale-title")];
  for (const { plan, needs } of offSale) {
    lines.push(
      ctx.t("catalog-off-sale-plan", {
        id: html(plan.id),
        title: html(inLocale(plan.title, locale)),
        settings: and.format(needs),
      }),
    );
  }
  if (trialOff) lines.push(ctx.t("catalog-off-sale-trial", { plan: html(trialOff) }));
  return lines;
}

/**
 * The plans on sale as the bot sees them now, those left off sale and why, the plan editor, and a
 * button to reload the file; `choices`: buttons shown first (after a reload: file or bot wins).
 */
export async function catalogView(
  ctx: BotContext,
  notice?: string,
  choices = new InlineKeyboard(),
): Promise<View> {
  const catalog = ctx.deps.catalogFile.get();
  const locale = await localeOf(ctx);
  const lines = notice ? [notice, ""] : [];
  lines.push(ctx.t("catalog-title", { currency: catalog.currency, count: catalog.plans.length }), "");
  for (const plan of catalog.plans) {
    lines.push(
      ctx.t("catalog-plan", {
        id: html(plan.id),
        title: html(inLocale(plan.title, locale)),
        price: formatMoney(catalog.currency, toMinor(catalog.currency, plan.price), locale),
        days: plan.days,
        traffic: plan.traffic_gb > 0 ? formatGb(locale, plan.traffic_gb) : ctx.t("access-unlimited"),
        devices: plan.devices > 0 ? String(plan.devices) : ctx.t("access-unlimited"),
        backend: html(backendLine(ctx, locale, plan)),
      }),
    );
    const packs = packsOf(plan);
    if (packs.length > 0)
      lines.push(ctx.t("catalog-plan-packs", { packs: html(packsLine(locale, catalog.currency, packs)) }));
  }
  lines.push(
    "",
    catalog.trial
      ? ctx.t("catalog-trial", {
          days: catalog.trial.days,
          traffic: formatGb(locale, catalog.trial.traffic_gb),
          plan: html(catalog.trial.plan),
        })
      : ctx.t("catalog-no-trial"),
    ...offSaleLines(ctx, locale),
    "",
    ctx.t("catalog-file", { file: html(ctx.deps.catalogFile.file) }),
  );
  const keyboard = choices
    .row()
    .text(ctx.t("plans-button"), plansCb.pack({ act: "list", id: "", arg: "" }))
    .row()
    .text(ctx.t("catalog-reload"), catalogCb.pack({ act: "reload" }))
    .row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}
