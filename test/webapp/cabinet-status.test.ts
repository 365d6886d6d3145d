import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { zeroPerKind } from "../../src/domain/drift/index.js";
import { ServerExtension } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, HOUR, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { createServerWatchTask, type ServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { lastShownOn } from "../helpers/telegram-views.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 25: GET status says where the caller's access lives and whether it works (the server
// watch's outages, the last drift sync's unread locations), and shows the notices the bot sent
// them, kept by the server watch where it sends them, in the language the caller reads now.

const [GERMANY, MULTI, NODE] = TEST_CATALOG.plans as [Catalog["plans"][number], ...Catalog["plans"]];
const CATALOG: Catalog = {
  ...TEST_CATALOG,
  plans: [
    { ...GERMANY, backend: { kind: "xui", servers: [1], name: { en: "Frankfurt", ru: "Франкфурт" } } },
    {
      ...GERMANY,
      id: "nl-xui",
      title: { en: "Netherlands, 30 days", ru: "Нидерланды, 30 дней" },
      backend: { kind: "xui", servers: [2], name: { en: "Amsterdam", ru: "Амстердам" } },
    },
    ...(MULTI && NODE ? [MULTI, NODE] : []),
  ],
};

const ME = { id: 75_001, first_name: "Olga", language_code: "en" };
const NEIGHBOUR = { id: 75_002, first_name: "Petr", language_code: "en" };
const fake = new FakeAccountApi();
let h: WebappHarness;
let watch: ServerWatchTask;
let fra: FakeServer;
let ams: FakeServer;
const sent: OutboxMessage[] = [];
const clock = new ManualClock();

beforeAll(async () => {
  await fake.start();
  h = await createWebappHarness({ clock, catalog: CATALOG, guard: { perUser: 1000, perAddress: 1000 } });
  fake.addAccount({ login: "status", password: "pw", balance: 1_000 });
  const key = fake.addKey("status");
  const account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  fra = fake.addServer("status", { name: "vps-fra-7.hoster.net" });
  ams = fake.addServer("status", { name: "vps-ams-3.hoster.net" });
  const { deps, redis } = h.t;
  watch = createServerWatchTask({
    account,
    extension: new ServerExtension({ hosting: { account }, redis, clock: deps.clock, logger: deps.logger }),
    redis,
    books: deps.books,
    sales: deps.sales,
    outbox: { sendMany: async (messages) => void sent.push(...messages) },
    noticeLog: deps.fleet.notices,
    settings: new ShopSettings(redis),
    i18n: createI18n("en"),
    clock: deps.clock,
    logger: deps.logger,
    adminIds: [],
    defaultLocale: "en",
  });
  const now = deps.clock.now();
  for (const who of [ME, NEIGHBOUR]) await seedCustomer(deps, who.id, "en");
  type Fields = Omit<Parameters<typeof seedSubscription>[2], "expiresAt"> & { expiresAt?: number };
  const sub = (orderId: string, fields: Fields) =>
    seedSubscription(deps, orderId, { ...fields, expiresAt: fields.expiresAt ?? now + 10 * DAY });
  await sub("o-st-fra", {
    customerId: ME.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: fra.id, name: "o1" },
  });
  await sub("o-st-ams", {
    customerId: ME.id,
    planId: "nl-xui",
    ref: { kind: "xui", serverId: ams.id, name: "o2" },
  });
  await sub("o-st-multi", {
    customerId: ME.id,
    planId: "multi",
    ref: { kind: "panel", name: "o3", uuid: "u-o3", locations: ["main", "2"] },
  });
  await sub("o-st-node", { customerId: ME.id, planId: "node", ref: { kind: "node", name: "o4" } });
  // Expired: not a location of hers any more.
  await sub("o-st-old", {
    customerId: ME.id,
    planId: "nl-xui",
    ref: { kind: "xui", serverId: 999, name: "o5" },
    expiresAt: now - DAY,
  });
  await sub("o-st-nb", {
    customerId: NEIGHBOUR.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: fra.id, name: "p1" },
  });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});

