import type { Redis } from "ioredis";
import type {
  AccountApi,
  PowerAction,
  PowerResult,
  RegenerateResult,
  Server,
  ServerConfig,
  ServerStats,
  XrayVersion,
} from "../../hosting/account/index.js";
import { ShopSettings } from "../catalog/index.js";
import { CoreVersions } from "./core-version.js";
import { learnedExtendPrice } from "./server-extension.js";
import { HostingActs, type StaffActor, serverSubject } from "./staff-acts.js";

type ServerCalls = Pick<
  AccountApi,
  "servers" | "server" | "stats" | "power" | "account" | "config" | "regenerate" | "xrayUpdate"
>;

/**
 * An active server with this many days left or fewer is flagged on the admins' screens: a week
 * leaves time to top up the hosting balance before the days-left alerts (3 and 1) and the
 * auto-extension (1).
 */
export const SERVER_EXPIRY_WARNING_DAYS = 7;

/** Whether an active server's days left call for the admins' attention. */
export function expiresSoon(server: Pick<Server, "status" | "daysLeft">): boolean {
  return server.status === "active" && server.daysLeft <= SERVER_EXPIRY_WARNING_DAYS;
}

export interface HostingServersDeps {
  /** Read per call, so a relinked account (or a test's swapped client) is used at once. */
  hosting: { readonly account: ServerCalls };
  redis: Redis;
  /** Checks and records the staff's actions (without it, an action given an actor is refused). */
  acts?: HostingActs;
}

/** A server's live stats, or why they could not be read (the card is shown either way). */
export type LiveStats = { ok: true; stats: ServerStats } | { ok: false; error: unknown };

export interface ServerCard {
  server: Server;
  live: LiveStats;
}

/**
 * The price of the next extension as far as it is known. The Account API has no price endpoint:
 * `learned` is what the last extension of this server (or its tariff) cost, read from the balance
 * before and after; `hint` is the expected cost an admin set in Settings.
 */
export type ExtendPrice =
  | { kind: "learned"; amount: number }
  | { kind: "hint"; amount: number }
  | { kind: "unknown" };

/** What an admin confirms before an extension: the server as it is now, the balance, the price. */
export interface ExtendQuote {
  server: Server;
  balance: number;
  price: ExtendPrice;
}

/**
 * The hosting account's servers as the admins manage them: the list, a card with live stats,
 * power, configs, regeneration and the proxy-core version. Extending one goes through
 * `ServerExtension` (it spends money); this only quotes it.
 */
export class HostingServers {
  private readonly acts: HostingActs;

  constructor(private readonly deps: HostingServersDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  private get account(): ServerCalls {
    return this.deps.hosting.account;
  }

  list(): Promise<Server[]> {
    return this.account.servers();
  }

  get(id: number): Promise<Server> {
    return this.account.server(id);
  }

  /** The server with its live stats; throws only when the server itself cannot be read. */
  async card(id: number): Promise<ServerCard> {
    const [server, stats] = await Promise.allSettled([this.account.server(id), this.account.stats(id)]);
    if (server.status === "rejected") throw server.reason;
    const live: LiveStats =
      stats.status === "fulfilled" ? { ok: true, stats: stats.value } : { ok: false, error: stats.reason };
    return { server: server.value, live };
  }

  /** Starts, stops or restarts the server (`by`: the staff member, checked and recorded). */
  power(id: number, action: PowerAction, by?: StaffActor): Promise<PowerResult> {
    return this.acts.run(
      by,
      { action: "server.power", subject: serverSubject(id), before: action },
      () => this.account.power(id, action),
      (result) => ({ after: `${action}: ${result.state ?? "state not said"}` }),
    );
  }

  /** The server, the balance and the expected price; throws when the server or balance cannot be read. */
  async extendQuote(id: number): Promise<ExtendQuote> {
    const [server, account] = await Promise.all([this.account.server(id), this.account.account()]);
    return { server, balance: account.balance, price: await this.extendPrice(server) };
  }

  async extendPrice(server: Server): Promise<ExtendPrice> {
    const [learned, settings] = await Promise.all([
      learnedExtendPrice(this.deps.redis, server),
      new ShopSettings(this.deps.redis).get(),
    ]);
    if (learned !== undefined) return { kind: "learned", amount: learned };
    if (settings.extendCostHint !== undefined) return { kind: "hint", amount: settings.extendCostHint };
    return { kind: "unknown" };
  }

  config(id: number): Promise<ServerConfig> {
    return this.account.config(id);
  }

  /** A new connection config (the old one stops working); `by` as for `power`. */
  regenerate(id: number, by?: StaffActor): Promise<RegenerateResult> {
    return this.acts.run(
      by,
      { action: "server.regenerate", subject: serverSubject(id) },
      () => this.account.regenerate(id),
      (result) => ({ after: result.kind === "xui" ? `inbound ${result.inboundId ?? "?"}` : result.kind }),
    );
  }

  /** The version this bot last installed (the API never tells; see `CoreVersions`). */
  coreVersion(id: number): Promise<string | undefined> {
    return new CoreVersions(this.deps.redis).get(id);
  }

  /** Installs a proxy-core version and remembers it; returns the version the service reports. */
  async installCore(id: number, version: XrayVersion, by?: StaffActor): Promise<string> {
    const versions = new CoreVersions(this.deps.redis);
    const before = by ? await versions.get(id) : undefined;
    return this.acts.run(
      by,
      { action: "server.core", subject: serverSubject(id), before: before ?? "unknown" },
      async () => {
        const result = await this.account.xrayUpdate(id, version);
        await versions.remember(id, result.version);
        return result.version;
      },
      (installed) => ({ after: installed }),
    );
  }
}
