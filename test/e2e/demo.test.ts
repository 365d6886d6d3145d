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

  it("links the sandbox account with /login and the banner's TOTP code, presses an older message's button (#1.8), saves the QR code as a PNG", async () => {
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
    // Button 8 of message 1 (the greeting) is Help (after the cabinet and Invite buttons), pressed after later messages arrived.
    const mark = out.length;
    child.stdin.write("#1.8\n");
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
    const press = out.indexOf("you › #1.8");
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

  it("has a support contact, a cabinet button, a referral section and two customers to switch between (#as)", async () => {
    const { code, out, context } = await chatDemo({ DEMO_LANG: "en" }, [
      "/help",
      "/start",
      "#1",
      "#as 2",
      "/start",
      "#6",
    ]);
    expect(code, context).toBe(0);
    expect(out, context).toContain("Support: @demo_shop_support");
    // The cabinet button opens the local cabinet, signed in as whoever is chatting.
    expect(out, context).toMatch(/\[1\] 📱 My cabinet/);
    expect(out, context).toMatch(/open it in a browser: http:\/\/127\.0\.0\.1:\d+\/app\/#tgWebAppData=/);
    const alex = out.indexOf("bot › Hi, Alex!");
    expect(alex, context).toBeGreaterThan(out.indexOf("you are Alex (id 1001) now"));
    // The referral section: Alex's invite link.
    expect(out.slice(alex), context).toMatch(/t\.me\/vpn_shop_demo_bot\?start=/);
  }, 40_000);

  it("shows the provider-invoice path with DEMO_CURRENCY=USD: a card invoice paid through the fake Telegram", async () => {
    const demo = liveDemo({ DEMO_LANG: "en", DEMO_CURRENCY: "USD" });
    // Each line waits for the message it needs: a payment notice may come after the next reply.
    await demo.say("/wallet", /Your wallet\s+Balance: \$0\.00[\s\S]*\[1\] \+/);
    await demo.say("#1", /how would you like to pay\?[\s\S]*\[1\] /);
    await demo.say("#1", /Total: 5\.00 USD/);
    await demo.say("#pay", /you paid 5\.00 USD/);
    await demo.shows(/added to your wallet\. Balance: \$5\.00/);
    await demo.say("/wallet", /Your wallet\s+Balance: \$5\.00/);
    const { code, out, context } = await demo.end();
    expect(code, context).toBe(0);
    expect(out, context).toContain("provider invoices");
    expect(out.slice(out.lastIndexOf("you › /wallet")), context).toContain("Balance: $5.00");
  }, 60_000);

  it("pays on the payment rails' sandboxes with DEMO_CURRENCY=RUB: CryptoBot and YooKassa, each notifying the bot", async () => {
    const demo = liveDemo({ DEMO_LANG: "en", DEMO_CURRENCY: "RUB" });
    await demo.say("/wallet", /Your wallet\s+Balance: RUB\u00a00\.00[\s\S]*\[1\] \+/);
    await demo.say("#1", /how would you like to pay\?[\s\S]*\[3\] /);
    await demo.say("#2", /Top-up with CryptoBot[\s\S]*\[1\] /);
    await demo.say("#pay", /you paid 5\.00 RUB in CryptoBot \(its webhook: HTTP 200\)/);
    await demo.shows(/CryptoBot: your payment of RUB\u00a05\.00 arrived/);
    await demo.say("/wallet", /Your wallet\s+Balance: RUB\u00a05\.00[\s\S]*\[1\] \+/);
    await demo.say("#1", /how would you like to pay\?[\s\S]*\[3\] /);
    await demo.say("#3", /Top-up with YooKassa[\s\S]*\[1\] /);
    await demo.say("#pay", /you paid 5\.00 RUB in YooKassa \(its notification: HTTP 200\)/);
    await demo.shows(/YooKassa: your payment of RUB\u00a05\.00 arrived/);
    await demo.say("/wallet", /Your wallet\s+Balance: RUB\u00a010\.00/);
    const { code, out, context } = await demo.end();
    expect(code, context).toBe(0);
    expect(out, context).toMatch(/CryptoBot sandbox\s+http:\/\/127\.0\.0\.1:\d+\/api/);
    expect(out, context).toContain("[2] 💳 Pay RUB\u00a05.00 with CryptoBot");
    expect(out.slice(out.lastIndexOf("you › /wallet")), context).toContain("Balance: RUB\u00a010.00");
  }, 60_000);
});

/** Runs the demo with `lines` piped in (it waits for the bot after each) and returns what it printed. */
async function chatDemo(
  env: Record<string, string>,
  lines: string[],
): Promise<{ code: number | string; out: string; context: string }> {
  if (!existsSync(demo)) throw new Error(`${demo} is missing: build first (npm run build)`);
  const child = spawn(process.execPath, [demo], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
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
  child.stdin.end(`${lines.join("\n")}\n`);
  const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 30_000).unref());
  let code = await Promise.race([exited, timeout]);
  if (code === "timeout") {
    child.kill("SIGKILL");
    code = `timeout, then ${await exited}`;
  }
  return { code, out, context: `exit ${code}\n--- stdout\n${out}\n--- stderr\n${err}` };
}

/**
 * The demo driven one line at a time: `say` sends a line and waits for what it should bring (by
 * content, after that line's echo), so a notice arriving late never takes a reply's place. A wait
 * that fails (the demo exited or 20 s passed) throws with the output so far.
 */
function liveDemo(env: Record<string, string>) {
  if (!existsSync(demo)) throw new Error(`${demo} is missing: build first (npm run build)`);
  const child = spawn(process.execPath, [demo], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
    for (const w of waiters) w();
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const context = (code: number | string) => `exit ${code}\n--- stdout\n${out}\n--- stderr\n${err}`;
  const shows = (pattern: RegExp, from = 0): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        waiters.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(out.slice(from))) done();
      };
      const timer = setTimeout(() => done(new Error(`no ${pattern} within 20 s\n${context("-")}`)), 20_000);
      waiters.add(check);
      void exited.then((code) => done(new Error(`the demo exited before ${pattern}\n${context(code)}`)));
      check();
    });
  return {
    shows,
    /** Sends `line` and waits for `answer` after its echo. */
    async say(line: string, answer: RegExp): Promise<void> {
      const from = out.length;
      child.stdin.write(`${line}\n`);
      await shows(answer, from);
    },
    /** Closes stdin and waits for the demo to exit (killed after 30 s). */
    async end(): Promise<{ code: number | string; out: string; context: string }> {
      child.stdin.end();
      const timeout = new Promise<"timeout">((resolve) =>
        setTimeout(() => resolve("timeout"), 30_000).unref(),
      );
      let code = await Promise.race([exited, timeout]);
      if (code === "timeout") {
        child.kill("SIGKILL");
        code = `timeout, then ${await exited}`;
      }
      return { code, out, context: context(code) };
    },
  };
}
