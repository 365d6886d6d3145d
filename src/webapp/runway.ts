import type { z } from "zod";
import { RTL_LOCALES } from "../config.js";
import { inLocale } from "../domain/catalog/index.js";
import {
  EXTENSION_DAYS,
  type Projection,
  type Runway,
  type RunwayBoard,
  type RunwayFix,
  type ServerRunway,
  type ServerTraffic,
  termCourse,
} from "../domain/fleet/index.js";
import { NotPermitted } from "../domain/staff/index.js";
import { formatBytes, formatDate, formatDateTime, formatNumber } from "../render/format.js";
import { DAY } from "../runtime/clock.js";
import type { Caller, WebappDeps } from "./context.js";
import { Refusal } from "./context.js";
import type { runwayBoardResponse, runwayServerResponse, URGENCY_LEVELS } from "./schemas-runway.js";

type Out<S extends z.ZodType> = z.input<S>;
type Level = (typeof URGENCY_LEVELS)[number];

/** A server id in the path: a positive whole number (the Account API's ids), else 404. */
const SERVER_ID = /^[1-9]\d{0,11}$/;

/**
 * The staff's runway page (the Mini App): the chat's Runway board with its charts. Only staff who
 * see the servers (`hosting`) are answered, checked against the role stored now on every request;
 * anyone else gets 403 (and the refusal is in the audit log, as a forged button's is).
 */
async function staffOnly(deps: WebappDeps, caller: Caller): Promise<void> {
  try {
    await deps.staff.roster.require(caller.id, "hosting", "runway.view");
  } catch (err) {
    if (err instanceof NotPermitted) throw new Refusal(403, "not-permitted");
    throw err;
  }
}

/** The board as the forecast reads it now; the hosting side unreachable: 503 (the page offers Retry). */
async function boardNow(deps: WebappDeps, now: number): Promise<RunwayBoard> {
  try {
    return await deps.fleet.forecasts.board(now);
  } catch (err) {
    deps.logger.warn({ err }, "runway page: the forecast could not be read");
    throw new Refusal(503, "unavailable");
  }
}

/** As the chat's board marks it: 🔴 within 3 days, 🟡 within the alert window. */
function levelOf(days: number | undefined, windowDays: number): Level {
  if (days === undefined || days > windowDays) return "green";
  return days <= 3 ? "red" : "yellow";
}

const daysText = (caller: Caller, days: number | undefined) =>
  days === undefined ? caller.t("runway-never") : caller.t("runway-days", { days });

function balanceText(caller: Caller, runway: Runway): string {
  switch (runway.kind) {
    case "days":
      return caller.t("runway-balance-days", {
        days: runway.days,
        date: formatDate(caller.locale, runway.until),
      });
    case "beyond":
      return caller.t("runway-balance-beyond", { days: runway.days });
    case "unpriced":
      return caller.t("runway-balance-unpriced", { servers: runway.servers });
    case "no-servers":
      return caller.t("runway-balance-no-servers");
  }
}

function fixText(caller: Caller, fix: RunwayFix, name: string, currency: string): string {
  switch (fix.kind) {
    case "top-up":
      return caller.t("runway-fix-top-up", {
        amount: `${formatNumber(caller.locale, fix.amount)} ${currency}`,
      });
    case "extend":
      return caller.t("runway-fix-extend", { name: fix.name });
    case "move":
      return caller.t("runway-fix-move", { customers: fix.customers, name });
  }
}

function serverLine(caller: Caller, s: ServerRunway, windowDays: number) {
  return {
    id: s.serverId,
    name: s.name,
    location: s.locationName ? inLocale(s.locationName, caller.locale) : caller.t("runway-no-location"),
    status: s.status,
    urgent_days: s.urgentDays ?? null,
    urgent_text: daysText(caller, s.urgentDays),
    level: levelOf(s.urgentDays, windowDays),
    tracked: s.traffic !== undefined,
  };
}

