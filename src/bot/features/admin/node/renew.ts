import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { show } from "#src/bot/views/show.js";
import { formatDateTime, html } from "#src/render/format.js";
import { actorOf } from "../hosting-staff.js";
import { withOwners } from "../owners-view.js";
import { ncb } from "./callbacks.js";
import { nodeClientCardView, nodeClientsView } from "./client-views.js";
import { followedText, nodeErrorText, nodeRef, sectionNav, toClients } from "./shared.js";

/**
 * Renewal to a fixed target: the dialog's second step and the "Try again" button. In the node API
 * `days` of an edit are ADDED to the current expiry (not counted from now), so "renew N days"
 * fixes an absolute target once and goes there through the domain's NodeClients; "Try again"
 * carries that target, so a repeat adds nothing twice.
 */

export type RenewOutcome =
  | { ok: true; ref: string; to: number; left: number; followed: string }
  | { ok: false; ref: string; text: string; retry: boolean };

/** Renews `name` to `targetMs` (ms); a failure is explained, with whether "Try again" can help. */
export async function renewOutcome(ctx: BotContext, name: string, targetMs: number): Promise<RenewOutcome> {
  const ref = await nodeRef(ctx.kit.nameRefs, "c", name);
  const to = formatDateTime(await localeOf(ctx), targetMs);
  const renewal = await ctx.deps.fleet.nodeClients.renewTo(name, targetMs, actorOf(ctx));
  switch (renewal.kind) {
    case "in-doubt":
      return { ok: false, ref, text: ctx.t("node-renew-in-doubt", { name: html(name), to }), retry: true };
    case "busy":
      return { ok: false, ref, text: ctx.t("node-renew-busy", { name: html(name) }), retry: true };
    case "failed": {
      const retry = renewal.mayHaveApplied;
      const text = nodeErrorText(ctx.t, renewal.error);
      return {
        ok: false,
        ref,
        retry,
        text: retry ? `${text}\n\n${ctx.t("node-renew-retry-hint", { to })}` : text,
      };
    }
    case "renewed": {
      const { result } = renewal;
      ctx.log.info({ name, days: result.daysSent, targetMs }, "node client renewed");
      // The shop's subscriptions on the client took the new term (and so their reminders moved).
      const followed = followedText(ctx, "owners-term", renewal.followed);
      return { ok: true, ref, to: result.after.expiresAt, left: result.after.leftDays, followed };
    }
  }
}

/** "Try again" (to the same target, when it can help), the client and the way back. */
export function renewFailedKeyboard(
  ctx: BotContext | ConvContext,
  failure: { ref: string; retry: boolean },
  targetMs: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (failure.retry) {
    const target = Math.ceil(targetMs / 1000);
    keyboard.text(ctx.t("node-renew-again"), ncb({ act: "renew-to", client: failure.ref, target })).row();
  }
  return sectionNav(
    ctx,
    keyboard
      .text(ctx.t("node-open-client"), ncb({ act: "card", client: failure.ref }))
      .text(...toClients(ctx))
      .row(),
  );
}

/** The "Try again" button of a renewal: renews to the target it carries (read first, no double days). */
export async function renewToTarget(
  ctx: BotContext,
  name: string,
  seconds: number | undefined,
): Promise<void> {
  if (seconds === undefined) return show(ctx, await nodeClientsView(ctx, 0, ctx.t("error-menu-outdated")));
  const done = await renewOutcome(ctx, name, seconds * 1000);
  if (!done.ok) {
    return show(ctx, { text: done.text, keyboard: renewFailedKeyboard(ctx, done, seconds * 1000) });
  }
  const to = formatDateTime(await localeOf(ctx), done.to * 1000);
  const notice = withOwners(
    ctx.t("node-renewed-to", { name: html(name), to, left: done.left }),
    done.followed,
  );
  return show(ctx, await nodeClientCardView(ctx, name, notice));
}
