import { InlineKeyboard } from "grammy";
import type { BotContext, BotDeps } from "#src/bot/context.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import {
  type Audience,
  type AudienceCounts,
  countAudience,
  countSegment,
  SEGMENTS,
} from "#src/domain/backoffice/index.js";
import { inLocale } from "#src/domain/catalog/index.js";
import { audienceName } from "#src/render/audiences.js";
import { formatNumber } from "#src/render/format.js";
import { broadcastCb } from "#src/render/notice-buttons.js";
import { adminHomeButton } from "../home.js";

/** How many the reach index's audiences reach (all, active), counted by Redis at once. */
export function audienceCounts(deps: BotDeps): Promise<AudienceCounts> {
  const { customers, subscriptions, orders } = deps.books;
  return countAudience({ customers, subscriptions, orders, clock: deps.clock });
}

/** Cancel: drops the draft, or (no draft yet) leaves the dialog. */
export const cancelData = (draft = "") => broadcastCb.pack({ act: "cancel", draft });
const newData = () => broadcastCb.pack({ act: "new" });
const backData = (draft: string) => broadcastCb.pack({ act: "aud", draft });

const SEGMENT_BUTTON: Record<(typeof SEGMENTS)[number], string> = {
  expired: "broadcast-audience-expired",
  never: "broadcast-audience-never",
  trial: "broadcast-audience-trial",
};

/**
 * The buttons of the audience choice: all and active with their counts, the segments (expired,
 * never bought, trial only; counted when chosen) and one per plan on sale (its active subscribers).
 */
export function audienceKeyboard(
  t: Translate,
  locale: Locale,
  draft: string,
  counts: AudienceCounts,
  plans: readonly { id: string; title: string }[],
): InlineKeyboard {
  const pick = (audience: Audience) => broadcastCb.pack({ act: "aud", draft, audience });
  const kb = new InlineKeyboard()
    .text(t("broadcast-audience-all", { count: formatNumber(locale, counts.all) }), pick("all"))
    .row()
    .text(t("broadcast-audience-active", { count: formatNumber(locale, counts.active) }), pick("active"))
    .row();
  for (const segment of SEGMENTS) kb.text(t(SEGMENT_BUTTON[segment]), pick(segment)).row();
  for (const plan of plans)
    kb.text(t("broadcast-audience-plan", { plan: plan.title }), pick(`p.${plan.id}`)).row();
  return kb.text(t("broadcast-cancel"), cancelData(draft));
}

/** The plans on sale, by title in the admin's language, for the audience choice. */
export function planAudiences(ctx: BotContext, locale: Locale): { id: string; title: string }[] {
  return ctx.deps.sales.shop.plans().map((p) => ({ id: p.id, title: inLocale(p.title, locale) }));
}

/**
 * How many reachable customers `audience` holds now: all and active from the reach index, the
 * others by walking the customers; undefined for a plan no longer on sale.
 */
export async function audienceSize(ctx: BotContext, audience: Audience): Promise<number | undefined> {
  if (audience === "all" || audience === "active") return (await audienceCounts(ctx.deps))[audience];
  if (audience.startsWith("p.") && !ctx.deps.sales.shop.plan(audience.slice(2))) return undefined;
  const { customers, subscriptions, orders } = ctx.deps.books;
  return countSegment({ customers, subscriptions, orders, clock: ctx.deps.clock }, audience);
}

/** The section: what a broadcast does, how many it reaches, and a button to write one. */
export async function broadcastHomeView(ctx: BotContext): Promise<View> {
  if (!ctx.deps.broadcasts) {
    return { text: ctx.t("broadcast-unavailable"), keyboard: adminHomeButton(ctx) };
  }
  const counts = await audienceCounts(ctx.deps);
  const keyboard = new InlineKeyboard().text(ctx.t("broadcast-new"), newData()).row();
  return {
    // Numbers, not formatted strings: Fluent picks the plural form from them (and groups digits).
    text: ctx.t("broadcast-home", { all: counts.all, active: counts.active }),
    keyboard: adminHomeButton(ctx, keyboard),
  };
}

/** A draft that is gone (sent, cancelled or an hour old): write it again. */
export function expiredView(ctx: BotContext): View {
  const keyboard = new InlineKeyboard().text(ctx.t("broadcast-new"), newData()).row();
  return { text: ctx.t("broadcast-expired"), keyboard: adminHomeButton(ctx, keyboard) };
}

/** Nobody in the chosen audience: back to the choice, or cancel. */
export function nobodyView(ctx: BotContext, draft: string): View {
  return {
    text: ctx.t("broadcast-nobody"),
    keyboard: new InlineKeyboard()
      .text(ctx.t("broadcast-back"), backData(draft))
      .text(ctx.t("broadcast-cancel"), cancelData(draft)),
  };
}

/** The plan's title of a plan's audience, in the admin's language (the catalog's, else its id). */
function planTitleOf(ctx: BotContext, audience: Audience, locale: Locale): string | undefined {
  if (!audience.startsWith("p.")) return undefined;
  return ctx.deps.sales.shop.plan(audience.slice(2))?.title[locale];
}

/** The last step: send the draft to `count` recipients of `audience`, confirmed by `token`. */
export function confirmView(
  ctx: BotContext,
  draft: string,
  audience: Audience,
  count: number,
  token: string,
  locale: Locale,
): View {
  return {
    text: ctx.t("broadcast-confirm", {
      audience: audienceName(ctx.t, audience, planTitleOf(ctx, audience, locale)),
      count,
    }),
    keyboard: new InlineKeyboard()
      .text(ctx.t("broadcast-confirm-yes"), broadcastCb.pack({ act: "go", draft, audience, token }))
      .row()
      .text(ctx.t("broadcast-back"), backData(draft))
      .text(ctx.t("broadcast-cancel"), cancelData(draft)),
  };
}
