import type { Subscription } from "../domain/books/index.js";
import { ownSubscription } from "./cabinet.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import type { AutoRenewResponse } from "./schemas-auto-renew.js";

/** A card's auto-renew: on or off with what it means; nulls for one that cannot have it (a trial). */
export async function autoRenewOf(
  deps: WebappDeps,
  caller: Caller,
  sub: Subscription,
): Promise<{ auto_renew: boolean | null; auto_renew_text: string | null }> {
  const { autoRenew } = deps.sales;
  if (autoRenew.unavailable(sub)) return { auto_renew: null, auto_renew_text: null };
  const on = await autoRenew.isOn(sub.id);
  return { auto_renew: on, auto_renew_text: await stateText(deps, caller, sub, on) };
}

function stateText(deps: WebappDeps, caller: Caller, sub: Subscription, on: boolean): Promise<string> {
  if (!on) return Promise.resolve(caller.t("webapp-autorenew-off-text"));
  return deps.sales.autoRenew.leadDays(sub).then((days) => caller.t("webapp-autorenew-on-text", { days }));
}

/**
 * POST /app/api/subscriptions/:id/auto-renew `{ on }`: the caller's switch on their own
 * subscription (someone else's is 404), through the same rule as the chat's (AutoRenew.set): a
 * trial, a removed one or one whose plan is gone cannot have it (409 `auto-renew-unavailable`).
 * Nothing is paid here: a due subscription renews at the next run of the task.
 */
export async function switchAutoRenew(
  deps: WebappDeps,
  caller: Caller,
  id: string,
  on: boolean,
): Promise<AutoRenewResponse> {
  const sub = await ownSubscription(deps, caller, id);
  const result = await deps.sales.autoRenew.set(caller.id, sub.id, on);
  if (!result.ok) {
    if (result.reason === "unknown-subscription") throw new Refusal(404, "unknown-subscription");
    if (result.reason === "blocked") throw new Refusal(403, "blocked");
    throw new Refusal(409, "auto-renew-unavailable");
  }
  return { ok: true, auto_renew: result.on, auto_renew_text: await stateText(deps, caller, sub, result.on) };
}
