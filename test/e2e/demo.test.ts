import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/runtime/paths.js";

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

  it("links the sandbox account with /login and the banner's TOTP code, presses an older message's button (#1.6), saves the QR code as a PNG", async () => {
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
    let onOut = () => {};
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      onOut();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    const exited = new Promise<number | string>((resolve) => {
      child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    });
    /** Resolves once stdout matches `pattern` (after `from`), or with undefined once the demo exits. */
    const shows = (pattern: RegExp, from = 0) =>
      new Promise<RegExpExecArray | undefined>((resolve) => {
        onOut = () => {
          const found = pattern.exec(out.slice(from));
          if (found) resolve(found);
        };
        onOut();
        void exited.then(() => resolve(undefined));
      });
    // The banner names the sandbox account's current TOTP code; the chat is typed after it.
    const code = (await shows(/TOTP code (\d{6})/))?.[1] ?? "";
    await shows(/\/quit/);
    // Each step waits for the bot's answer (the trial arrives from a worker, after a pause).
    child.stdin.write("/start\n/trial\n");
    await shows(/QR code saved as/);
    // Button 6 of message 1 (the greeting) is Help, pressed after later messages arrived.
    const mark = out.length;
    child.stdin.write("#1.6\n");
    await shows(/How it works/, mark);
    child.stdin.end(["/login", "demo", "demo", code, ""].join("\n"));

    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 40_000).unref());
    const exit = await Promise.race([exited, timeout]);
    if (exit === "timeout") {
      child.kill("SIGKILL");
      await exited;
    }
    const context = `exit ${exit} after ${Date.now() - started} ms\n--- stdout\n${out}\n--- stderr\n${err}`;
    expect(exit, context).toBe(0);
    expect(code, context).toMatch(/^\d{6}$/);
    expect(out, context).toContain("DEMO_LANG");

    // The greeting is message 1; its Help button still works after the trial's messages.
    expect(out, context).toMatch(/message 1: #1\.N presses its buttons/);
    const press = out.indexOf("you › #1.6");
    expect(press, context).toBeGreaterThan(out.indexOf("Your free trial is ready"));
    expect(out.indexOf("How it works", press), context).toBeGreaterThan(press);

    // The trial's QR code is saved as a PNG file whose path is printed.
    const saved = /QR code saved as (\S+\.png)/.exec(out)?.[1] ?? "";
    expect(saved, context).not.toBe("");
    try {
      expect(readFileSync(saved).subarray(0, 8).toString("hex"), context).toBe("89504e470d0a1a0a");
    } finally {
      if (saved) rmSync(dirname(saved), { recursive: true, force: true });
    }

    // /login goes through the sandbox's login, password and TOTP code.
    const login = out.indexOf("you › /login");
    expect(out.indexOf("6-digit code", login), context).toBeGreaterThan(login);
    expect(out.indexOf("The hosting account is linked.", login), context).toBeGreaterThan(login);
  }, 60_000);
});
