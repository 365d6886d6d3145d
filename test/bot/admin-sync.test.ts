import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { myCb } from "../../src/render/shop-callbacks.js";
import { SYNC_HOME, syncCb } from "../../src/render/sync-callbacks.js";
import { DAY, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";

/*
 * Issue 13 in the chat: /my does not say "fine" for an access whose client is gone on the
 * hosting side, and the admins' Sync view shows the run and the decision, which one tap takes.
 */

const ADMIN = user(7);
const CUSTOMER = user(8801);
const clock = new ManualClock(Date.now());
const account = new FakeAccountApi();
let t: TestBot;
let serverId: number;

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop", "bot");
  serverId = account.addServer("shop", { daysLeft: 365 }).id;
  account.addServer("shop", { daysLeft: 365 });
  t = await createTestBot({ clock, adminIds: [ADMIN.id], accountUrl: account.url, accountApiKey: key });
});
afterAll(async () => {
  await t.close();
  await account.stop();
});
beforeEach(() => t.telegram.clear());

/** A paid subscription of CUSTOMER on the first server whose client is not there (deleted by hand). */
async function missingSubscription(): Promise<Subscription> {
  await t.deps.books.customers.seen({ id: CUSTOMER.id, firstName: "C", locale: "en" });
  return t.deps.books.subscriptions.create("o00000000abcd", {
    customerId: CUSTOMER.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId, name: `c${CUSTOMER.id}-0000abcd` },
    links: { links: ["vless://old@x:443#a"], subscriptionUrl: undefined },
    expiresAt: clock.now() + 20 * DAY,
    trafficGb: 100,
    devices: 0,
    trial: false,
  });
}

describe("a client missing on the hosting side", () => {
  it("/my shows the problem, the Sync view the waiting decision, and Recreate puts the client back", async () => {
    const sub = await missingSubscription();
    clock.advance(MINUTE);
    const summary = await t.deps.drift.sync.reconciler.run();
    expect(summary?.found.missing).toBe(1);

    await t.send(command(CUSTOMER, "/my"));
    await t.send(callback(CUSTOMER, myCb.pack({ act: "card", id: sub.id })));
    const customerTexts = t.texts();
    expect(customerTexts).toHaveLength(2);
    for (const text of customerTexts) expect(text).toContain("This access is not working right now");

    t.telegram.clear();
    await t.send(callback(ADMIN, SYNC_HOME));
    const home = t.texts().at(-1) ?? "";
    expect(home).toContain("Sync with the hosting side");
    expect(home).toContain("client missing 1");
    expect(home).toContain("1 finding waits for your decision");

    const [finding] = await t.deps.drift.sync.findings.waiting();
    if (!finding) throw new Error("a waiting finding expected");
    await t.send(callback(ADMIN, syncCb.pack({ act: "f", id: finding.id, arg: "" })));
    expect(t.texts().at(-1)).toContain(`${sub.id} (customer ${CUSTOMER.id}): active, but its client is gone`);
    await t.send(callback(ADMIN, syncCb.pack({ act: "rc", id: finding.id, arg: "" })));
    expect(account.client(serverId, sub.ref.name)).toBeDefined();
    expect(t.texts().at(-1)).toContain("✅ Done.");
    expect(t.texts().at(-1)).toContain("Nothing waits for a decision.");

    // The problem is gone from /my.
    t.telegram.clear();
    await t.send(callback(CUSTOMER, myCb.pack({ act: "card", id: sub.id })));
    expect(t.texts().at(-1)).not.toContain("not working right now");
  });

  it("Run now from the Sync view runs the reconciliation (no worker queue wired here)", async () => {
    await t.send(callback(ADMIN, syncCb.pack({ act: "run", id: "", arg: "" })));
    expect(t.texts().at(-1)).toContain("The reconciliation is queued");
    expect(await t.deps.drift.sync.findings.lastRun()).toBeDefined();
  });

  it("a non-admin's Sync tap is refused", async () => {
    await t.send(callback(CUSTOMER, SYNC_HOME));
    expect(t.texts().join("\n")).not.toContain("Sync with the hosting side");
  });
});

describe("the Sync report names the panel locations a run could not reconcile, and why", () => {
  const panel = new FakePanelApi({
    token: "sync-panel",
    nodes: [
      { id: "2", name: "Frankfurt" },
      { id: "3", name: "Helsinki" },
    ],
    lproxyList: 404,
  });
  let p: TestBot;

  beforeAll(async () => {
    await panel.start();
    p = await createTestBot({ clock, adminIds: [ADMIN.id], panel: { url: panel.url, token: panel.token } });
  });
  afterAll(async () => {
    await p.close();
    await panel.stop();
  });

  it("a location without the list whose client reads fail, and one not answering, each on its own line", async () => {
    const name = `c${CUSTOMER.id}-0000beef`;
    const uuid = crypto.randomUUID();
    const expiresAt = Math.floor((clock.now() + 20 * DAY) / 1000);
    for (const location of ["main", "2", "3"]) panel.putClient(location, { name, uuid, expiresAt });
    await p.deps.books.subscriptions.create("o00000000beef", {
      customerId: CUSTOMER.id,
      planId: "multi",
      ref: { kind: "panel", name, uuid, locations: ["main", "2", "3"] },
      links: { links: [], subscriptionUrl: undefined },
      expiresAt: expiresAt * 1000,
      trafficGb: 0,
      devices: 3,
      trial: false,
    });
    // Neither serves a list: location 2's client reads fail; location 3 answers no list at all.
    panel.failNext("GET", "/api/fed/lproxy/2/clients/.+", fail(503, "busy"), 20);
    panel.failNext("GET", "/api/fed/lproxy/3/clients", fail(503, "busy"), 20);
    clock.advance(MINUTE);
    await p.deps.drift.sync.reconciler.run();

    await p.send(callback(ADMIN, SYNC_HOME));
    const home = p.texts().at(-1) ?? "";
    expect(home).toContain(
      "Location Frankfurt (2): serves no client list, and reading the shop's clients there one by one failed (0 of 1 read); not reconciled this run.",
    );
    expect(home).toContain("Location Helsinki (3): not answering; not reconciled this run.");
    expect(home).not.toContain("panel:2");
    expect(home).not.toContain("panel:3");
  });
});
