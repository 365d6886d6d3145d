import { DAY } from "../../runtime/clock.js";
import type { LocalizedText, Plan } from "../catalog/index.js";
import {
  averageRate,
  type DayUse,
  daysUntilEmpty,
  type PackageState,
  type RunOut,
  runOutOf,
  sumDays,
  trendRate,
  usedThisTerm,
  worseOf,
} from "./forecast-math.js";
import {
  type BalanceStep,
  balanceCourse,
  type PricedServer,
  RUNWAY_HORIZON_DAYS,
  type Runway,
} from "./runway.js";
import { EXTENSION_DAYS } from "./server-extension.js";

export type { DayUse, RunOut } from "./forecast-math.js";

/** What would put a runway right: top the balance up by `amount`, extend a server, move customers off it. */
export type RunwayFix =
  | { kind: "top-up"; amount: number }
  | { kind: "extend"; serverId: number; name: string }
  | { kind: "move"; serverId: number; customers: number };

export interface ServerTraffic {
  /** The package the admin set on the server card. */
  limitBytes: number;
  /** Used of it since the current term began. */
  usedBytes: number;
  runOut: RunOut;
  /** The server's daily use, oldest first (up to 35 days). */
  days: DayUse[];
  /** Bytes a day at the last 7 days' average, and tomorrow's at the trend. */
  averageBytes: number;
  trendBytes: number;
  /** Subscriptions counted on the server at the last tally. */
  subscriptions: number;
}

export interface ServerRunway {
  serverId: number;
  name: string;
  /** The catalog's location of the server (its English name as the key); none when no plan names it. */
  location: string | undefined;
  locationName: LocalizedText | undefined;
  status: string;
  /**
   * The paid term: its end and the whole days left. `autoExtend`: the shop extends it at the end;
   * `covered`: the balance's runway pays that extension.
   */
  term: { expiresAt: number; days: number; autoExtend: boolean; covered: boolean };
  /** undefined: no package set for the server (not tracked). */
  traffic: ServerTraffic | undefined;
  /** The soonest of the traffic (worse of average and trend) and the term (unless covered). */
  urgentDays: number | undefined;
  fixes: RunwayFix[];
}

export interface LocationRunway {
  location: string;
  name: LocalizedText | undefined;
  serverIds: number[];
  /** Its tracked servers' packages, use and days added up; undefined when none is tracked. */
  traffic: { limitBytes: number; usedBytes: number; runOut: RunOut; days: DayUse[] } | undefined;
  urgentDays: number | undefined;
}

export interface RunwayBoard {
  at: number;
  /** `course`: each extension the balance pays from now (the staff's chart; see balanceCourse). */
  balance: { amount: number; runway: Runway; course: BalanceStep[] };
  /** Most urgent first (no urgency last, by name). */
  servers: ServerRunway[];
  locations: LocationRunway[];
  /** The alert window (the largest threshold, days): fixes are offered for what falls inside it. */
  windowDays: number;
  /** Account-wide fixes (the top-up the extensions within the window need). */
  fixes: RunwayFix[];
}

/** What a server is, as the board needs it (from the Account API and the shop's own records). */
export interface ServerFacts {
  id: number;
  name: string;
  status: string;
  expiresAt: number;
  price: number | undefined;
  /** The package in bytes; undefined: not tracked. */
  packageBytes: number | undefined;
  /** The tallied daily use and the subscriptions counted (none tallied: empty). */
  days: DayUse[];
  subscriptions: number;
}

export interface BoardInput {
  now: number;
  balance: number;
  runway: Runway;
  autoExtend: boolean;
  windowDays: number;
  servers: readonly ServerFacts[];
  /** server id -> its location (from the catalog). */
  locations: ReadonlyMap<number, { key: string; name: LocalizedText }>;
}

/** The catalog's locations: each named xui plan's servers (the first plan naming a server wins). */
export function locationsOf(plans: readonly Plan[]): Map<number, { key: string; name: LocalizedText }> {
  const out = new Map<number, { key: string; name: LocalizedText }>();
  for (const plan of plans) {
    const b = plan.backend;
    if (b.kind !== "xui" || !b.name) continue;
    for (const id of b.servers) if (!out.has(id)) out.set(id, { key: b.name.en, name: b.name });
  }
  return out;
}

