import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { parseCatalog } from "../../src/domain/catalog/index.js";
import type { ShopRooms } from "../../src/domain/index.js";
import { termChangeKeys } from "../../src/domain/terms/keys.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeTelegram, type TelegramCall, user } from "../fakes/telegram-api.js";
import { botEnv, writeCatalog } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { shopOnRedis } from "../helpers/shop-on-redis.js";
import { buttonsOf, findButton } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 30 in the built process (bot and workers in one, long polling) against the fake Bot API
 * and the fake Account API: the owner buys a family of 3 seats from the balance, a member claims a
 * seat by its invite link and gets their own client; the family's card offers no freeze (a family
 * is neither frozen nor switched, see terms/freezes.ts and sales/plan-switch.ts), so the owner
 * buys a plan of their own, freezes it from /my, unfreezes it and switches it to a bigger plan. At the end the money (the wallet, the ledger) and the days (the records
 * and the x-ui clients) are what the rules say. The test credits the wallet and reads the records
 * through the shop's own services on the process's Redis.
 */

const TOKEN = "303030:E2E-family-plan-token-for-the-fake";
const SECRET_KEY = Buffer.alloc(32, 3);
const OWNER = user(3_001, { first_name: "Olga", language_code: "en" });
const MEMBER = user(3_002, { first_name: "Max", language_code: "en" });
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
let redis: Redis;
let rooms: ShopRooms;
let clients: HostingClients;
let queue: OrderQueue;
let proc: RunningProcess | undefined;
let serverId = 0;

function catalogYaml(server: number): string {
  const plan = (id: string, title: string, gb: number, price: number, extra = "") =>
    `  - id: ${id}
    title: { en: "${title}", ru: "${title}" }
    days: 30
    traffic_gb: ${gb}
    price: ${price}
    backend: { kind: xui, servers: [${server}] }
${extra}`;
  const freeze = "    freeze: { times_per_year: 2, min_days: 7, max_days: 30 }\n";
  return `currency: XTR
plans:
${plan("family", "Family", 100, 100, "    seats: { count: 3, pricing: seat, max: 4 }\n")}${plan("de", "Germany", 100, 150, freeze)}${plan("big", "Big", 300, 300)}`;
}

beforeAll(async () => {
  await Promise.all([telegram.start(), hosting.start()]);
  hosting.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = hosting.addKey("shop");
  serverId = hosting.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  const yaml = catalogYaml(serverId);
  redis = await testRedis();
  const env = botEnv(
    { telegram, redis, catalogFile: writeCatalog("bot-e2e-family-", yaml) },
    {
      SECRET_KEY: SECRET_KEY.toString("base64"),
      ACCOUNT_API_URL: hosting.url,
      ACCOUNT_API_KEY: key,
      HTTP_PORT: String(await freePort()),
    },
  );
  queue = new OrderQueue(redis);
  ({ rooms, clients } = shopOnRedis(redis, {
    ...{ accountUrl: hosting.url, accountApiKey: key, secretKey: SECRET_KEY, catalog: parseCatalog(yaml) },
    jobs: { enqueueOrder: (id) => queue.enqueue(id), enqueueTermChange: (id) => queue.enqueueTermChange(id) },
  }));
  proc = await startServingBot(env);
  await telegram.waitFor("getUpdates", 15_000);
}, 60_000);

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  await queue.close();
  await clients.close();
  await Promise.all([telegram.stop(), hosting.stop(), redis.quit()]);
});

/** What the bot showed `who` last (sent or edited), with its buttons. */
const shownTo = (who: User) => {
  const call = telegram.calls
    .filter((c) => c.chatId === who.id && (c.method === "sendMessage" || c.method === "editMessageText"))
    .at(-1);
  return { text: String(call?.params.text ?? ""), buttons: buttonsOf(call?.params.reply_markup) };
};
const showsTo = (who: User, part?: string) => (c: TelegramCall) =>
  c.chatId === who.id &&
  (c.method === "sendMessage" || c.method === "editMessageText") &&
  (part === undefined || String(c.params.text).includes(part));

/** Sends `who`'s update and waits for the bot's message to them (containing `part`, if given). */
async function step(who: User, update: ReturnType<FakeTelegram["command"]>, part?: string) {
  const mark = telegram.calls.length;
  const { update_id: _id, ...rest } = update;
  telegram.pushUpdate(rest);
  await telegram.waitFor(showsTo(who, part), 15_000, mark);
  return shownTo(who);
}
const say = (who: User, text: string, part?: string) => step(who, telegram.command(who, text), part);
const press = (who: User, data: string, part?: string) => step(who, telegram.callback(who, data), part);
const tap = (who: User, label: string | RegExp, part?: string) =>
  press(who, findButton(shownTo(who).buttons, label), part);

async function subscriptionOf(customerId: number, planId: string): Promise<Subscription> {
  const found = await untilValue(
    async () => (await rooms.books.subscriptions.ofCustomer(customerId)).find((s) => s.planId === planId),
    (s) => s !== undefined,
    20_000,
  );
  if (!found) throw new Error(`no ${planId}`);
  return found;
}

const client = (sub: Subscription) =>
  sub.ref.kind === "xui" ? hosting.client(sub.ref.serverId, sub.ref.name) : undefined;

