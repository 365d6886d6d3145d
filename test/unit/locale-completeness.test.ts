import { readFileSync } from "node:fs";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../src/config.js";

/**
 * Every language is complete like English: the same messages (none missing, none left over), each
 * parsing cleanly, and each one formatting without an error with the values English is given (a
 * translation naming a variable the code never passes, or a message that does not exist, fails).
 * The HTML tags a message formats to are the same in every language (Telegram refuses a message
 * with a tag opened and not closed, and a lost <b> changes what the reader sees).
 */

function load(locale: Locale): { bundle: FluentBundle; ids: string[]; junk: string[] } {
  const text = readFileSync(new URL(`../../locales/${locale}.ftl`, import.meta.url), "utf8");
  const bundle = new FluentBundle(locale, {
    useIsolating: false,
    functions: { ID: (args) => String(args[0]?.valueOf()) },
  });
  const errors = bundle.addResource(new FluentResource(text));
  const ids = [...text.matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].map((m) => m[1] ?? "");
  // An entry the parser could not read is skipped, not reported: it is a declared id without a message.
  const junk = [...errors.map((e) => e.message), ...ids.filter((id) => !bundle.hasMessage(id))];
  return { bundle, ids, junk };
}

const english = load("en");

/** The variables a message uses, with those of the messages it references (`{ other-message }`). */
function variablesOf(bundle: FluentBundle, id: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(id)) return found;
  seen.add(id);
  const message = bundle.getMessage(id);
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const n = node as { type?: string; name?: string };
    if (n.type === "var" && n.name) found.add(n.name);
    if (n.type === "mesg" && n.name) for (const v of variablesOf(bundle, n.name, seen)) found.add(v);
    for (const value of Object.values(node)) walk(value);
  };
  walk(message?.value);
  return found;
}

/** English's variables of `id`, each set to a number (plural selectors take it; text shows it). */
function argsFor(id: string, count: number): Record<string, number> {
  return Object.fromEntries([...variablesOf(english.bundle, id)].map((v) => [v, count]));
}

function format(
  bundle: FluentBundle,
  id: string,
  args: Record<string, number>,
): { text: string; errors: string[] } {
  const message = bundle.getMessage(id);
  const errors: Error[] = [];
  const text = message?.value ? bundle.formatPattern(message.value, args, errors) : "";
  return { text, errors: errors.map((e) => e.message) };
}

const tagsOf = (text: string) =>
  [...text.matchAll(/<\/?([a-z]+)\b[^>]*>/g)]
    .map((m) => (m[0].slice(0, 2) === "</" ? `/${m[1]}` : m[1]))
    .sort()
    .join(" ");

describe("locale files", () => {
  it("English parses cleanly", () => {
    expect(english.junk).toEqual([]);
    expect(english.ids.length).toBeGreaterThan(1_000);
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    describe(locale, () => {
      const translated = load(locale);

      it("has every message of English and nothing else, each parsing cleanly", () => {
        expect(translated.junk).toEqual([]);
        const ids = new Set(translated.ids);
        expect(
          english.ids.filter((id) => !ids.has(id)),
          "missing",
        ).toEqual([]);
        const known = new Set(english.ids);
        expect(
          translated.ids.filter((id) => !known.has(id)),
          "not in English",
        ).toEqual([]);
        expect(translated.ids.length, "an id declared twice").toBe(ids.size);
      });

      it("formats every message without an error, with the same HTML tags as English", () => {
        const problems: string[] = [];
        for (const id of english.ids) {
          // 1, 3 and 5 reach the one, few and many forms of each language's plurals.
          for (const count of [1, 3, 5]) {
            const args = argsFor(id, count);
            const mine = format(translated.bundle, id, args);
            for (const error of mine.errors) problems.push(`${id}: ${error}`);
            const theirs = format(english.bundle, id, args);
            if (tagsOf(mine.text) !== tagsOf(theirs.text))
              problems.push(`${id}: tags ${tagsOf(mine.text)} (English: ${tagsOf(theirs.text)})`);
          }
        }
        expect([...new Set(problems)]).toEqual([]);
      });
    });
  }
});
