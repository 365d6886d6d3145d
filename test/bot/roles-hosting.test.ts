import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffIndexOf } from "../../src/bot/staff.js";
import type { AuditEntry, Role } from "../../src/domain/staff/index.js";
import { SYNC_HOME, syncCb } from "../../src/render/sync-callbacks.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { startHostingAdminBot } from "../helpers/hosting-admin-bot.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 28, the hosting side: each role against the hosting sections (account, servers, xui,
 * panel, node, sync). Owners and admins act and each change is recorded once with who, what,
 * on which subject and how it ended; support and viewers do not see the sections, and a forged
 * button, a command or a dialog begun before their role was lowered changes nothing on the
 * hosting side, is answered "not for your role" and leaves a `refused` record.
 */

const OWNER = user(28_100, { first_name: "Owner", language_code: "en" });
const ADMIN = user(28_101, { first_name: "Admin", language_code: "en" });
const SUPPORT = user(28_102, { first_name: "Support", language_code: "en" });
const VIEWER = user(28_103, { first_name: "Viewer", language_code: "en" });
const NOT_PERMITTED = "⛔ Your staff role does not allow this.";
const HOSTING_SECTIONS = ["🏦 Hosting account", "🖥 Servers", "📉 Runway", "🧩 Panel", "🛰 Node", "🔄 Sync"];

const account = new FakeAccountApi();
const panel = new FakePanelApi();
const node = new FakeNodeApi({ token: "node-token-roles-hosting" });
const clock = new ManualClock(Date.now());
let t: TestBot;
let serverId: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, serverId, close } = await startHostingAdminBot(OWNER, { account, panel, node, clock }));
});
afterAll(() => close());
beforeEach(async () => {
  await setRole(ADMIN, "admin");
  await setRole(SUPPORT, "support");
  await setRole(VIEWER, "viewer");
  for (const who of [OWNER, ADMIN, SUPPORT, VIEWER]) await t.send(command(who, "/cancel"));
  t.telegram.clear();
});

const { lastShown, button, lastAnswer } = telegramViews(() => t);

/**
 * `who`'s taps and messages, each a second after the one before: the audit log sorts its entries
 * by time, and this clock does not move by itself.
 */
function as(who: User, on: () => TestBot = () => t) {
  const { press, say } = chatAs(on, who);
  return {
    press: (data: string) => tick(on).then(() => press(data)),
    say: (text: string) => tick(on).then(() => say(text)),
  };
}

async function tick(on: () => TestBot): Promise<void> {
  const moved = on().deps.clock;
  if ("advance" in moved && typeof moved.advance === "function") moved.advance(1_000);
}

/** The "Yes" of the power confirmation shown last. */
function powerYes(): string {
  const yes = lastShown().buttons.find((b) => b.data.startsWith("a.s:power-ok:"));
  if (!yes) throw new Error("no power confirmation shown");
  return yes.data;
}

async function setRole(who: User, role: Exclude<Role, "owner">): Promise<void> {
  await t.deps.staff.roster.setRole(OWNER.id, who.id, role);
  await staffIndexOf(t.deps.staff.roster).refresh();
}

/** The entries recorded about `subject`, newest first. */
async function entriesOf(subject: string): Promise<AuditEntry[]> {
  return (await t.deps.staff.audit.page({ subject }, 0, 50)).entries;
}

/** The entries `who` left, newest first. */
async function entriesBy(who: User): Promise<AuditEntry[]> {
  return (await t.deps.staff.audit.page({ actorId: who.id }, 0, 50)).entries;
}

const serverSubject = () => `server:${serverId}`;
const expiryOf = () => account.serverState(serverId).expiresAtMs;
const extendCalls = () => account.count("POST", `/api/v1/servers/${serverId}/extend`);
const powerCalls = () => account.count("POST", `/api/v1/servers/${serverId}/power`);

/** The extend confirmation's "Yes" data, as the owner was shown it. */
async function ownersExtendYes(): Promise<string> {
  await as(OWNER).press(`a.s:extend:${serverId}:`);
  return button("✅ Yes, extend");
}

/** The labels of the admin menu `who` is shown. */
async function adminMenuOf(who: User): Promise<string[]> {
  await tick(() => t);
  await t.send(command(who, "/admin"));
  return lastShown().buttons.map((b) => b.text);
}

describe("the admin menu by role", () => {
  it("shows the hosting sections to owners and admins, and none of them to support or viewers", async () => {
    for (const who of [OWNER, ADMIN])
      expect(await adminMenuOf(who)).toEqual(expect.arrayContaining(HOSTING_SECTIONS));
    for (const who of [SUPPORT, VIEWER]) {
      const menu = await adminMenuOf(who);
      expect(menu).toContain("👥 Customers");
      for (const section of HOSTING_SECTIONS) expect(menu).not.toContain(section);
    }
  });
});

