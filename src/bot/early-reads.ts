import type { MiddlewareFn } from "grammy";
import type { Locale } from "../config.js";
import type { ShopClosed } from "../domain/catalog/index.js";
import type { BotContext } from "./context.js";
import { isAdmin } from "./filters.js";

/**
 * What nearly every update of a customer's private chat reads, started together with the
 * session's own read instead of one after the other: the language they chose (followChosenLocale),
 * whether an admin blocked them (shopAllowed) and whether the shop is closed (maintenanceGate).
 * Their middlewares await these promises instead of asking Redis again, so the reads share one
 * round trip (ioredis pipelines what is sent
 * in the same tick) and an update waits on Redis once where it waited three times. Nothing is
 * cached: each update reads afresh, as every process must (another one may have just changed it).
 */
export interface EarlyReads {
  chosenLocale: Promise<Locale | undefined>;
  blocked: Promise<boolean>;
  /** Not read for admins, whom the gate lets through. */
  closed: Promise<ShopClosed | undefined> | undefined;
}

const reads = new WeakMap<BotContext, EarlyReads>();

/** Starts the reads; goes before the session middleware. */
export const startEarlyReads: MiddlewareFn<BotContext> = (ctx, next) => {
  const from = ctx.from;
  if (ctx.chat?.type === "private" && from && ctx.myChatMember === undefined) {
    const customer = ctx.deps.books.customers.chatView(from.id);
    const early: EarlyReads = {
      chosenLocale: customer.then((c) => c.chosenLocale),
      blocked: customer.then((c) => c.blocked),
      closed: isAdmin(ctx) ? undefined : ctx.deps.catalog.maintenance.closed(),
    };
    // A read whose update ends before it is awaited (an error on the way) must not surface as
    // an unhandled rejection; whoever awaits it still gets its error.
    early.chosenLocale.catch(ignore);
    early.blocked.catch(ignore);
    early.closed?.catch(ignore);
    reads.set(ctx, early);
  }
  return next();
};

const ignore = () => undefined;

/** The language the customer chose, read early for this update when it could be. */
export function chosenLocaleOf(ctx: BotContext, customerId: number): Promise<Locale | undefined> {
  return reads.get(ctx)?.chosenLocale ?? ctx.deps.books.customers.chosenLocale(customerId);
}

/** Whether an admin blocked the customer, read early for this update when it could be. */
export function blockedOf(ctx: BotContext, customerId: number): Promise<boolean> {
  return reads.get(ctx)?.blocked ?? ctx.deps.books.customers.isBlocked(customerId);
}

/** Whether the shop is closed, read early for this update when it could be. */
export function shopClosedFor(ctx: BotContext): Promise<ShopClosed | undefined> {
  return reads.get(ctx)?.closed ?? ctx.deps.catalog.maintenance.closed();
}
