import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command } from "../fakes/telegram-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { xuiBase } from "../helpers/xui-plans.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 30: the cabinet's and the chat's new surfaces attacked from a customer's own session:
 * freeing seats (someone else's family, a seat out of range, a member at the owner's seats),
 * adding seats and switching plans through POST orders (not the owner, past the max, bodies that
 * do not belong, plans not offered, a price slipped in), freezing (someone else's, days outside
 * the plan's range, a plan without freeze, a trial) and a forged `/start seat_<code>` or `seat`,
 * `swp`, `frz` callback data with someone else's ids. Each is refused, and nothing is opened,
 * charged, freed, frozen or written on the hosting fake.
 */

const OWNER = { id: 79_001, first_name: "Olga", language_code: "en" };
const MEMBER = { id: 79_002, first_name: "Max", language_code: "en" };
const VICTIM = { id: 79_003, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 79_004, first_name: "Mallory", language_code: "en" };
const TRIAL = { id: 79_005, first_name: "Tom", language_code: "en" };
const FROZEN = { id: 79_006, first_name: "Fay", language_code: "en" };
const PEOPLE = [OWNER, MEMBER, VICTIM, MALLORY, TRIAL, FROZEN];
const en = createI18n("en");
const account = new FakeAccountApi();
let h: WebappHarness;
let serverId = 0;
const subs = { owner: "", member: "", victim: "", mallory: "", trial: "", frozen: "" };
let takenCode = "";
let freeCode = "";
let before: unknown;

function catalog(servers: number[]): Catalog {
  const base = xuiBase(servers);
  const title = (en: string) => ({ en, ru: en });
  return {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      {
        ...base,
        id: "de-xui",
        title: title("Germany"),
        traffic_gb: 100,
        price: 150,
        freeze: { times_per_year: 2, min_days: 7, max_days: 21 },
      },
      { ...base, id: "unl", title: title("Unlimited"), traffic_gb: 0, price: 300 },
      { ...base, id: "fixed", title: title("Fixed"), traffic_gb: 0, price: 60, switchable: false },
      { ...base, id: "retired", title: title("Retired"), traffic_gb: 0, price: 10, on_sale: false },
      {
        ...base,
        id: "family",
        title: title("Family"),
        traffic_gb: 100,
        price: 100,
        seats: { count: 3, pricing: "seat", max: 4 },
      },
    ],
  };
}

async function bought(id: number, planId: string, seats?: number): Promise<string> {
  const { books, sales, settlement } = h.t.deps;
  const started = await sales.shop.startPurchase(id, planId, "en", undefined, false, seats);
  if (!started.ok) throw new Error(started.reason);
  expect((await sales.cashier.payFromBalance(id, started.order.id)).status).toBe("paid");
  expect((await settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
  const [sub] = await books.subscriptions.ofCustomer(id);
  if (!sub) throw new Error("no subscription");
  return sub.id;
}

async function seatCodes(): Promise<string[]> {
  const res = await h.api(`/app/api/subscriptions/${subs.owner}`, OWNER);
  const card = ((await res.json()) as { subscription: { seats: { items: { link: string | null }[] } } })
    .subscription;
  return card.seats.items.map((s) => /start=seat_([A-Za-z0-9]{12})$/.exec(s.link ?? "")?.[1] ?? "");
}

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  h = await createWebappHarness({
    catalog: catalog([serverId]),
    accountUrl: account.url,
    accountApiKey: key,
    guard: { perUser: 10_000, ordersPerUser: 10_000, perAddress: 100_000 },
  });
  const { deps } = h.t;
  for (const who of PEOPLE) {
    await seedCustomer(deps, who.id, "en");
    await deps.books.wallet.credit(who.id, 1000, `test:seed-${who.id}`, { kind: "topup", ref: "test" });
  }
  subs.owner = await bought(OWNER.id, "family", 3);
  subs.victim = await bought(VICTIM.id, "de-xui");
  subs.mallory = await bought(MALLORY.id, "de-xui");
  subs.frozen = await bought(FROZEN.id, "de-xui");
  [takenCode = "", freeCode = ""] = await seatCodes();
  const claim = await deps.sales.seats.claim(takenCode, MEMBER.id, "en");
  if (claim.status !== "claimed") throw new Error(claim.status);
  expect((await deps.settlement.fulfilment.fulfil(claim.orderId)).outcome).toBe("active");
  subs.member = (await deps.books.subscriptions.ofCustomer(MEMBER.id))[0]?.id ?? "";
  const trial = await deps.sales.shop.startTrial(TRIAL.id, "en");
  if (!trial.ok) throw new Error(trial.reason);
  expect((await deps.settlement.fulfilment.fulfil(trial.order.id)).outcome).toBe("active");
  subs.trial = (await deps.books.subscriptions.ofCustomer(TRIAL.id))[0]?.id ?? "";
  const frozen = await deps.terms.freezes.ask(subs.frozen, FROZEN.id, 7);
  expect(frozen.kind).not.toBe("refused");
  before = await world();
});
afterAll(async () => {
  await h.close();
  await account.stop();
});

