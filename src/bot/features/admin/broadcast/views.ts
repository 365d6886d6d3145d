import { InlineKeyboard } from "grammy";
import type { BotContext, BotDeps } from "#src/bot/context.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { type Audience, countAudience } from "#src/domain/backoffice/index.js";
import { formatNumber } from "#src/render/format.js";
import { broadcastCb } from "#src/render/notice-buttons.js";
import { adminHomeButton } from "../home.js";

/** Who a broadcast reaches, counted from the shop's customers and subscriptions. */
export function audienceCounts(deps: BotDeps): Promise<Record<Audience, number>> {
  const { customers, subscriptions } = deps.books;
  return countAudience({ customers, subscriptions, clock: deps.clock });
}

/** Cancel: drops the draft, or (no draft yet) leaves the dialog. */
export const cancelData = (draft = "") => broadcastCb.pack({ act: "cancel", draft });
const newData = () => broadcastCb.pack({ act: "new" });
const backData = (draft: string) => broadcastCb.pack({ act: "aud", draft });

/** The buttons of the audience choice, each with its count. */
export function audienceKeyboard(
  t: Translate,
  locale: Locale,
  draft: string,
  counts: Record<Audience, number>,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t("broadcast-audience-all", { count: formatNumber(locale, counts.all) }),
      broadcastCb.pack({ act: "aud", draft, audience: "all" }),
    )
    .row()
    .text(
      t("broadcast-audience-active", { count: formatNumber(locale, counts.active) }),
      broadcastCb.pack({ act: "aud", draft, audience: "active" }),
    )
    .row()
    .text(t("broadcast-cancel"), cancelData(draft));
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

/** The last step: send the draft to `count` recipients of `audience`, confirmed by `token`. */
export function confirmView(
  ctx: BotContext,
  draft: string,
  audience: Audience,
  count: number,
  token: string,
): View {
  return {
    text: ctx.t("broadcast-confirm", { audience: ctx.t(`broadcast-to-${audience}`), count }),
    keyboard: new InlineKeyboard()
      .text(ctx.t("broadcast-confirm-yes"), broadcastCb.pack({ act: "go", draft, audience, token }))
      .row()
      .text(ctx.t("broadcast-back"), backData(draft))
      .text(ctx.t("broadcast-cancel"), cancelData(draft)),
  };
}
