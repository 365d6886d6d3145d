import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/paths.js";

const root = projectRoot();
const demo = join(root, "dist/demo/main.js");

describe("npm run demo", () => {
  it("chats from piped stdin: /start and /help answered, exit 0 at the end", async () => {
    if (!existsSync(demo)) {
      throw new Error(`${demo} is missing: build first (npm run build; npm test does it before vitest)`);
    }
    const started = Date.now();
    const child = spawn(process.execPath, [demo], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DEMO_LANG: "en" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    const exited = new Promise<number | string>((resolve) => {
      child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    });
    child.stdin.end("/start\n/help\n");

    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 20_000).unref());
    const code = await Promise.race([exited, timeout]);
    if (code === "timeout") {
      child.kill("SIGKILL");
      await exited;
    }
    const context = `exit ${code} after ${Date.now() - started} ms\n--- stdout\n${out}\n--- stderr\n${err}`;
    expect(code, context).toBe(0);

    const greeting = out.indexOf("bot › Hi, Demo!");
    const help = out.indexOf("How it works");
    expect(greeting, context).toBeGreaterThan(-1);
    expect(help, context).toBeGreaterThan(greeting);
    // The main menu's buttons are listed under the greeting, numbered for #N.
    expect(out.slice(greeting, help), context).toMatch(/\[1\] \S/);
    // HTML is rendered for the terminal, and the demo user is an admin.
    expect(out, context).not.toContain("<b>");
    expect(out, context).toContain("/admin: admin menu");
  }, 30_000);
});
