import type { Subscription } from "../domain/books/index.js";
import {
  freezeAskText,
  freezeConfirmText,
  freezeDayChoices,
  freezeStateText,
  unfreezeText,
} from "../render/freeze.js";
import { ownSubscription } from "./cabinet.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import type { FreezeCard, FreezeResponse } from "./schemas-freeze.js";

/**
 * The cabinet's freeze: the same service (SubscriptionFreezes) and the same texts
 * (render/freeze.ts) as the chat's; a customer acts on their own subscription only.
 */

/** A card's freeze, or null when its plan has none (a trial, a removed one: none either). */
export async function freezeOf(
  deps: WebappDeps,
  caller: Caller,
  sub: Subscription,
): Promise<FreezeCard | null> {
  const freezes = deps.terms?.freezes;
  const option = freezes?.option(sub);
  if (!freezes || !option || sub.trial || sub.removedAt !== undefined) return null;
  const { t, locale } = caller;
  const view = await freezes.current(sub.id);
  const frozen = view?.status === "frozen" || view?.status === "unfreezing";
  const state_text = view ? freezeStateText(t, locale, view) : null;
  if (view)
    return {
      frozen,
      state_text,
      unfreeze_text: frozen ? t("unfreeze-button") : null,
      choices: [],
      pick_text: null,
    };
  const left = Math.max(0, option.times_per_year - (await freezes.usedInYear(sub.id)));
  const choices = freezeDayChoices(option).map((days) => ({
    days,
    label: t("freeze-days-button", { days }),
    confirm_text: freezeConfirmText(t, locale, freezes.quote(sub, days)),
    confirm_label: t("freeze-confirm-button"),
  }));
  const pick_text = t("freeze-pick", {
    ...{ min: option.min_days, max: option.max_days },
    ...{ left, times: option.times_per_year },
  });
  return {
    frozen: false,
    state_text: null,
    unfreeze_text: null,
    choices: left > 0 ? choices : [],
    pick_text,
  };
}

function freezesOf(deps: WebappDeps) {
  const freezes = deps.terms?.freezes;
  if (!freezes) throw new Refusal(404, "unknown-subscription");
  return freezes;
}

/** POST /app/api/subscriptions/:id/freeze `{ days }`: the caller's freeze of their own subscription. */
export async function freezeSubscription(
  deps: WebappDeps,
  caller: Caller,
  id: string,
  days: number,
): Promise<FreezeResponse> {
  const freezes = freezesOf(deps);
  const sub = await ownSubscription(deps, caller, id);
  const out = await freezes.ask(sub.id, caller.id, days);
  const done = out.kind !== "refused" && out.kind !== "failed";
  return { ok: true, done, text: freezeAskText(caller.t, caller.locale, freezes.option(sub), out) };
}

/** POST /app/api/subscriptions/:id/unfreeze: the caller ends the freeze of their own subscription. */
export async function unfreezeSubscription(
  deps: WebappDeps,
  caller: Caller,
  id: string,
): Promise<FreezeResponse> {
  const freezes = freezesOf(deps);
  const sub = await ownSubscription(deps, caller, id);
  const out = await freezes.unfreeze(sub.id, { customerId: caller.id });
  return { ok: true, done: out.kind !== "refused", text: unfreezeText(caller.t, caller.locale, out) };
}
