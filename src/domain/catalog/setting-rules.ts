import type { Permission } from "../staff/index.js";
import { GATE_COVERAGES, type GateCoverage } from "./required-channels.js";

/** Bounds of the outage grace, in minutes (a day at most). */
export const OUTAGE_GRACE_MIN = 1;
export const OUTAGE_GRACE_MAX = 24 * 60;
/** The largest extension cost accepted (a typo guard: no hosting extension costs more). */
export const EXTEND_COST_MAX = 1_000_000;
export const GIFT_DAYS_MIN = 1;
export const GIFT_DAYS_MAX = 365;
/** Bounds of the automatic maintenance's wait, in minutes (a day at most). */
export const AUTO_MAINTENANCE_MIN = 1;
export const AUTO_MAINTENANCE_MAX = 24 * 60;
export const AUTO_RENEW_DAYS_MIN = 1;
export const AUTO_RENEW_DAYS_MAX = 30;
/** The runway alerts' thresholds: 1 to 6 whole days, each 1 to 90. */
export const RUNWAY_ALERT_DAYS_MAX = 90;
export const RUNWAY_ALERT_COUNT_MAX = 6;
/** Days before a server's traffic package, term or the balance runs out that the staff are alerted. */
export const DEFAULT_RUNWAY_ALERT_DAYS: readonly number[] = [14, 7, 3, 1];

/** `14,7,3,1` (any order, spaces allowed) as distinct days, highest first; undefined when it does not fit. */
export function parseRunwayAlertDays(text: string): number[] | undefined {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,2}$/.test(p))) return undefined;
  const days = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  const fits = days.every((d) => d >= 1 && d <= RUNWAY_ALERT_DAYS_MAX);
  return fits && days.length >= 1 && days.length <= RUNWAY_ALERT_COUNT_MAX ? days : undefined;
}
/** Bounds of a bulk move's runway floor, in days (it pauses when the target would last less). */
export const MOVE_RUNWAY_FLOOR_MIN = 1;
export const MOVE_RUNWAY_FLOOR_MAX = 90;
/** A currency label: a code or a symbol, 1 to 8 letters or currency signs (RUB, ₽, USD, $). */
export const CURRENCY_LABEL = /^[\p{L}\p{Sc}]{1,8}$/u;

/** Each setting staff change, with the value it takes (undefined: back to its default). */
export interface SettingValues {
  autoExtend: boolean;
  outageGraceMinutes: number | undefined;
  extendCostHint: number | undefined;
  hostingCurrency: string;
  giftExpiryDays: number;
  autoRenewDays: number;
  /** The runway (days) under which a bulk move of customers pauses. */
  moveRunwayFloorDays: number;
  gateCoverage: GateCoverage;
  maintenanceAutoMinutes: number | undefined;
  /** The runway alerts' thresholds in days (undefined: back to the default). */
  runwayAlertDays: readonly number[] | undefined;
  /** Referrals on (the default) or off. */
  referrals: boolean;
}
export type SettingKey = keyof SettingValues;
/** One setting and its new value. */
export type SettingChange = { [K in SettingKey]: { key: K; value: SettingValues[K] } }[SettingKey];

/** How a setting is kept in the settings hash, who may change it and how the audit log names it. */
interface SettingRule<T> {
  field: string;
  permission: Permission;
  action: "settings.set" | "referrals.set";
  /** The stored text of `value` ('' removes the field); a value out of bounds throws RangeError. */
  encode(value: T): string;
  /** The stored text ('' when not set) as the audit log shows it. */
  show(stored: string): string;
}

const asIs = (stored: string) => stored || "default";
const onOff = (on: boolean) => (on ? "on" : "off");

/** A whole number from `min` to `max`, as stored; RangeError (saying `what`) otherwise. */
function whole(value: number, min: number, max: number, what: string): string {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(what);
  return String(value);
}

/** A whole number in bounds, or '' (the default) for undefined. */
const optionalWhole = (min: number, max: number, what: string) => (value: number | undefined) =>
  value === undefined ? "" : whole(value, min, max, what);

