import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `.ci/audit.mjs` against a stand-in `npm` on PATH that prints a recorded `npm audit --json`
 * answer: the real registry here refuses the advisory endpoint (405), and tests never reach out.
 */
const dir = mkdtempSync(join(tmpdir(), "ci-audit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function audit(answer: unknown, exitCode: number): { code: number | null; out: string; args: string } {
  writeFileSync(join(dir, "answer.json"), typeof answer === "string" ? answer : JSON.stringify(answer));
  const npm = join(dir, "npm");
  writeFileSync(npm, `#!/bin/sh\necho "$@" > "${dir}/args"\ncat "${dir}/answer.json"\nexit ${exitCode}\n`);
  chmodSync(npm, 0o755);
  const run = spawnSync(process.execPath, [".ci/audit.mjs"], {
    encoding: "utf8",
    env: { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH ?? ""}` },
  });
  const args = spawnSync("cat", [join(dir, "args")], { encoding: "utf8" }).stdout.trim();
  return { code: run.status, out: run.stdout + run.stderr, args };
}

const REFUSED = {
  message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  method: "POST",
  uri: "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
  statusCode: 405,
  body: "",
  error: { summary: "", detail: "" },
};

function report(vulnerabilities: Record<string, { severity: string; title: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  const entries = Object.entries(vulnerabilities).map(([name, v]) => {
    counts[v.severity as keyof typeof counts] += 1;
    counts.total += 1;
    const via = [
      { name, title: v.title, url: `https://github.com/advisories/GHSA-${name}`, severity: v.severity },
    ];
    return [name, { name, severity: v.severity, isDirect: true, via, effects: [], range: "<9.9.9" }];
  });
  return {
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(entries),
    metadata: { vulnerabilities: counts },
  };
}

describe("CI audit of production dependencies", () => {
  it("audits production dependencies only", () => {
    expect(audit(report({}), 0).args).toBe("audit --omit=dev --json");
  });

  it("passes and says so when nothing is known", () => {
    const run = audit(report({}), 0);
    expect(run.code).toBe(0);
    expect(run.out).toContain("npm audit (production dependencies): 0 critical, 0 high, 0 moderate, 0 low");
  });

  it("fails on a known high vulnerability, naming it", () => {
    const run = audit(report({ yaml: { severity: "high", title: "Uncaught exception in yaml" } }), 1);
    expect(run.code).toBe(1);
    expect(run.out).toContain("1 high");
    expect(run.out).toContain(
      "high: yaml <9.9.9: Uncaught exception in yaml (https://github.com/advisories/GHSA-yaml)",
    );
  });

  it("fails on a critical one, passes on a moderate one", () => {
    expect(audit(report({ undici: { severity: "critical", title: "Bad" } }), 1).code).toBe(1);
    const moderate = audit(report({ qrcode: { severity: "moderate", title: "Meh" } }), 1);
    expect(moderate.code).toBe(0);
    expect(moderate.out).toContain("1 moderate");
  });

  it("a registry that refuses the audit (405 here) is shown, and does not fail CI", () => {
    const run = audit(REFUSED, 1);
    expect(run.code).toBe(0);
    expect(run.out).toContain("npm audit: NOT CHECKED");
    expect(run.out).toContain("405 Method Not Allowed");
  });

  it("an answer that is not an audit report at all is shown as not checked", () => {
    const run = audit("npm error network request failed", 1);
    expect(run.code).toBe(0);
    expect(run.out).toContain("npm audit: NOT CHECKED");
    expect(run.out).toContain("npm error network request failed");
  });
});
