import type { ClaimResult } from "../../store/one-time.js";
import type { BotPlumbing } from "../context.js";

type WithKit = { kit: Pick<BotPlumbing, "confirmations"> };

/**
 * A one-time token for the confirm button of `action` (e.g. `node:del:alice`): a double tap or
 * a replayed press acts once, and the token confirms nothing else.
 */
export function issueConfirmation(ctx: WithKit, action: string, ttlSeconds?: number): Promise<string> {
  return ctx.kit.confirmations.issue(action, ttlSeconds);
}

/** Spends the token of `action`: "claimed" once, then "used"; "unknown" when missing, expired or another action's. */
export async function claimConfirmation(
  ctx: WithKit,
  token: string | undefined,
  action: string,
): Promise<ClaimResult> {
  return token ? ctx.kit.confirmations.claim(token, action) : "unknown";
}