/**
 * What the balance lacks to pay every active server's extensions falling due within `windowDays`
 * (soonest first, each again after EXTENSION_DAYS); undefined when a price is not known.
 */
export function topUpNeeded(
  balance: number,
  servers: readonly PricedServer[],
  now: number,
  windowDays: number,
): number | undefined {
  if (servers.some((s) => s.price === undefined)) return undefined;
  const end = now + windowDays * DAY;
  let cost = 0;
  for (const s of servers) {
    for (let at = s.expiresAt; at <= end; at = Math.max(at, now) + EXTENSION_DAYS * DAY) cost += s.price ?? 0;
  }
  return Math.max(0, cost - balance);
}

const wholeDays = (ms: number) => Math.max(0, Math.floor(ms / DAY));

/** Whether the balance's runway pays the extension at `expiresAt`. */
function coveredBy(runway: Runway, expiresAt: number): boolean {
  return runway.kind === "beyond" || (runway.kind === "days" && runway.until > expiresAt);
}

function trafficOf(s: ServerFacts, now: number): ServerTraffic | undefined {
  if (s.packageBytes === undefined) return undefined;
  const pkg: PackageState = {
    limitBytes: s.packageBytes,
    usedBytes: usedThisTerm(s.days, s.expiresAt),
    renewsAt: s.expiresAt,
  };
  return {
    limitBytes: pkg.limitBytes,
    usedBytes: pkg.usedBytes,
    runOut: runOutOf(pkg, s.days, now),
    days: s.days,
    averageBytes: averageRate(s.days, now),
    trendBytes: trendRate(s.days, now)(1),
    subscriptions: s.subscriptions,
  };
}

/**
 * How many customers to move off so the package lasts: the daily use above what the package
 * allows (the rest of this term's, or a whole term's at most), over one customer's average use.
 */
export function customersToMove(traffic: ServerTraffic, expiresAt: number, now: number): number | undefined {
  if (traffic.subscriptions === 0 || traffic.averageBytes <= 0) return undefined;
  const perCustomer = traffic.averageBytes / traffic.subscriptions;
  const rate = Math.max(traffic.averageBytes, traffic.trendBytes);
  const termDays = Math.max(1, (expiresAt - now) / DAY);
  const left = Math.max(0, traffic.limitBytes - traffic.usedBytes);
  const allowed = Math.min(left / termDays, traffic.limitBytes / EXTENSION_DAYS);
  if (rate <= allowed) return undefined;
  return Math.min(traffic.subscriptions, Math.max(1, Math.ceil((rate - allowed) / perCustomer)));
}

function serverRunway(s: ServerFacts, input: BoardInput, topUp: number | undefined): ServerRunway {
  const { now, windowDays } = input;
  const traffic = trafficOf(s, now);
  const autoExtend = input.autoExtend && s.status === "active";
  const term = {
    expiresAt: s.expiresAt,
    days: wholeDays(s.expiresAt - now),
    autoExtend,
    covered: autoExtend && coveredBy(input.runway, s.expiresAt),
  };
  const trafficDays = traffic ? worseOf(traffic.runOut) : undefined;
  const termDays = term.covered ? undefined : term.days;
  const urgent = [trafficDays, termDays].filter((d): d is number => d !== undefined);
  const fixes: RunwayFix[] = [];
  if (termDays !== undefined && termDays <= windowDays) {
    if (autoExtend && topUp !== undefined && topUp > 0) fixes.push({ kind: "top-up", amount: topUp });
    else fixes.push({ kind: "extend", serverId: s.id, name: s.name });
  }
  if (traffic && trafficDays !== undefined && trafficDays <= windowDays) {
    const customers = customersToMove(traffic, s.expiresAt, now);
    if (customers !== undefined) fixes.push({ kind: "move", serverId: s.id, customers });
  }
  const location = input.locations.get(s.id);
  return {
    serverId: s.id,
    name: s.name,
    location: location?.key,
    locationName: location?.name,
    status: s.status,
    term,
    traffic,
    urgentDays: urgent.length > 0 ? Math.min(...urgent) : undefined,
    fixes,
  };
}

