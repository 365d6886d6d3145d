import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { LOCALES } from "../../src/config.js";
import { projectRoot } from "../../src/runtime/paths.js";
import { PAGE_STRINGS, pageStrings } from "../../src/webapp/strings.js";

/**
 * The cabinet page holds no text: each label it asks for (`t("…")` in webapp/*.js, `data-t` in
 * index.html) is one the server sends (PAGE_STRINGS), and every language has it. A label missing
 * here would show as an empty button.
 */

const dir = join(projectRoot(), "webapp");

/** Keys named inside the page's `t(...)` calls (string literals, and `prefix-${…}` templates). */
function keysOfPage(): { keys: Set<string>; templates: Set<string> } {
  const keys = new Set<string>();
  const templates = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(join(dir, name), "utf8");
    for (const call of text.matchAll(/\bt\(/g)) {
      let depth = 1;
      let at = (call.index ?? 0) + 2;
      const start = at;
      while (depth > 0 && at < text.length) {
        if (text[at] === "(") depth++;
        if (text[at] === ")") depth--;
        at++;
      }
      const inner = text.slice(start, at - 1);
      // A literal compared with (`err.error === "amount"`) is not a key; the key is what t() gets.
      const compared = new Set([...inner.matchAll(/===\s*"([a-z0-9-]+)"/g)].map((m) => m[1]));
      for (const m of inner.matchAll(/"([a-z0-9-]+)"/g)) if (!compared.has(m[1])) keys.add(m[1] ?? "");
      for (const m of inner.matchAll(/`([a-z0-9-]+)\$\{/g)) templates.add(m[1] ?? "");
    }
  }
  const html = readFileSync(join(dir, "index.html"), "utf8");
  for (const m of html.matchAll(/data-t="([a-z0-9-]+)"/g)) keys.add(m[1] ?? "");
  return { keys, templates };
}

describe("the cabinet page's labels", () => {
  const served = new Set(PAGE_STRINGS.map((k) => k.slice("webapp-".length)));
  const { keys, templates } = keysOfPage();

  it("are all served, and nothing served goes unused", () => {
    expect(keys.size).toBeGreaterThan(60);
    expect([...keys].filter((k) => !served.has(k))).toEqual([]);
    const used = (k: string) => keys.has(k) || [...templates].some((p) => k.startsWith(p));
    // The ApiError labels (api.js) are chosen by name in a getter, not in a t() call.
    const byName = new Set(["session-expired", "blocked", "rate-limited", "offline", "error"]);
    expect([...served].filter((k) => !used(k) && !byName.has(k))).toEqual([]);
  });

  it("exist in every language, none empty", () => {
    const strings = pageStrings(createI18n("en"));
    for (const locale of LOCALES) {
      const labels = strings(locale);
      const empty = [...served].filter((k) => !labels[k]?.trim() || labels[k]?.includes("{"));
      expect(empty, locale).toEqual([]);
    }
  });
});
