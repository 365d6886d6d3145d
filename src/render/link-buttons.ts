import type { InlineKeyboardMarkup } from "grammy/types";
import { type LinkButton, linkButtons, MAX_LINK_BUTTONS } from "../domain/backoffice/index.js";

/** Link buttons under a message, one a row (none: no keyboard). */
export function linkKeyboard(buttons: readonly LinkButton[] | undefined): InlineKeyboardMarkup | undefined {
  if (!buttons?.length) return undefined;
  return { inline_keyboard: buttons.map((b) => [{ text: b.text, url: b.url }]) };
}

/**
 * Link buttons as an admin types them, one a line: `Label - https://link` (or `Label | link`).
 * Undefined when a line does not read so, or there are more than MAX_LINK_BUTTONS.
 */
export function parseLinkButtons(text: string): LinkButton[] | undefined {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0 || lines.length > MAX_LINK_BUTTONS) return undefined;
  const buttons = lines.map((line) => {
    const at = Math.max(line.lastIndexOf(" - "), line.lastIndexOf("|"));
    if (at <= 0) return undefined;
    const sep = line.startsWith(" - ", at) ? 3 : 1;
    return { text: line.slice(0, at).trim(), url: line.slice(at + sep).trim() };
  });
  if (buttons.some((b) => b === undefined)) return undefined;
  const parsed = linkButtons.safeParse(buttons);
  return parsed.success ? parsed.data : undefined;
}
