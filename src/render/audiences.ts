import type { Audience } from "../domain/backoffice/index.js";
import type { Translate } from "./i18n-like.js";

/**
 * Who a broadcast goes to, in words ("all customers", "customers of Germany, 30 days"): the bot's
 * confirmation and the worker's progress message alike. A plan's audience names the plan by its
 * title when the caller knows it, else by its id.
 */
export function audienceName(t: Translate, audience: Audience, planTitle?: string): string {
  switch (audience) {
    case "all":
      return t("broadcast-to-all");
    case "active":
      return t("broadcast-to-active");
    case "expired":
      return t("broadcast-to-expired");
    case "never":
      return t("broadcast-to-never");
    case "trial":
      return t("broadcast-to-trial");
    default:
      return t("broadcast-to-plan", { plan: planTitle ?? audience.slice(2) });
  }
}