/** Sooner first; no urgency (undefined) after every number; ties by `label`. */
export function byUrgency<T extends { urgentDays: number | undefined }>(label: (x: T) => string) {
  return (a: T, b: T): number => {
    const da = a.urgentDays ?? Number.POSITIVE_INFINITY;
    const db = b.urgentDays ?? Number.POSITIVE_INFINITY;
    return da !== db ? da - db : label(a).localeCompare(label(b));
  };
}

/** A location: the sum of its servers (the pooled package renewing at its first server's term end). */
function locationRunway(
  servers: ServerRunway[],
  facts: ReadonlyMap<number, ServerFacts>,
  now: number,
): LocationRunway {
  const first = servers[0] as ServerRunway;
  const tracked = servers.filter((s) => s.traffic !== undefined);
  let traffic: LocationRunway["traffic"];
  if (tracked.length > 0) {
    const days = sumDays(tracked.map((s) => s.traffic?.days ?? []));
    const pkg: PackageState = {
      limitBytes: tracked.reduce((sum, s) => sum + (s.traffic?.limitBytes ?? 0), 0),
      usedBytes: tracked.reduce((sum, s) => sum + (s.traffic?.usedBytes ?? 0), 0),
      renewsAt: Math.min(...tracked.map((s) => facts.get(s.serverId)?.expiresAt ?? now)),
    };
    traffic = {
      limitBytes: pkg.limitBytes,
      usedBytes: pkg.usedBytes,
      runOut: runOutOf(pkg, days, now),
      days,
    };
  }
  const urgent = servers.map((s) => s.urgentDays).filter((d): d is number => d !== undefined);
  return {
    location: first.location ?? "",
    name: first.locationName,
    serverIds: servers.map((s) => s.serverId),
    traffic,
    urgentDays: urgent.length > 0 ? Math.min(...urgent) : undefined,
  };
}

/** The runway board from what was read (pure). */
export function boardOf(input: BoardInput): RunwayBoard {
  const { now, windowDays } = input;
  const active = input.servers.filter((s) => s.status === "active");
  const topUp = topUpNeeded(input.balance, active, now, windowDays);
  const servers = input.servers.map((s) => serverRunway(s, input, topUp)).sort(byUrgency((s) => s.name));
  const groups = new Map<string, ServerRunway[]>();
  for (const s of servers)
    if (s.location !== undefined) groups.set(s.location, [...(groups.get(s.location) ?? []), s]);
  const facts = new Map(input.servers.map((s) => [s.id, s]));
  const locations = [...groups.values()]
    .map((g) => locationRunway(g, facts, now))
    .sort(byUrgency((l) => l.location));
  const balanceDays = input.runway.kind === "days" ? input.runway.days : undefined;
  const fixes: RunwayFix[] =
    topUp !== undefined && topUp > 0 && (balanceDays ?? RUNWAY_HORIZON_DAYS) <= windowDays
      ? [{ kind: "top-up", amount: topUp }]
      : [];
  return {
    at: now,
    balance: {
      amount: input.balance,
      runway: input.runway,
      course: balanceCourse(
        input.balance,
        input.servers.filter((s) => s.status === "active"),
        now,
      ),
    },
    servers,
    locations,
    windowDays,
    fixes,
  };
}

/**
 * How many whole days server `s` lasts with `adding` more customers, each using what one of its
 * customers uses now (its traffic at the worse of average and trend, plus theirs), and its term
 * unless the balance pays the extension; undefined when both last the horizon. A server that is
 * not active lasts none. What a bulk move checks its target against.
 */
export function daysWithMore(s: ServerRunway, adding: number, now: number): number | undefined {
  if (s.status !== "active") return 0;
  const term = s.term.covered ? undefined : s.term.days;
  const t = s.traffic;
  if (!t) return term;
  const perCustomer = t.subscriptions > 0 ? t.averageBytes / t.subscriptions : 0;
  const rate = Math.max(t.averageBytes, t.trendBytes) + adding * perCustomer;
  const pkg = { limitBytes: t.limitBytes, usedBytes: t.usedBytes, renewsAt: s.term.expiresAt };
  const traffic = daysUntilEmpty(pkg, () => rate, now);
  if (traffic === undefined) return term;
  return term === undefined ? traffic : Math.min(term, traffic);
}
