import type { IncomingMessage } from "node:http";
import type { Redis } from "ioredis";
import type { WebappGuardConfig } from "../config.js";
import { clientAddress } from "../runtime/client-address.js";
import { HOUR } from "../runtime/clock.js";
import { BearerTokens } from "../store/bearer-tokens.js";
import { type Budget, RateBudgets, type Take } from "../store/rate-budget.js";
import { authenticate, type InitDataCheck, type WebappUser } from "./auth.js";

/** The defaults of WEBAPP_SESSION_SECONDS and the WEBAPP_*_RATE_LIMIT settings (README, Settings). */
export const DEFAULT_GUARD: WebappGuardConfig = {
  sessionSeconds: 900,
  perUser: 20,
  ordersPerUser: 6,
  perAddress: 60,
  trustProxy: 0,
};

/** A session never lives longer than this after it was made, however often it is used. */
export const SESSION_MAX_MS = 12 * HOUR;

/** Who a request authenticated as, and how: a fresh initData or a session made from one. */
export interface Authenticated {
  user: WebappUser;
  via: "init-data" | "session";
}

/**
 * What keeps the cabinet's API cheap to expose: request budgets in Redis (per client address
 * before anything is verified, per customer after, and a tighter one for what makes invoice
 * links), and sessions, each made from one fresh initData and bound to its customer.
 */
export class WebappGuard {
  private readonly budgets: RateBudgets;
  private readonly sessions: BearerTokens;
  private readonly perAddress: Budget;
  private readonly perUser: Budget;
  private readonly orders: Budget;

  constructor(
    redis: Redis,
    readonly config: WebappGuardConfig,
  ) {
    this.budgets = new RateBudgets(redis, "webapp:rate:");
    this.sessions = new BearerTokens(redis, "webapp:session:", {
      idleMs: config.sessionSeconds * 1000,
      maxMs: SESSION_MAX_MS,
    });
    this.perAddress = { capacity: config.perAddress, refillMs: 10_000 };
    this.perUser = { capacity: config.perUser, refillMs: 10_000 };
    this.orders = { capacity: config.ordersPerUser, refillMs: 60_000 };
  }

  /** One request from the client address of `req` (before authentication). */
  takeAddress(req: IncomingMessage): Promise<Take> {
    return this.budgets.take(`a:${clientAddress(req, this.config.trustProxy)}`, this.perAddress);
  }

  /** One request of customer `id`. */
  takeUser(id: number): Promise<Take> {
    return this.budgets.take(`u:${id}`, this.perUser);
  }

  /** One order or top-up (an invoice link, maybe) of customer `id`. */
  takeOrder(id: number): Promise<Take> {
    return this.budgets.take(`o:${id}`, this.orders);
  }

  /**
   * The user of `Authorization: tma <initData>` (fresh: WEBAPP_INIT_DATA_MAX_AGE) or
   * `Authorization: Bearer <session>`, or undefined.
   */
  async authenticate(header: string | undefined, check: InitDataCheck): Promise<Authenticated | undefined> {
    const bearer = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
    if (bearer === undefined) {
      const user = authenticate(header, check);
      return user ? { user, via: "init-data" } : undefined;
    }
    const subject = await this.sessions.use(bearer, check.now);
    return subject === undefined ? undefined : { user: JSON.parse(subject) as WebappUser, via: "session" };
  }

  /** A new session for `user`, and its idle life in seconds. */
  async openSession(user: WebappUser, now: number): Promise<{ token: string; seconds: number }> {
    return {
      token: await this.sessions.issue(JSON.stringify(user), now),
      seconds: this.config.sessionSeconds,
    };
  }
}
