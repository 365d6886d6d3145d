/** Terminal styles; all plain when the output is not a colour terminal. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  bot(s: string): string;
  user(s: string): string;
  warn(s: string): string;
  /** Opening and closing escapes for a Telegram HTML tag, or undefined for tags shown plain. */
  tag(name: string): [string, string] | undefined;
}

/** SGR codes [on, off] of the Telegram HTML tags the terminal can show. */
const TAG_CODES: Record<string, [number, number]> = {
  b: [1, 22],
  strong: [1, 22],
  i: [3, 23],
  em: [3, 23],
  u: [4, 24],
  ins: [4, 24],
  s: [9, 29],
  strike: [9, 29],
  del: [9, 29],
  code: [36, 39],
  pre: [36, 39],
  "tg-spoiler": [2, 22],
};

export function makeStyle(color: boolean): Style {
  const sgr = (on: number, off: number) => (s: string) => (color ? `\x1b[${on}m${s}\x1b[${off}m` : s);
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    bot: sgr(32, 39),
    user: sgr(34, 39),
    warn: sgr(33, 39),
    tag: (name) => {
      const codes = TAG_CODES[name];
      if (!codes) return undefined;
      return color ? [`\x1b[${codes[0]}m`, `\x1b[${codes[1]}m`] : ["", ""];
    },
  };
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Telegram HTML to terminal text: emphasis as terminal styles (or nothing), links as `text (url)`. */
export function htmlToTerminal(html: string, style: Style): string {
  const links: string[] = [];
  const out = html.replace(
    /<(\/?)([a-z][a-z0-9-]*)([^>]*)>/gi,
    (_m, slash: string, name: string, attrs: string) => {
      const tag = name.toLowerCase();
      const closing = slash === "/";
      if (tag === "a") {
        if (!closing) {
          const href = /href\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attrs);
          links.push(decodeEntities(href?.[1] ?? href?.[2] ?? ""));
          return "";
        }
        const href = links.pop();
        return href ? ` (${href})` : "";
      }
      if (tag === "br") return "\n";
      const m = style.tag(tag === "span" && /tg-spoiler/.test(attrs) ? "tg-spoiler" : tag);
      if (!m) return "";
      return closing ? m[1] : m[0];
    },
  );
  return decodeEntities(out);
}

/** The text of a message as the user would read it, honouring parse_mode HTML. */
export function messageText(text: string, parseMode: unknown, style: Style): string {
  return parseMode === "HTML" ? htmlToTerminal(text, style) : text;
}

/** An inline keyboard button as sent by the bot. */
export interface Button {
  text: string;
  callback_data?: string;
  url?: string;
  pay?: boolean;
  [other: string]: unknown;
}

/** The rows of an inline keyboard, or [] when the markup is none (or a reply keyboard). */
export function inlineRows(markup: unknown): Button[][] {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(Array.isArray)
    .map((row: unknown[]) => row.filter((b): b is Button => typeof (b as Button)?.text === "string"));
}

/** Reply keyboard rows (button texts), or [] when there is none. */
export function replyKeyboard(markup: unknown): string[][] {
  const rows = (markup as { keyboard?: unknown } | undefined)?.keyboard;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(Array.isArray)
    .map((row: unknown[]) =>
      row.map((b) => (typeof b === "string" ? b : String((b as { text?: unknown })?.text ?? ""))),
    );
}

/** `[1] Buy  [2] Help` per row, numbered across rows. */
export function formatButtons(rows: Button[][], style: Style): string[] {
  let n = 0;
  return rows.map((row) =>
    row
      .map((b) => {
        n += 1;
        const extra = b.web_app
          ? style.dim(" (the cabinet)")
          : b.url
            ? style.dim(` ↗ ${b.url}`)
            : b.pay
              ? style.dim(" (#pay)")
              : "";
        return `${style.bold(`[${n}]`)} ${b.text}${extra}`;
      })
      .join("  "),
  );
}