type Status = {
  locations: {
    name: string;
    state: string;
    state_text: string;
    since_text: string | null;
    checked_at: number | null;
    checked_text: string;
  }[];
  notices: { at: number; at_text: string; text: string }[];
};
async function status(who = ME): Promise<Status> {
  const res = await h.api("/app/api/status", who);
  expect(res.status).toBe(200);
  return (await res.json()) as Status;
}
const states = (s: Status) => Object.fromEntries(s.locations.map((l) => [l.name, l.state]));

/** The last drift sync: it read `read`, not `skipped`, and finished `agoMs` ago. */
async function driftRan(skipped: string[], agoMs = 0, read: string[] = []): Promise<void> {
  const at = h.t.deps.clock.now() - agoMs;
  await h.t.deps.drift.sync.findings.saveRun({
    ...{ startedAt: at, finishedAt: at, durationMs: 0, found: zeroPerKind(), fresh: zeroPerKind() },
    ...{ repaired: zeroPerKind(), read, skipped, waiting: 0 },
  });
}
const checkedOf = (s: Status) => Object.fromEntries(s.locations.map((l) => [l.name, l.checked_text]));

const OFFLINE_EN =
  "⚠️ Your VPN is not working at the moment: your subscription «Germany, 30 days, 100 GB» is unreachable (Frankfurt). We are working on it and will tell you as soon as it is back.";