describe("owners and admins act on the hosting side, each action recorded once", () => {
  it.each([
    ["owner", OWNER],
    ["admin", ADMIN],
  ] as const)(
    "the %s extends a server: charged once, recorded done with who, before and after",
    async (role, who) => {
      const before = expiryOf();
      const extensionsBy = async () => (await entriesBy(who)).filter((e) => e.action === "server.extend");
      const earlier = (await extensionsBy()).length;
      const { press } = as(who);
      await press(`a.s:extend:${serverId}:`);
      await press(button("✅ Yes, extend"));
      expect(lastShown().text).toContain("is extended by 30 days");
      expect(expiryOf()).toBe(before + 30 * 86_400_000);

      const [entry] = (await entriesOf(serverSubject())).filter((e) => e.action === "server.extend");
      expect(entry).toMatchObject({ actorId: who.id, role, outcome: "done", subject: serverSubject() });
      expect(entry?.before).toBe(`expires ${new Date(Math.floor(before / 1000) * 1000).toISOString()}`);
      expect(entry?.after).toMatch(/^expires .+ \(\d+ days left\), balance \d+$/);
      expect((await extensionsBy()).length).toBe(earlier + 1);
    },
  );

  it("an admin stops the server: done on the hosting side and recorded with the state it reached", async () => {
    const { press } = as(ADMIN);
    await press(`a.s:power:${serverId}:stop`);
    await press(powerYes());
    expect(account.serverState(serverId).state).toBe("offline");
    const [entry] = (await entriesBy(ADMIN)).filter((e) => e.action === "server.power");
    expect(entry).toMatchObject({ role: "admin", subject: serverSubject(), outcome: "done", before: "stop" });
    expect(entry?.after).toBe("stop: offline");
    await press(`a.s:power:${serverId}:start`);
    await press(powerYes());
    expect(account.serverState(serverId).state).toBe("running");
  });

  it("a hosting call that fails is recorded failed, with the service's answer", async () => {
    const { press } = as(ADMIN);
    await press(`a.s:power:${serverId}:restart`);
    account.failNext("POST", `/api/v1/servers/${serverId}/power`, fail(503, "Service Unavailable"));
    await press(powerYes());
    expect(lastShown().text).toContain("temporarily unavailable");
    const [entry] = (await entriesBy(ADMIN)).filter((e) => e.action === "server.power");
    expect(entry).toMatchObject({ outcome: "failed", before: "restart" });
    expect(entry?.note).toContain("503");
  });

  it("an admin runs the sync: it runs and is recorded", async () => {
    await as(ADMIN).press(syncCb.pack({ act: "run", id: "", arg: "" }));
    expect(await t.deps.drift.sync.findings.lastRun()).toBeDefined();
    const [entry] = await entriesOf("sync");
    expect(entry).toMatchObject({ action: "sync.run", actorId: ADMIN.id, role: "admin", outcome: "done" });
  });
});

describe("support and viewers are refused whatever they press", () => {
  it.each([
    ["support", SUPPORT],
    ["viewer", VIEWER],
  ] as const)(
    "a %s's forged extend confirmation changes nothing and is answered and recorded",
    async (role, who) => {
      const yes = await ownersExtendYes();
      const [before, calls] = [expiryOf(), extendCalls()];
      t.telegram.clear();
      await as(who).press(yes);
      expect(lastAnswer()).toMatchObject({ text: NOT_PERMITTED, show_alert: true });
      expect(extendCalls()).toBe(calls);
      expect(expiryOf()).toBe(before);
      const [entry] = await entriesBy(who);
      expect(entry).toMatchObject({
        role,
        action: yes.split(":", 2).join(":"),
        subject: "section:a.s",
        outcome: "refused",
      });
      // Never the confirmation's token: the forged press's data stays out of the log.
      expect(entry?.note).toBe("needs hosting");
      expect(JSON.stringify(entry)).not.toContain(yes);
      // The owner's own confirmation still works afterwards: the forged press did not use it.
      await as(OWNER).press(yes);
      expect(extendCalls()).toBe(calls + 1);
    },
  );

  it.each([
    ["support", SUPPORT],
    ["viewer", VIEWER],
  ] as const)("/servers from a %s is answered and recorded, and lists nothing", async (role, who) => {
    const listed = account.count("GET", "/api/v1/servers");
    await tick(() => t);
    await t.send(command(who, "/servers"));
    expect(t.telegram.last("sendMessage")?.params.text).toBe(NOT_PERMITTED);
    expect(account.count("GET", "/api/v1/servers")).toBe(listed);
    const [entry] = await entriesBy(who);
    expect(entry).toMatchObject({
      role,
      action: "/servers",
      subject: "command:/servers",
      outcome: "refused",
    });
  });

  it("a viewer's forged power and sync buttons change nothing", async () => {
    const { press } = as(VIEWER);
    await as(OWNER).press(`a.s:power:${serverId}:stop`);
    const stop = powerYes();
    const [calls, runs] = [powerCalls(), await t.deps.drift.sync.findings.lastRun()];
    await press(stop);
    await press(syncCb.pack({ act: "run", id: "", arg: "" }));
    await press(SYNC_HOME);
    expect(powerCalls()).toBe(calls);
    expect(account.serverState(serverId).state).toBe("running");
    expect(await t.deps.drift.sync.findings.lastRun()).toEqual(runs);
    const latest = (await entriesBy(VIEWER)).slice(0, 3);
    expect(latest.map((e) => [e.subject, e.outcome])).toEqual([
      ["section:a.y", "refused"],
      ["section:a.y", "refused"],
      ["section:a.s", "refused"],
    ]);
    // Nothing a viewer pressed on the hosting side was ever recorded as anything but refused.
    expect((await entriesBy(VIEWER)).every((e) => e.outcome === "refused")).toBe(true);
  });
});