/** Everything an attack could move: wallets, orders, subscriptions, freezes, seats, hosting clients. */
async function world(): Promise<unknown> {
  const { books, terms, sales } = h.t.deps;
  const out: unknown[] = [];
  for (const who of PEOPLE) {
    const own = await books.subscriptions.ofCustomer(who.id);
    out.push({
      balance: await books.wallet.balance(who.id),
      orders: (await books.orders.ofCustomer(who.id, 100)).map((o) => [o.id, o.kind, o.status, o.price]),
      subs: own.map((s) => [s.id, s.planId, s.expiresAt, s.trafficGb, s.removedAt ?? null]),
      frozen: await Promise.all(own.map(async (s) => (await terms.freezes.current(s.id)) !== undefined)),
      clients: own.map((s) => (s.ref.kind === "xui" ? account.client(serverId, s.ref.name) : null)),
    });
  }
  out.push(await sales.seats.family(subs.owner), await seatCodes());
  return out;
}

async function nothingMoved(): Promise<void> {
  expect(await world()).toEqual(before);
  expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
  expect(h.t.telegram.callsOf("sendInvoice")).toHaveLength(0);
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const refused = (status: number, error: string) => ({ status, body: { ok: false, error } });
const order = async (who: typeof OWNER, body: unknown) =>
  json(await h.api("/app/api/orders", who, post(body)));
const on = async (who: typeof OWNER, sub: string, what: string, body: unknown) =>
  json(await h.api(`/app/api/subscriptions/${sub}/${what}`, who, post(body)));

describe("family seats under attack (cabinet)", () => {
  it("freeing a seat of someone else's family, or by a member, is unknown (404)", async () => {
    for (const who of [MALLORY, MEMBER])
      for (const n of [2, 3])
        expect(await on(who, subs.owner, "seats/free", { n })).toEqual(refused(404, "unknown-subscription"));
    // A member's own seat is no family of theirs; nor is a plain subscription.
    expect(await on(MEMBER, subs.member, "seats/free", { n: 2 })).toEqual(refused(404, "unknown-seat"));
    expect(await on(MALLORY, subs.mallory, "seats/free", { n: 2 })).toEqual(refused(404, "unknown-seat"));
    await nothingMoved();
  });

  it("the owner's seats out of range are unknown (404); the owner's own seat and bad bodies are 400", async () => {
    for (const n of [4, 5, 50])
      expect(await on(OWNER, subs.owner, "seats/free", { n })).toEqual(refused(404, "unknown-seat"));
    const bad: unknown[] = [
      { n: 1 },
      { n: 0 },
      { n: -2 },
      { n: 51 },
      { n: 2.5 },
      { n: "2" },
      {},
      { n: 2, x: 1 },
    ];
    for (const body of bad)
      expect((await on(OWNER, subs.owner, "seats/free", body)).status, JSON.stringify(body)).toBe(400);
    await nothingMoved();
  });

  it("ids that are not ids are refused", async () => {
    for (const id of ["s0000", "..%2F..%2Forders", "x".repeat(80), "%00", "s1%3Bflushall"]) {
      const res = await on(OWNER, id, "seats/free", { n: 2 });
      // No such subscription, or no route at all: never a seat freed.
      expect(res.status, id).toBe(404);
    }
    await nothingMoved();
  });

  it("adding seats: not the owner (404/409), past the max (409), 0/negative/huge/extra fields (400)", async () => {
    for (const who of [MALLORY, MEMBER])
      expect(await order(who, { subscription_id: subs.owner, add_seats: 1 })).toEqual(
        refused(404, "unknown-subscription"),
      );
    // Adding seats to what is no family of the caller's: a plain subscription, a member's seat.
    for (const [who, sub] of [
      [MALLORY, subs.mallory],
      [MEMBER, subs.member],
    ] as const)
      expect((await order(who, { subscription_id: sub, add_seats: 1 })).status).toBe(404);
    for (const add of [2, 10])
      expect((await order(OWNER, { subscription_id: subs.owner, add_seats: add })).status).toBe(409);
    const bad: unknown[] = [0, -1, 11, 1e9, 1.5, "1", null];
    for (const add of bad)
      expect((await order(OWNER, { subscription_id: subs.owner, add_seats: add })).status, String(add)).toBe(
        400,
      );
    for (const extra of [{ price: 0 }, { seats: 9 }, { promo_code: "FREE" }, { switch_to: "unl" }])
      expect((await order(OWNER, { subscription_id: subs.owner, add_seats: 1, ...extra })).status).toBe(400);
    await nothingMoved();
  });
});

describe("plan switches under attack (cabinet)", () => {
  it("someone else's subscription is unknown (404), paid or not", async () => {
    for (const pay of [undefined, "wallet", "invoice"])
      expect(
        await order(MALLORY, { subscription_id: subs.victim, switch_to: "unl", ...(pay ? { pay } : {}) }),
      ).toEqual(refused(404, "unknown-subscription"));
    await nothingMoved();
  });

  it("an unswitchable, off-sale, unknown or its own plan is not offered (409); a trial switches to nothing", async () => {
    for (const plan of ["fixed", "retired", "nope", "de-xui", "family"])
      expect(await order(MALLORY, { subscription_id: subs.mallory, switch_to: plan, pay: "wallet" })).toEqual(
        refused(409, "switch-not-offered"),
      );
    // A family (owner or member) switches to nothing; a family plan is no switch target (above).
    for (const [who, sub] of [
      [OWNER, subs.owner],
      [MEMBER, subs.member],
    ] as const)
      expect(await order(who, { subscription_id: sub, switch_to: "unl" })).toEqual(
        refused(409, "switch-not-offered"),
      );
    expect(await order(TRIAL, { subscription_id: subs.trial, switch_to: "unl" })).toEqual(
      refused(409, "switch-not-offered"),
    );
    expect(await order(FROZEN, { subscription_id: subs.frozen, switch_to: "unl", pay: "wallet" })).toEqual(
      refused(409, "subscription-frozen"),
    );
    await nothingMoved();
  });

  it("a price or a credit slipped into the body, or a plan id that is not one, is 400", async () => {
    const extras = [
      { price: 0 },
      { credit: 10_000 },
      { switch_credit: 300 },
      { plan_id: "unl" },
      { seats: 2 },
    ];
    for (const extra of extras)
      expect(
        (await order(MALLORY, { subscription_id: subs.mallory, switch_to: "unl", ...extra })).status,
      ).toBe(400);
    for (const plan of ["", "UNL", "a".repeat(33), ["unl"], 1, "unl'; --"])
      expect((await order(MALLORY, { subscription_id: subs.mallory, switch_to: plan })).status).toBe(400);
    await nothingMoved();
  });
});

describe("freezes under attack (cabinet)", () => {
  it("someone else's subscription is unknown (404), freeze and unfreeze", async () => {
    expect(await on(MALLORY, subs.victim, "freeze", { days: 7 })).toEqual(
      refused(404, "unknown-subscription"),
    );
    expect(await on(MALLORY, subs.frozen, "unfreeze", {})).toEqual(refused(404, "unknown-subscription"));
    expect(await on(MEMBER, subs.owner, "freeze", { days: 7 })).toEqual(refused(404, "unknown-subscription"));
    await nothingMoved();
  });

  it("days outside the plan's range, a plan without freeze and a trial are refused in words (done: false)", async () => {
    const cases: [typeof OWNER, string, number][] = [
      [MALLORY, subs.mallory, 6],
      [MALLORY, subs.mallory, 22],
      [MALLORY, subs.mallory, 365],
      [OWNER, subs.owner, 7],
      [MEMBER, subs.member, 7],
      [TRIAL, subs.trial, 7],
    ];
    for (const [who, sub, days] of cases) {
      const res = await on(who, sub, "freeze", { days });
      expect(res, `${sub} ${days}`).toMatchObject({ status: 200, body: { ok: true, done: false } });
    }
    await nothingMoved();
  });

  it("strings, negatives, fractions and extra fields are 400", async () => {
    const bad: unknown[] = [
      { days: "7" },
      { days: -7 },
      { days: 0 },
      { days: 7.5 },
      { days: 366 },
      {},
      { days: 7, x: 1 },
    ];
    for (const body of bad)
      expect((await on(MALLORY, subs.mallory, "freeze", body)).status, JSON.stringify(body)).toBe(400);
    expect((await on(FROZEN, subs.frozen, "unfreeze", { days: 1 })).status).toBe(400);
    await nothingMoved();
  });
});

describe("the chat under attack", () => {
  const chatUser = (who: typeof OWNER) => ({
    id: who.id,
    is_bot: false,
    first_name: who.first_name,
    language_code: "en",
  });
  /** What the bot said to `id` in answer to `update`. */
  const saidTo = async (id: number, update: Parameters<typeof h.t.send>[0]) => {
    const mark = h.t.telegram.calls.length;
    await h.t.send(update);
    return h.t.telegram.calls
      .slice(mark)
      .filter((c) => c.chatId === id && (c.method === "sendMessage" || c.method === "editMessageText"))
      .map((c) => String(c.params.text));
  };
  const lastAnswer = () => String(h.t.telegram.last("answerCallbackQuery")?.params.text ?? "");

  it("a forged /start seat_<code>: unknown, already taken, or the owner's own", async () => {
    const cases: [typeof OWNER, string, string][] = [
      [MALLORY, "AAAAAAAAAAAA", "seat-claim-unknown"],
      [MALLORY, takenCode, "seat-claim-taken"],
      [MEMBER, takenCode, "seat-claim-yours"],
      [OWNER, freeCode, "seat-claim-own"],
    ];
    for (const [who, code, key] of cases) {
      const said = await saidTo(who.id, command(chatUser(who), `/start seat_${code}`));
      expect(said.join("\n"), `${who.first_name} ${code}`).toContain(en.t("en", key));
    }
    await nothingMoved();
  });

  it("seat, swp and frz callback data with someone else's ids open, free and freeze nothing", async () => {
    const notFound = en.t("en", "my-not-found");
    for (const data of [
      `seat:list:${subs.owner}:0`,
      `seat:free:${subs.owner}:2`,
      `seat:freeok:${subs.owner}:2`,
      `seat:add:${subs.owner}:0`,
      `swp:list:${subs.victim}:`,
      `swp:pick:${subs.victim}:unl`,
      `frz:pick:${subs.victim}:0`,
      `frz:days:${subs.victim}:7`,
      `frz:go:${subs.victim}:7`,
      `frz:off:${subs.frozen}:0`,
    ]) {
      await h.t.send(callback(chatUser(MALLORY), data));
      expect(lastAnswer(), data).toBe(notFound);
    }
    for (const data of [`seat:freeok:${subs.owner}:2`, `seat:add:${subs.owner}:0`]) {
      await h.t.send(callback(chatUser(MEMBER), data));
      expect(lastAnswer(), data).toBe(notFound);
    }
    await nothingMoved();
  });

  it("own ids with plans not offered, days out of range or a frozen subscription are refused", async () => {
    for (const data of [
      `swp:pick:${subs.mallory}:fixed`,
      `swp:pick:${subs.mallory}:retired`,
      `swp:pick:${subs.mallory}:de-xui`,
    ]) {
      await h.t.send(callback(chatUser(MALLORY), data));
      expect(lastAnswer(), data).toBe(en.t("en", "switch-not-offered"));
    }
    await h.t.send(callback(chatUser(FROZEN), `swp:pick:${subs.frozen}:unl`));
    expect(lastAnswer()).toBe(en.t("en", "switch-refused-frozen"));
    const t = (key: string, args?: Record<string, number>) => en.t("en", key, args);
    const cases: [typeof OWNER, string, string | undefined][] = [
      [MALLORY, `frz:go:${subs.mallory}:3`, t("freeze-refused-days", { min: 7, max: 21 })],
      // Past what the button data may carry: not read at all.
      [MALLORY, `frz:go:${subs.mallory}:400`, undefined],
      [OWNER, `frz:go:${subs.owner}:7`, t("freeze-refused-other")],
      [TRIAL, `frz:go:${subs.trial}:7`, t("freeze-refused-other")],
      [OWNER, `seat:freeok:${subs.owner}:9`, t("seats-free-unknown")],
      // More seats than the plan's max: no such offer (the plan's seats as sold are gone).
      [OWNER, "seat:buy:family:9", t("shop-plan-gone")],
      [OWNER, `swp:list:${subs.owner}:`, t("switch-none")],
      [FROZEN, `swp:list:${subs.frozen}:`, t("switch-none")],
    ];
    for (const [who, data, expected] of cases) {
      const mark = h.t.telegram.callsOf("answerCallbackQuery").length;
      const said = await saidTo(who.id, callback(chatUser(who), data));
      const answers = h.t.telegram.callsOf("answerCallbackQuery").slice(mark);
      const all = [...answers.map((c) => String(c.params.text ?? "")), ...said].filter(Boolean);
      expect(all, data).toEqual(expected === undefined ? [] : [expected]);
    }
    await nothingMoved();
  });
});
