import { DAY, MINUTE } from "../../runtime/clock.js";
import type { AccessRef } from "../books/index.js";
import { TERM_SLACK_MS } from "../provisioning/index.js";

/**
 * How far above the shop's own record a hosting expiry may be and still be the same term: the
 * backend's rounding (xui and node count whole days, the panel seconds).
 */
export const ROUNDING: Record<AccessRef["kind"], number> = { xui: DAY, node: DAY, panel: MINUTE };

/**
 * Whether a hosting expiry is `target` as the backend takes it: at it or within its rounding
 * above (a node also within the slack under which it sends no more days); 0 is no expiry.
 */
export function holds(kind: AccessRef["kind"], hosting: number, target: number): boolean {
  if (target === 0 || hosting === 0) return hosting === target;
  const below = kind === "node" ? TERM_SLACK_MS : 0;
  return hosting >= target - below && hosting < target + ROUNDING[kind];
}