describe("the caller's service status", () => {
  it("says every location is up while nothing is known to be wrong, and no notice was sent", async () => {
    await watch.run();
    const s = await status();
    // By name (what does not work would come first); the node plan names no location: its title.
    // The watch has just checked the xui servers; no drift sync has read the panel or the node yet.
    const checked = { checked_at: Math.floor(clock.now() / 1000), checked_text: "checked just now" };
    const never = { checked_at: null, checked_text: "not checked yet" };
    expect(s.locations).toEqual(
      ["Amsterdam", "Frankfurt", "Location 2", "Main location", "Own node, 30 days"].map((name) => ({
        name,
        state: "up",
        state_text: "Working",
        since_text: null,
        ...(name === "Amsterdam" || name === "Frankfurt" ? checked : never),
      })),
    );
    expect(s.notices).toEqual([]);
  });

  it("shows a confirmed outage as down, a server seen offline once as degraded, and the notice she was sent", async () => {
    fra.state = "offline";
    // Past the customers' grace (5 minutes): the watch tells them, and keeps what it told.
    for (let i = 0; i < 7; i++) {
      clock.advance(MINUTE);
      await watch.run();
    }
    ams.state = "offline";
    clock.advance(MINUTE);
    await watch.run();
    expect(sent.filter((m) => m.chatId === ME.id).map((m) => m.text)).toEqual([OFFLINE_EN]);
    const s = await status();
    expect(states(s)).toMatchObject({ Frankfurt: "down", Amsterdam: "degraded", "Main location": "up" });
    expect(s.locations.slice(0, 2).map((l) => l.name)).toEqual(["Frankfurt", "Amsterdam"]);
    const frankfurt = s.locations.find((l) => l.name === "Frankfurt");
    expect(frankfurt).toMatchObject({
      state_text: "Not working",
      since_text: expect.stringMatching(/^since /),
    });
    expect(s.notices).toEqual([{ at: expect.any(Number), at_text: expect.any(String), text: OFFLINE_EN }]);
    // Never the host name.
    expect(JSON.stringify(s)).not.toContain("hoster.net");
  });

  it("says the same as the chat's /status: one rule (the drift room's ServiceStatus) on one fixture", async () => {
    const cabinet = await status();
    await h.t.send(command(user(ME.id, ME), "/status"));
    const chat = lastShownOn(h.t.telegram).text;
    const ICON: Record<string, string> = { up: "🟢", degraded: "🟡", down: "🔴" };
    // Every location in the same order and state, with the same since and last check.
    const lines = chat.split("\n");
    const fromChat = lines.flatMap((line, i) => {
      const m = /^(🟢|🟡|🔴) <b>(.+)<\/b>: /u.exec(line);
      return m
        ? [{ icon: m[1], name: m[2], since: line.includes(" since "), checked: lines[i + 1]?.trim() }]
        : [];
    });
    expect(fromChat).toEqual(
      cabinet.locations.map((l) => ({
        icon: ICON[l.state],
        name: l.name,
        since: l.since_text !== null,
        checked: `<i>${l.checked_text}</i>`,
      })),
    );
    expect(fromChat.map((l) => l.icon)).toEqual(["🔴", "🟡", "🟢", "🟢", "🟢"]);
    // The notices she was sent, in both.
    for (const n of cabinet.notices) expect(chat).toContain(n.text);
    expect(cabinet.notices).toHaveLength(1);
  });

  it("adds the notice that it is back, newest first, once however often the watch runs", async () => {
    fra.state = "running";
    ams.state = "running";
    for (let i = 0; i < 3; i++) {
      clock.advance(MINUTE);
      await watch.run();
    }
    const s = await status();
    expect(states(s)).toMatchObject({ Frankfurt: "up", Amsterdam: "up" });
    expect(s.notices.map((n) => n.text)).toEqual([
      "✅ Your VPN server is back online. If the VPN does not connect, turn it off and on again in your app.",
      OFFLINE_EN,
    ]);
    const [back, offline] = s.notices;
    expect(back?.at).toBeGreaterThan(offline?.at ?? Number.POSITIVE_INFINITY);
    // The neighbour was told of the same outage: his own notices, naming his own subscription.
    expect((await status(NEIGHBOUR)).notices).toHaveLength(2);
  });

  it("shows the notices in the language she reads now, not the one they were sent in", async () => {
    expect((await h.api("/app/api/language", ME, { method: "POST", body: '{"locale":"ru"}' })).status).toBe(
      200,
    );
    const s = await status();
    expect(s.notices[1]?.text).toContain("подписка «Германия, 30 дней, 100 ГБ» недоступна (Франкфурт)");
    expect(s.locations.map((l) => l.state_text)).toContain("Работает");
    await h.api("/app/api/language", ME, { method: "POST", body: '{"locale":"en"}' });
  });

  it("shows a panel or node location the last drift sync could not read as degraded, while that run is fresh", async () => {
    await driftRan(["panel:2", "node"]);
    expect(states(await status())).toMatchObject({
      "Location 2": "degraded",
      "Main location": "up",
      "Own node, 30 days": "degraded",
    });
    await driftRan(["panel:2", "node"], 4 * HOUR);
    expect(states(await status())).toMatchObject({ "Location 2": "up", "Own node, 30 days": "up" });
  });

  it("says when each location was last checked: its server by the watch, a panel location or the node by the drift sync that read it", async () => {
    // A sync reads the main location and the node, and location 2 client by client (it serves no list).
    clock.advance(20 * MINUTE);
    await h.t.deps.drift.sync.findings.saveRun({
      ...{ startedAt: clock.now(), finishedAt: clock.now(), durationMs: 0 },
      ...{ found: zeroPerKind(), fresh: zeroPerKind(), repaired: zeroPerKind(), waiting: 0 },
      ...{ read: ["panel:main", "node"], skipped: [], panelGaps: [{ location: "2", reason: "no_list" }] },
    });
    clock.advance(20 * MINUTE);
    await watch.run();
    clock.advance(2 * MINUTE);
    // A later run that could not read the node leaves its last reading as it was.
    await driftRan(["node"], 0, ["panel:main"]);
    const s = await status();
    expect(checkedOf(s)).toEqual({
      Frankfurt: "checked 2 min ago",
      Amsterdam: "checked 2 min ago",
      "Main location": "checked just now",
      "Location 2": "checked 22 min ago",
      "Own node, 30 days": "checked 22 min ago",
    });
    expect(states(s)).toMatchObject({ "Own node, 30 days": "degraded", "Location 2": "up" });
    const frankfurt = s.locations.find((l) => l.name === "Frankfurt");
    expect(frankfurt?.checked_at).toBe(Math.floor((clock.now() - 2 * MINUTE) / 1000));
    // The watch stops: its last check only grows older (an outage it saw is no longer shown, see /status).
    clock.advance(3 * HOUR);
    expect(checkedOf(await status()).Frankfurt).toBe("checked 3 h ago");
  });
});
