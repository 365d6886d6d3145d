import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * `npm run build` (tsconfig.build.json) compiles src, bench, demo and the fakes, and only the test
 * helpers it names: a bench importing another helper (one that reads vitest's injected context)
 * broke the build while `npm test`, which compiles everything, stayed green.
 */

const root = normalize(join(import.meta.dirname, "../.."));
const build = JSON.parse(readFileSync(join(root, "tsconfig.build.json"), "utf8")) as { include: string[] };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the build's scope", () => {
  it("every test helper a built file imports is in tsconfig.build.json's include", () => {
    const built = build.include.filter((p) => !p.endsWith(".ts")).flatMap((p) => sources(join(root, p)));
    const missing: string[] = [];
    for (const file of built) {
      for (const m of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)\.js"/g)) {
        const target = relative(root, normalize(join(dirname(file), `${m[1]}.ts`)));
        if (target.startsWith("test/helpers/") && !build.include.includes(target))
          missing.push(`${relative(root, file)} -> ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
