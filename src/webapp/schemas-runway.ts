import { z } from "zod";
import { locale } from "./schemas.js";

/**
 * The wire of the staff's runway page (GET /app/api/admin/runway and .../runway/:serverId). Every
 * text with a value in it comes ready in the staff member's language; the figures the charts are
 * drawn from come raw (bytes, days, amounts of the hosting balance).
 */

/** 🔴 within 3 days, 🟡 within the alert window, 🟢 otherwise (as the chat's board). */
export const URGENCY_LEVELS = ["red", "yellow", "green"] as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const bytes = z.number().nonnegative();

const serverLine = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  location: z.string(),
  status: z.string(),
  /** Days to the soonest run-out (traffic or term); null: none in sight. */
  urgent_days: z.number().int().nonnegative().nullable(),
  urgent_text: z.string(),
  level: z.enum(URGENCY_LEVELS),
  /** A traffic package is set (its chart can be drawn). */
  tracked: z.boolean(),
});

const locationLine = z.strictObject({
  name: z.string(),
  servers: z.number().int().nonnegative(),
  urgent_days: z.number().int().nonnegative().nullable(),
  urgent_text: z.string(),
  level: z.enum(URGENCY_LEVELS),
});

/** One step of the balance: the day (from now) an extension is paid, the balance after it. */
const balanceStep = z.strictObject({
  day: z.number().nonnegative(),
  amount: z.number(),
  text: z.string(),
  /** The extension the balance cannot pay: where the runway ends. */
  short: z.boolean(),
});

const page = { ok: z.literal(true), locale, rtl: z.boolean() };

export const runwayBoardResponse = z.strictObject({
  ...page,
  at_text: z.string(),
  window_days: z.number().int().nonnegative(),
  balance: z.strictObject({
    amount: z.number(),
    text: z.string(),
    runway_text: z.string(),
    /** Days the balance pays extensions for; null: beyond the horizon, or it cannot be told. */
    runway_days: z.number().int().nonnegative().nullable(),
    course: z.array(balanceStep),
  }),
  fixes: z.array(z.string()),
  /** Most urgent first. */
  servers: z.array(serverLine),
  locations: z.array(locationLine),
});
export type RunwayBoardResponse = z.output<typeof runwayBoardResponse>;

const projection = z.strictObject({
  rate_text: z.string(),
  when_text: z.string(),
  /** Cumulative use from today to the crossing (or the term's end). */
  points: z.array(z.strictObject({ date, bytes })),
  /** The day the package runs out within the term (the forecast's); null: it lasts the term. */
  cross_date: date.nullable(),
});

const traffic = z.strictObject({
  limit_bytes: bytes,
  limit_text: z.string(),
  used_bytes: bytes,
  used_text: z.string(),
  /** The package over a term's days: what a day may use. */
  budget_bytes: bytes,
  budget_text: z.string(),
  /** Every day of the term, its first to the day it ends; bytes null: no figure (or still to come). */
  days: z.array(z.strictObject({ date, label: z.string(), bytes: bytes.nullable(), text: z.string() })),
  today: date,
  /** Cumulative use at the end of each day up to today (as many as days up to today). */
  cumulative: z.array(bytes),
  average: projection,
  trend: projection,
  /** No use recorded this term yet. */
  empty: z.boolean(),
});

export const runwayServerResponse = z.strictObject({
  ...page,
  server: serverLine.extend({
    term_text: z.string(),
    term_end: date,
    fixes: z.array(z.strictObject({ text: z.string() })),
  }),
  /** null: no package set for the server (not tracked). */
  traffic: traffic.nullable(),
});
export type RunwayServerResponse = z.output<typeof runwayServerResponse>;
