import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Small cohesive modules: a file of src/ stays under this many lines, a function under the next. */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

const root = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

/** A function's own name, or the name it is bound to (`const f = () => ...`, `{ f: () => ... }`). */
function nameOf(node: FunctionLike, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (!ts.isArrowFunction(node) && node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(source);
  }
  return "(anonymous)";
}

/**
 * Functions longer than the limit, counted from the line of their declaration (comments above it
 * not included) to the line of their closing brace; a function's length includes what it nests.
 */
function longFunctions(path: string, text: string): { where: string; name: string; lines: number }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { where: string; name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES)
        found.push({ where: `${path}:${first + 1}`, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const checked = sourceFiles(join(root, "src"))
  .map((file) => relative(root, file).split("\\").join("/"))
  .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));

describe("the shape of src/", () => {
  it("measures a function from its declaration to its closing brace, named by what it is bound to", () => {
    const body = "  step();\n".repeat(MAX_FUNCTION_LINES - 1);
    const sample = [
      "/** A comment above does not count. */",
      `export function long() {\n${body}}`,
      `const bound = () => {\n${body.repeat(2)}};`,
      `class C {\n  short() {\n    return 1;\n  }\n  method() {\n${body}  }\n}`,
      "",
    ].join("\n");
    expect(longFunctions("sample.ts", sample)).toEqual([
      { where: "sample.ts:2", name: "long", lines: MAX_FUNCTION_LINES + 1 },
      { where: "sample.ts:63", name: "bound", lines: 2 * MAX_FUNCTION_LINES },
      { where: "sample.ts:187", name: "method", lines: MAX_FUNCTION_LINES + 1 },
    ]);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(checked.length).toBeGreaterThan(50);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const over = checked
      .map(({ path, text }) => ({ path, lines: lineCount(text) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(over).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(checked.flatMap(({ path, text }) => longFunctions(path, text))).toEqual([]);
  });
});
