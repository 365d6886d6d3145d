import { Api } from "grammy";
import type { User } from "grammy/types";
import { createI18n } from "../../src/bot/i18n.js";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog, Plan } from "../../src/domain/catalog/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { endFreezes } from "../../src/workers/freeze-ends.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { callback, command } from "../fakes/telegram-api.js";
import { TEST_TOKEN } from "./bot-harness.js";
import { makeSalesRig, type SalesRig, type SalesRigOptions, startShopAccount } from "./sales-rig.js";
import { buttonsOf, findButton, type Shown } from "./telegram-views.js";
import { untilValue } from "./wait.js";

/**
 * Issue 30's races through the chat on every backend: a sales rig (the bot on the fake Bot API,
 * real Redis, a real BullMQ order worker) selling on the fake Account API (two x-ui servers: two
 * locations), the fake panel (its main location and a connected panel "2") and the fake node, the
 * fakes' clocks following the rig's. `plans` builds the catalog from the x-ui server ids.
 */
export interface PlansRig {
  rig: SalesRig;
  account: FakeAccountApi;
  panel: FakePanelApi;
  node: FakeNodeApi;
  /** The x-ui servers: the first location, and another one. */
  xui: { a: number; b: number };
  close(): Promise<void>;
}

export interface PlansRigOptions extends Pick<SalesRigOptions, "adminIds" | "enqueue" | "attempts"> {
  plans: (xui: { a: number; b: number }) => Plan[];
}

export async function startPlansRig(options: PlansRigOptions): Promise<PlansRig> {
  const account = new FakeAccountApi();
  const panel = new FakePanelApi({ token: "panel-token-races", nodes: [{ id: "2" }] });
  const node = new FakeNodeApi({ token: "node-token-races", domain: "node.test" });
  await Promise.all([panel.start(), node.start()]);
  const shop = await startShopAccount(account);
  const xui = { a: shop.serverId, b: account.addServer("shop", { type: "xui", daysLeft: 400 }).id };
  const catalog: Catalog = { currency: "XTR", trial: undefined, plans: options.plans(xui) };
  const rig = await makeSalesRig({
    ...options,
    catalog,
    accountUrl: account.url,
    accountApiKey: shop.key,
    panel: { url: panel.url, token: panel.token },
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
  });
  account.now = () => rig.clock.now();
  panel.now = () => rig.clock.now();
  node.now = () => Math.floor(rig.clock.now() / 1000);
  rig.startWorker();
  return {
    rig,
    account,
    panel,
    node,
    xui,
    close: async () => {
      await rig.close();
      await Promise.all([account.stop(), panel.stop(), node.stop()]);
    },
  };
}

/** The plans' shared shape: 30 days, priced in Stars. */
export const base = { days: 30, devices: 0, title: { en: "Plan", ru: "План" } };
/** The panel's main location with its first inbound. */
export const panelMain = { kind: "panel" as const, locations: [{ node: "main", inbound_ids: ["1"] }] };
/** The panel's main location and the connected panel "2". */
export const panelBoth = {
  kind: "panel" as const,
  locations: [
    { node: "main", inbound_ids: ["1"] },
    { node: "2", inbound_ids: ["201"] },
  ],
};

/** Presses and views of one rig's chat, each view read from one person's chat only. */
export function chatOf(rig: () => SalesRig) {
  const t = () => rig().t;
  /** The latest message shown (sent or edited) in `who`'s chat. */
  const shownTo = (who: User): Shown => {
    const call = t()
      .telegram.calls.filter(
        (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.chatId === who.id,
      )
      .at(-1);
    return {
      text: String(call?.params.text ?? ""),
      buttons: buttonsOf(call?.params.reply_markup),
      markup: {},
    };
  };
  const press = (who: User, data: string) => t().send(callback(who, data.replace(/^\+/, "")));
  /** Presses the button labelled `label` on the latest message in `who`'s chat. */
  const tap = (who: User, label: string | RegExp) => press(who, findButton(shownTo(who).buttons, label));
  /** Texts sent to `chat` (messages, and captions of photos). */
  const sentTo = (chat: number) =>
    t()
      .telegram.calls.filter(
        (c) => (c.method === "sendMessage" || c.method === "sendPhoto") && c.chatId === chat,
      )
      .map((c) => String(c.params.text ?? c.params.caption ?? ""));
  const untilSent = (chat: number, part: string) =>
    untilValue(
      async () => sentTo(chat).find((m) => m.includes(part)) ?? "",
      (m) => m !== "",
    );
  /** Opens `sub`'s card in /my; returns it. */
  const card = async (who: User, sub: Pick<Subscription, "id">) => {
    await press(who, `my:card:${sub.id}`);
    return shownTo(who);
  };
  const start = (who: User, payload = "") => t().send(command(who, payload ? `/start ${payload}` : "/start"));
  return { shownTo, press, tap, sentTo, untilSent, card, start };
}

/** The freeze worker's run (workers/freeze-ends.ts), its notices sent through the fake Bot API. */
export function freezeEnds(rig: SalesRig): Promise<number> {
  const api = new Api(TEST_TOKEN, { fetch: rig.t.telegram.fetch as never });
  return endFreezes({
    books: rig.t.deps.books,
    terms: rig.t.deps.terms,
    outbox: {
      send: async (m) => void (await api.sendMessage(m.chatId, m.text ?? "", { parse_mode: "HTML" })),
    },
    i18n: createI18n("en"),
    logger: createLogger("silent"),
  });
}

/** The status of order `id` once it is `status`. */
export function untilOrder(rig: SalesRig, id: string, status: string, timeoutMs?: number) {
  return untilValue(
    () => rig.t.deps.books.orders.get(id).then((o) => o?.status),
    (s) => s === status,
    timeoutMs,
  );
}

/** A customer who said /start, has `money` in the wallet and bought `planId` from it (active). */
export async function boughtFromBalance(rig: SalesRig, who: User, planId: string, money = 1000) {
  const t = rig.t;
  await t.send(command(who, "/start"));
  await t.deps.books.wallet.credit(who.id, money, `seed:${who.id}`, { kind: "admin-credit" });
  const started = await t.deps.sales.shop.startPurchase(who.id, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  const paid = await t.deps.sales.cashier.payFromBalance(who.id, started.order.id);
  if (paid.status !== "paid") throw new Error(paid.status);
  await untilOrder(rig, started.order.id, "active");
  const sub = (await t.deps.books.subscriptions.ofCustomer(who.id)).find((s) => s.planId === planId);
  if (!sub) throw new Error("no subscription");
  return sub;
}