describe("a dialog begun before the role was lowered", () => {
  it("ends at its next answer: nothing is created on the server, and the refusal is recorded", async () => {
    const { press, say } = as(ADMIN);
    await press(`a.xu:create:${serverId}:`);
    expect(lastShown().text).toContain("name");
    await setRole(ADMIN, "viewer");
    await say("late-user");
    expect(t.telegram.last("sendMessage")?.params.text).toBe(NOT_PERMITTED);
    // Not asked for the traffic limit: the dialog is over.
    await say("10");
    expect(account.client(serverId, "late-user")).toBeUndefined();
    expect(account.serverState(serverId).clients).toEqual([]);
    expect(await conversationStates(t.redis)).toEqual([]);
    const [entry] = await entriesBy(ADMIN);
    expect(entry).toMatchObject({ role: "viewer", action: "xui.client.create", outcome: "refused" });
  });
});

describe("linking the account (a dialog with secrets)", () => {
  const hosting = new FakeAccountApi();
  let bot: TestBot;

  beforeAll(async () => {
    await hosting.start();
    hosting.addAccount({ login: "shop", password: "s3cret-pass", balance: 10 });
    bot = await createTestBot({ adminIds: [OWNER.id], accountUrl: hosting.url });
    await bot.deps.staff.roster.setRole(OWNER.id, ADMIN.id, "admin");
    await staffIndexOf(bot.deps.staff.roster).refresh();
  });
  afterAll(async () => {
    await bot.close();
    await hosting.stop();
  });

  it("an admin links it: the key and its record are stored together", async () => {
    const { press, say } = as(ADMIN, () => bot);
    await press("a.acc:link");
    await say("shop");
    await say("s3cret-pass");
    const info = await bot.accountKey.info();
    expect(info).toMatchObject({ source: "linked", linkedBy: ADMIN.id });
    const [entry] = (await bot.deps.staff.audit.page({ subject: "account" }, 0, 5)).entries;
    expect(entry).toMatchObject({
      action: "account.link",
      actorId: ADMIN.id,
      role: "admin",
      outcome: "done",
    });
    expect(entry?.before).toBe("none");
    expect(entry?.after).toMatch(/^key \S+/);
    expect(info.prefix?.startsWith(String(entry?.after).slice(4).replace(/…$/, ""))).toBe(true);
    expect(JSON.stringify(entry)).not.toContain("s3cret-pass");
  });

  it("lowered to viewer after the login was asked: refused at the next answer, no password asked", async () => {
    await bot.accountKey.clear();
    const issued = hosting.keys.size;
    const { press, say } = as(ADMIN, () => bot);
    await press("a.acc:link");
    await bot.deps.staff.roster.setRole(OWNER.id, ADMIN.id, "viewer");
    bot.telegram.clear();
    await say("shop");
    const sent = bot.telegram.callsOf("sendMessage").map((c) => String(c.params.text));
    expect(sent).toEqual([NOT_PERMITTED]);
    await say("s3cret-pass");
    expect(hosting.keys.size).toBe(issued);
    expect((await bot.accountKey.info()).source).toBe("none");
    const [entry, ...before] = (await bot.deps.staff.audit.page({ actorId: ADMIN.id }, 0, 5)).entries;
    expect(entry).toMatchObject({ action: "account.link", role: "viewer", outcome: "refused" });
    // The link before it, and nothing of this attempt but its refusal.
    expect(before.map((e) => e.outcome)).toEqual(["done"]);
  });
});

describe("the runway by role (issue 31)", () => {
  it("support and viewers are refused the board and the package; an admin's package is recorded", async () => {
    for (const who of [SUPPORT, VIEWER]) {
      for (const data of ["a.rw:board:0", `a.rw:pkg:${serverId}`]) {
        await as(who).press(data);
        expect(lastAnswer()).toMatchObject({ text: NOT_PERMITTED, show_alert: true });
      }
    }
    expect(await t.deps.fleet.packages.of(serverId)).toBeUndefined();
    await as(ADMIN).press(`a.rw:pkg:${serverId}`);
    await as(ADMIN).say("250");
    expect(await t.deps.fleet.packages.of(serverId)).toBe(250);
    const [entry] = await entriesOf(serverSubject());
    expect(entry).toMatchObject({
      action: "server.package",
      role: "admin",
      outcome: "done",
      after: "250 GB",
    });
  });
});
