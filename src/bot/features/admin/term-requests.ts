import type { HostingClient } from "#src/domain/books/index.js";
import type { RequestOutcome, TermChange } from "#src/domain/terms/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { actorOf } from "./hosting-staff.js";
import { ownersAfter, withOwners } from "./owners-view.js";

type Ctx = BotContext | ConvContext;

/** What the admin asked: N days more, or the term set to a date (ms; 0 = no expiry). */
export type AskedTerm = { mode: "add"; days: number } | { mode: "set"; target: number };

/**
 * An admin's change of the term of `client` (`name` as the admin sees it). When a customer's
 * subscription lives on the client, the change takes its turn in that subscription's chain
 * (terms/), after any paid renewal being applied, and the answer says what happened: applied,
 * waiting for its turn, tried again by itself, or refused. Undefined when no subscription lives
 * on the client: the caller changes it directly, as before.
 */
export async function requestTerm(
  ctx: Ctx,
  client: HostingClient,
  name: string,
  asked: AskedTerm,
): Promise<string | undefined> {
  const adminId = ctx.from?.id ?? 0;
  // The staff member asking is checked against their role and recorded (terms/).
  const outcome = await ctx.deps.terms.terms.request({ client, adminId, ...asked }, actorOf(ctx));
  if (outcome.kind === "not-owned") return undefined;
  ctx.log.info({ client, kind: outcome.kind, changeId: outcome.change.id }, "admin term change");
  return termOutcomeText(ctx, name, outcome);
}

async function termOutcomeText(
  ctx: Ctx,
  name: string,
  outcome: Exclude<RequestOutcome, { kind: "not-owned" }>,
): Promise<string> {
  const locale = await localeOf(ctx);
  const date = (ms: number) => (ms > 0 ? formatDateTime(locale, ms) : ctx.t("access-no-expiry"));
  const who = html(name);
  const overrides = overridesNote(ctx, outcome.change);
  switch (outcome.kind) {
    case "applied": {
      const text = ctx.t("term-change-now", {
        name: who,
        from: date(outcome.before),
        to: date(outcome.after),
      });
      return withOwners(withOwners(text, overrides), ownersAfter(ctx, "owners-term", outcome.followed));
    }
    case "waiting":
      return withOwners(ctx.t("term-change-queued", { name: who, ...changeVars(outcome.change) }), overrides);
    case "retrying":
      return ctx.t("term-change-retrying", { name: who });
    case "failed":
      return ctx.t("term-change-refused", { name: who, reason: html(outcome.change.error ?? "") });
  }
}

/** `$mode` (add, set) and `$days` of a change, for the texts that name it. */
function changeVars(change: TermChange): Record<string, string | number> {
  return { mode: change.mode, days: change.days };
}

/** A `set` over paid renewals in flight says it overrides them (they are applied first). */
function overridesNote(ctx: Ctx, change: TermChange): string {
  if (change.mode !== "set" || change.overrides.length === 0) return "";
  return ctx.t("term-change-overrides", {
    count: change.overrides.length,
    orders: change.overrides.map((id) => `<code>${id}</code>`).join(", "),
  });
}