describe("a family plan in the real process", () => {
  it("a family bought, a seat claimed; the owner's own plan frozen, unfrozen and switched: the money and the days right", async () => {
    await say(OWNER, "/start");
    await rooms.books.wallet.credit(OWNER.id, 1000, "e2e:family", { kind: "admin-credit" });

    // The family, 3 seats x 100 from the balance.
    await press(OWNER, "buy:plan:family");
    await tap(OWNER, "👪 3 seats · 300 ⭐", "Price: <b>300 ⭐</b>");
    await tap(OWNER, /from balance/, "Preparing your VPN access");
    await telegram.waitFor(showsTo(OWNER, "Your VPN is ready: Family"), 20_000);
    const family = await subscriptionOf(OWNER.id, "family");
    const familyEnd = family.expiresAt;

    // A seat's invite link, opened by the member: their own client, the owner's term.
    await press(OWNER, `my:card:${family.id}`);
    expect(shownTo(OWNER).buttons.some((b) => /Switch plan/.test(b.text))).toBe(false);
    const seats = await tap(OWNER, /Family seats \(1\/3\)/, "Family seats");
    const code = seats.text.match(/\?start=seat_([A-Za-z0-9]{12})/)?.[1] ?? "";
    await say(MEMBER, `/start seat_${code}`, "You took a seat in Olga's family");
    await telegram.waitFor(showsTo(MEMBER, "vless://"), 20_000);
    const seat = await subscriptionOf(MEMBER.id, "family");
    expect(seat.familyOf).toBe(family.id);
    expect(seat.expiresAt).toBe(familyEnd);
    expect(client(seat)?.enable).toBe(true);

    // A family is not frozen (its seats would run on, then get the freeze's days): no Freeze.
    await press(OWNER, `my:card:${family.id}`);
    expect(shownTo(OWNER).buttons.some((b) => b.text === "❄️ Freeze")).toBe(false);

    // The owner's own plan, frozen for 7 days: its client off, the days banked.
    await press(OWNER, "buy:plan:de");
    await tap(OWNER, /^✅ Buy for 150/);
    await tap(OWNER, /from balance/, "Preparing your VPN access");
    const own = await subscriptionOf(OWNER.id, "de");
    await telegram.waitFor(showsTo(OWNER, "Your VPN is ready: Germany"), 20_000);
    const ownEnd = own.expiresAt;
    await press(OWNER, `my:card:${own.id}`);
    await tap(OWNER, "❄️ Freeze", "Choose how long");
    await tap(OWNER, "7 days", "Freeze for 7 days?");
    await tap(OWNER, "✅ Freeze", "Frozen until");
    expect(client(own)?.enable).toBe(false);
    const frozen = await rooms.terms.freezes.current(own.id);
    if (!frozen?.frozenAt || frozen.bankMs === undefined) throw new Error("not frozen");
    expect(ownEnd - frozen.frozenAt - frozen.bankMs).toBeLessThan(MINUTE);
    expect((await rooms.books.subscriptions.get(own.id))?.expiresAt).toBe(
      frozen.frozenAt + 7 * DAY + frozen.bankMs,
    );
    // A freeze may be ended after its first day: the test moves its start a day back.
    await redis.hset(termChangeKeys.change(frozen.changeId), "frozenAt", String(frozen.frozenAt - DAY));
    await press(OWNER, `my:card:${own.id}`, "Frozen until");
    await tap(OWNER, "▶️ Unfreeze now", "Unfrozen: the connection is on again");
    const unfrozen = await rooms.books.subscriptions.get(own.id);
    const given = (unfrozen?.expiresAt ?? 0) - ownEnd;
    // Given back: the bank from the moment of the unfreeze, the seconds it was frozen added.
    expect(given).toBeGreaterThanOrEqual(0);
    expect(given).toBeLessThan(2 * MINUTE);
    expect(client(own)?.enable).toBe(true);
    expect(client(own)?.expiryMs ?? 0).toBeGreaterThanOrEqual(unfrozen?.expiresAt ?? Number.NaN);

    // Then switched to a bigger plan: the credit of the term left.
    await press(OWNER, `my:card:${own.id}`);
    await tap(OWNER, /Switch plan/, "Switch «");
    const quote = await tap(OWNER, /^Big/, "To pay:");
    // 150 for 30 days: 5 a day for the whole days left (29 once seconds passed since the purchase).
    const days = Number(quote.text.match(/Left of your term: (\d+) days × 5 ⭐ a day/)?.[1]);
    expect([29, 30]).toContain(days);
    const toPay = 300 - 5 * days;
    expect(quote.text).toContain("New plan «Big»: 300 ⭐");
    expect(quote.text).toContain(`Credit: −${5 * days} ⭐`);
    expect(quote.text).toContain(`To pay: ${toPay} ⭐`);
    await tap(OWNER, /from balance/, "Switching your plan");
    await telegram.waitFor(showsTo(OWNER, "Switched to Big"), 20_000);

    // The money: 1000 - the family 300 - Germany 150 - the switch's price less its credit.
    expect(await rooms.books.wallet.balance(OWNER.id)).toBe(1000 - 300 - 150 - toPay);
    const { entries } = await rooms.books.wallet.history(OWNER.id, 0, 20);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ["switch", -toPay],
      ["purchase", -150],
      ["purchase", -300],
      ["admin-credit", 1000],
    ]);
    // The member paid nothing.
    expect(await rooms.books.wallet.balance(MEMBER.id)).toBe(0);
    // The days: the family and its seat at their bought term, the switch a new term.
    expect((await rooms.books.subscriptions.get(family.id))?.expiresAt).toBe(familyEnd);
    expect((await rooms.books.subscriptions.get(seat.id))?.expiresAt).toBe(familyEnd);
    expect(client(seat)?.enable).toBe(true);
    const switched = await rooms.books.subscriptions.get(own.id);
    expect(switched).toMatchObject({ planId: "big", trafficGb: 300, ref: own.ref });
    expect(Math.abs((switched?.expiresAt ?? 0) - (Date.now() + 30 * DAY))).toBeLessThan(2 * MINUTE);
    expect(client(own)?.totalGb).toBe(300);
  }, 120_000);
});