/** The one table of the settings hash's fields: the admin screens, the staff path and the audit log read it. */
export const SETTING_RULES: { [K in SettingKey]: SettingRule<SettingValues[K]> } = {
  autoExtend: {
    field: "autoExtend",
    permission: "settings",
    action: "settings.set",
    encode: (on) => (on ? "1" : "0"),
    show: (stored) => onOff(stored === "1"),
  },
  outageGraceMinutes: {
    field: "outageGraceMinutes",
    permission: "settings",
    action: "settings.set",
    encode: optionalWhole(OUTAGE_GRACE_MIN, OUTAGE_GRACE_MAX, "outage grace must be 1 to 1440 minutes"),
    show: asIs,
  },
  extendCostHint: {
    field: "extendCostHint",
    permission: "settings",
    action: "settings.set",
    encode: (cost) => {
      if (cost === undefined) return "";
      if (!Number.isFinite(cost) || cost <= 0 || cost > EXTEND_COST_MAX)
        throw new RangeError(`extension cost must be above 0 and at most ${EXTEND_COST_MAX}`);
      return String(cost);
    },
    show: asIs,
  },
  hostingCurrency: {
    field: "hostingCurrency",
    permission: "settings",
    action: "settings.set",
    encode: (label) => {
      if (!CURRENCY_LABEL.test(label))
        throw new RangeError("currency must be 1 to 8 letters or currency signs");
      return label;
    },
    show: asIs,
  },
  giftExpiryDays: {
    field: "giftExpiryDays",
    permission: "settings",
    action: "settings.set",
    encode: (days) =>
      whole(days, GIFT_DAYS_MIN, GIFT_DAYS_MAX, `gift links last ${GIFT_DAYS_MIN} to ${GIFT_DAYS_MAX} days`),
    show: asIs,
  },
  autoRenewDays: {
    field: "autoRenewDays",
    permission: "settings",
    action: "settings.set",
    encode: (days) =>
      whole(
        days,
        AUTO_RENEW_DAYS_MIN,
        AUTO_RENEW_DAYS_MAX,
        `auto-renew runs ${AUTO_RENEW_DAYS_MIN} to ${AUTO_RENEW_DAYS_MAX} days before expiry`,
      ),
    show: asIs,
  },
  moveRunwayFloorDays: {
    field: "moveRunwayFloorDays",
    permission: "settings",
    action: "settings.set",
    encode: (days) =>
      whole(
        days,
        MOVE_RUNWAY_FLOOR_MIN,
        MOVE_RUNWAY_FLOOR_MAX,
        `a bulk move pauses under ${MOVE_RUNWAY_FLOOR_MIN} to ${MOVE_RUNWAY_FLOOR_MAX} days of runway`,
      ),
    show: asIs,
  },
  // The gate's coverage is set on the required channels' screen: a catalog matter.
  gateCoverage: {
    field: "gateCoverage",
    permission: "catalog",
    action: "settings.set",
    encode: (coverage) => {
      if (!GATE_COVERAGES.includes(coverage))
        throw new RangeError(`unknown gate coverage ${String(coverage)}`);
      return coverage;
    },
    show: asIs,
  },
  maintenanceAutoMinutes: {
    field: "maintenanceAutoMinutes",
    permission: "settings",
    action: "settings.set",
    encode: optionalWhole(
      AUTO_MAINTENANCE_MIN,
      AUTO_MAINTENANCE_MAX,
      `automatic maintenance waits ${AUTO_MAINTENANCE_MIN} to ${AUTO_MAINTENANCE_MAX} minutes`,
    ),
    show: (stored) => stored || "off",
  },
  runwayAlertDays: {
    field: "runwayAlertDays",
    permission: "settings",
    action: "settings.set",
    encode: (days) => {
      if (days === undefined) return "";
      const checked = parseRunwayAlertDays(days.join(","));
      if (!checked)
        throw new RangeError(
          `runway alerts take 1 to ${RUNWAY_ALERT_COUNT_MAX} thresholds of 1 to ${RUNWAY_ALERT_DAYS_MAX} days`,
        );
      return checked.join(",");
    },
    show: (stored) => stored || DEFAULT_RUNWAY_ALERT_DAYS.join(","),
  },
  // Stored as its opposite: referrals run unless `referralsOff` is set.
  referrals: {
    field: "referralsOff",
    permission: "settings",
    action: "referrals.set",
    encode: (on) => (on ? "" : "1"),
    show: (stored) => onOff(stored !== "1"),
  },
};

/** The rule of `change`'s setting and its value as stored (checked: RangeError when out of bounds). */
export function encodeSetting<K extends SettingKey>(change: {
  key: K;
  value: SettingValues[K];
}): { rule: SettingRule<SettingValues[K]>; stored: string } {
  const rule: SettingRule<SettingValues[K]> = SETTING_RULES[change.key];
  return { rule, stored: rule.encode(change.value) };
}