/** GET /app/api/admin/runway: the balance with its course, the servers and locations, most urgent first. */
export async function runwayBoard(
  deps: WebappDeps,
  caller: Caller,
): Promise<Out<typeof runwayBoardResponse>> {
  await staffOnly(deps, caller);
  const now = deps.clock.now();
  const [board, currency] = await Promise.all([boardNow(deps, now), deps.catalog.settings.hostingCurrency()]);
  const { locale } = caller;
  const money = (amount: number) => `${formatNumber(locale, amount)} ${currency}`;
  const names = new Map(board.servers.map((s) => [s.serverId, s.name]));
  const runway = board.balance.runway;
  return {
    ok: true,
    locale,
    rtl: RTL_LOCALES.includes(locale),
    at_text: formatDateTime(locale, board.at),
    window_days: board.windowDays,
    balance: {
      amount: board.balance.amount,
      text: money(board.balance.amount),
      runway_text: balanceText(caller, runway),
      runway_days: runway.kind === "days" ? runway.days : null,
      course: board.balance.course.map((step) => ({
        day: Math.max(0, (step.at - now) / DAY),
        amount: step.amount,
        short: step.short === true,
        text: caller.t(step.short ? "webapp-runway-step-short" : "webapp-runway-step", {
          date: formatDate(locale, step.at),
          amount: money(step.amount),
          server: names.get(step.serverId) ?? `#${step.serverId}`,
        }),
      })),
    },
    fixes: board.fixes.map((f) => fixText(caller, f, "", currency)),
    servers: board.servers.map((s) => serverLine(caller, s, board.windowDays)),
    locations: board.locations.map((l) => ({
      name: l.name ? inLocale(l.name, locale) : l.location,
      servers: l.serverIds.length,
      urgent_days: l.urgentDays ?? null,
      urgent_text: daysText(caller, l.urgentDays),
      level: levelOf(l.urgentDays, board.windowDays),
    })),
  };
}

function termText(caller: Caller, s: ServerRunway): string {
  const { days, autoExtend, covered } = s.term;
  if (covered) return caller.t("runway-term-covered", { days });
  return caller.t(autoExtend ? "runway-term-auto-short" : "runway-term", { days });
}

function projectionOut(caller: Caller, p: Projection, key: string, days: number | undefined) {
  return {
    rate_text: formatBytes(caller.locale, p.rate),
    when_text: caller.t(key, { rate: formatBytes(caller.locale, p.rate), when: daysText(caller, days) }),
    points: p.points,
    cross_date: p.crossDate ?? null,
  };
}

/** The term's chart figures of a tracked server, with its texts in the caller's language. */
function trafficOut(caller: Caller, t: ServerTraffic, expiresAt: number, now: number) {
  const { locale } = caller;
  const course = termCourse(t, expiresAt, now);
  const budget = t.limitBytes / EXTENSION_DAYS;
  return {
    limit_bytes: t.limitBytes,
    limit_text: formatBytes(locale, t.limitBytes),
    used_bytes: t.usedBytes,
    used_text: caller.t("runway-traffic", {
      used: formatBytes(locale, t.usedBytes),
      limit: formatBytes(locale, t.limitBytes),
    }),
    budget_bytes: budget,
    budget_text: caller.t("webapp-runway-budget", { budget: formatBytes(locale, budget) }),
    days: course.dates.map((date, i) => {
      const bytes = course.used[i];
      return {
        date,
        // Use is counted per UTC day: its label is that day, whatever the shop's zone.
        label: formatDate(locale, Date.parse(`${date}T00:00:00Z`), "UTC"),
        bytes: bytes ?? null,
        text: bytes === undefined ? "" : formatBytes(locale, bytes),
      };
    }),
    today: course.today,
    cumulative: course.cumulative,
    average: projectionOut(caller, course.average, "runway-at-average", t.runOut.days),
    trend: projectionOut(caller, course.trend, "runway-at-trend", t.runOut.trendDays),
    empty: !course.used.some((b) => (b ?? 0) > 0),
  };
}

/** GET /app/api/admin/runway/:serverId: one server's runway with its charts' figures. */
export async function runwayServer(
  deps: WebappDeps,
  caller: Caller,
  id: string,
): Promise<Out<typeof runwayServerResponse>> {
  await staffOnly(deps, caller);
  if (!SERVER_ID.test(id)) throw new Refusal(404, "not-found");
  const now = deps.clock.now();
  const [board, currency] = await Promise.all([boardNow(deps, now), deps.catalog.settings.hostingCurrency()]);
  const s = board.servers.find((x) => x.serverId === Number(id));
  if (!s) throw new Refusal(404, "not-found");
  const { locale } = caller;
  return {
    ok: true,
    locale,
    rtl: RTL_LOCALES.includes(locale),
    server: {
      ...serverLine(caller, s, board.windowDays),
      term_text: termText(caller, s),
      term_end: new Date(s.term.expiresAt).toISOString().slice(0, 10),
      fixes: s.fixes.map((f) => ({ text: fixText(caller, f, s.name, currency) })),
    },
    traffic: s.traffic ? trafficOut(caller, s.traffic, s.term.expiresAt, now) : null,
  };
}
