import { westernDigits } from "#src/domain/catalog/index.js";
import type { ConvContext } from "../context.js";
import { askText, type BotConversation } from "../conversation-kit.js";

/** Upper bounds that keep typos (an extra digit or three) out of hosting calls. */
export const MAX_GB = 1_000_000;
export const MAX_DAYS = 36_500;
export const MAX_DEVICES = 100_000;

/** GB >= 0 as typed by a person ("50", "2.5", "2,5"); undefined when not such a number. */
export function parseGb(text: string): number | undefined {
  const t = westernDigits(text).trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  const gb = Number(t);
  return Number.isFinite(gb) && gb <= MAX_GB ? gb : undefined;
}

/** Whole days from `min` (0 by default) to MAX_DAYS; undefined otherwise. */
export function parseDays(text: string, min = 0): number | undefined {
  const t = westernDigits(text).trim();
  if (!/^\d{1,6}$/.test(t)) return undefined;
  const days = Number(t);
  return days >= min && days <= MAX_DAYS ? days : undefined;
}

/** A whole number of devices from 0 (often "unlimited") to MAX_DEVICES; undefined otherwise. */
export function parseDevices(text: string): number | undefined {
  const t = westernDigits(text).trim();
  if (!/^\d{1,6}$/.test(t)) return undefined;
  const n = Number(t);
  return n <= MAX_DEVICES ? n : undefined;
}

export interface AskNumberOptions {
  /** parseGb, parseDays, parseDevices (or a narrower parser built on them). */
  parse: (text: string) => number | undefined;
  /** The text shown (HTML) when the answer does not parse; the question is asked again. */
  invalid: string;
  /** "-" is accepted and returned as undefined (leave the value unset). */
  optional?: boolean;
}

/** Asks for a number until one parses; undefined only for "-" when `optional`. */
export async function askNumber(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  options: AskNumberOptions,
): Promise<number | undefined> {
  const skips = (text: string) => options.optional === true && text === "-";
  const answer = await askText(conversation, ctx, prompt, {
    validate: (text) => (skips(text) || options.parse(text) !== undefined ? undefined : options.invalid),
  });
  return skips(answer) ? undefined : options.parse(answer);
}
