import { z } from "zod";
import type { AccessState } from "../../../domain/provisioning/types.js";
import type { Subscription } from "../../../domain/subscriptions.js";
import type { BotContext } from "../../context.js";

/** Live usage is read from the hosting API at most once a minute per subscription. */
export const USAGE_TTL_SECONDS = 60;
export const usageKey = (subscriptionId: string) => `usage:${subscriptionId}`;

const accessState = z.object({
  expiresAt: z.number(),
  limitBytes: z.number(),
  usedBytes: z.number(),
  enabled: z.boolean(),
});

/** The usage read within the last minute, if any (no hosting call). */
export async function cachedUsage(ctx: BotContext, subscriptionId: string): Promise<AccessState | undefined> {
  const raw = await ctx.deps.redis.get(usageKey(subscriptionId));
  if (!raw) return undefined;
  try {
    const parsed = accessState.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Usage and expiry as the hosting side sees them: from the cache when read within the last
 * minute, else from the hosting API (then cached). Undefined when the hosting side cannot be
 * read; the caller shows the last known values from the subscription.
 */
export async function usageOf(ctx: BotContext, sub: Subscription): Promise<AccessState | undefined> {
  const cached = await cachedUsage(ctx, sub.id);
  if (cached) return cached;
  try {
    const state = await ctx.deps.shop.provisioner(sub.ref.kind).state(sub.ref);
    await ctx.deps.redis.set(usageKey(sub.id), JSON.stringify(state), "EX", USAGE_TTL_SECONDS);
    return state;
  } catch (err) {
    ctx.log.warn({ err, subscriptionId: sub.id, kind: sub.ref.kind }, "usage read failed");
    return undefined;
  }
}
