import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { csvField, EXPORT_PAGE, majorAmount } from "../../src/domain/backoffice/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { callback, type FakeFile, user } from "../fakes/telegram-api.js";
import { createTestBot, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { seedSubscription } from "../helpers/shop-seed.js";

const ADMIN = user(8500, { first_name: "Boss", language_code: "en" });
const STRANGER = user(8599, { first_name: "Mallory", language_code: "en" });
/** 10 March 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 12);
const DAY = 86_400_000;
const BOM = "\uFEFF";

const clock = new ManualClock(NOW);
let t: TestBot;

beforeEach(async () => {
  clock.set(NOW);
  t = await createTestBot({ adminIds: [ADMIN.id], clock, catalog: { ...TEST_CATALOG, currency: "USD" } });
});
afterEach(() => t.close());

/** The documents the bot sent, by file name prefix, as text. */
function documents(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const call of t.telegram.callsOf("sendDocument")) {
    const file = call.params.document as FakeFile;
    out[file.filename.replace(/-\d{4}-\d\d-\d\d\.csv$/, "")] = file.data.toString("utf8");
  }
  return out;
}

describe("CSV fields", () => {
  it("quotes commas, quotes, line breaks and edge spaces, and neutralises formulas but not numbers", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField(" lead")).toBe('" lead"');
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+7 999 123")).toBe("'+7 999 123");
    expect(csvField("-cmd")).toBe("'-cmd");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField('=HYPERLINK("http://x","go"),')).toBe('"\'=HYPERLINK(""http://x"",""go""),"');
    expect(csvField("-150")).toBe("-150");
    expect(csvField("4.99")).toBe("4.99");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("yes");
    expect(csvField(undefined)).toBe("");
  });

  it("writes amounts in major units, exactly", () => {
    expect(majorAmount("USD", 499)).toBe("4.99");
    expect(majorAmount("USD", -5)).toBe("-0.05");
    expect(majorAmount("USD", 120000)).toBe("1200.00");
    expect(majorAmount("XTR", -150)).toBe("-150");
    expect(majorAmount("JPY", 700)).toBe("700");
  });
});

describe("admin export (Sales -> Export CSV)", () => {
  it("sends customers, subscriptions and the ledger of a seeded shop as CSV documents", async () => {
    const rooms = t.deps;
    clock.set(NOW - 10 * DAY);
    await rooms.books.customers.seen({ id: 8101, firstName: "Ann", locale: "en" });
    clock.set(NOW - 9 * DAY);
    const tricky = '=HYPERLINK("http://evil","Click"), Bob\nSecond line';
    await rooms.books.customers.seen({ id: 8102, firstName: tricky, username: "bob_the", locale: "ru" });
    clock.set(NOW - 8 * DAY);
    await rooms.books.wallet.credit(8102, 1_000, "charge:c1", { kind: "topup", ref: "c1" });
    clock.set(NOW - 7 * DAY);
    await rooms.books.wallet.debit(8102, 499, "order:o1", {
      kind: "purchase",
      ref: "o1",
      planId: "de-xui",
      note: 'promo "SPRING", 10%',
    });
    await seedSubscription(rooms, "oaaaa1111", { customerId: 8102, expiresAt: NOW + 23 * DAY });
    await seedSubscription(rooms, "obbbb2222", {
      customerId: 8101,
      expiresAt: NOW - DAY,
      trial: true,
      ref: { kind: "xui", serverId: 7, name: "c8101-trial" },
    });
    clock.set(NOW);
    await rooms.books.customers.seen({ id: ADMIN.id, firstName: "Boss", locale: "en" });
    const [credit, debit] = (await rooms.books.wallet.history(8102, 0, 10)).entries.reverse();

    await t.send(callback(ADMIN, "a.ex"));

    const docs = documents();
    expect(Object.keys(docs).sort()).toEqual(["customers", "ledger", "subscriptions"]);
    expect(t.telegram.callsOf("sendDocument").map((c) => c.params.caption)).toEqual([
      "Customers (CSV)",
      "Subscriptions (CSV)",
      "Ledger: every wallet movement (CSV)",
    ]);
    expect(docs.customers).toBe(
      [
        `${BOM}customer_id,username,first_name,language,first_seen,blocked_by_admin,blocked_the_bot,trial_used_at,balance,currency`,
        "8101,,Ann,en,2026-02-28T12:00:00.000Z,no,no,,0.00,USD",
        `8102,bob_the,"'=HYPERLINK(""http://evil"",""Click""), Bob\nSecond line",ru,2026-03-01T12:00:00.000Z,no,no,,5.01,USD`,
        "8500,,Boss,en,2026-03-10T12:00:00.000Z,no,no,,0.00,USD",
        "",
      ].join("\r\n"),
    );
    expect(docs.subscriptions).toBe(
      [
        `${BOM}subscription_id,customer_id,plan_id,status,trial,expires_at,created_at,traffic_gb,devices,backend,client_name`,
        "sbbbb2222,8101,de-xui,expired,yes,2026-03-09T12:00:00.000Z,2026-03-03T12:00:00.000Z,0,0,xui,c8101-trial",
        "saaaa1111,8102,de-xui,active,no,2026-04-02T12:00:00.000Z,2026-03-03T12:00:00.000Z,0,0,node,c8102",
        "",
      ].join("\r\n"),
    );
    expect(docs.ledger).toBe(
      [
        `${BOM}entry_id,at,customer_id,kind,amount,currency,balance_after,ref,plan_id,note`,
        `${credit?.id},2026-03-02T12:00:00.000Z,8102,topup,10.00,USD,10.00,c1,,`,
        `${debit?.id},2026-03-03T12:00:00.000Z,8102,purchase,-4.99,USD,5.01,o1,de-xui,"promo ""SPRING"", 10%"`,
        "",
      ].join("\r\n"),
    );
  });

  it(`pages through a shop larger than one page (${EXPORT_PAGE} rows): every customer exactly once`, async () => {
    const n = 2 * EXPORT_PAGE + 37;
    for (let i = 0; i < n; i++) {
      clock.set(NOW - (n - i) * 1_000);
      await t.deps.books.customers.seen({ id: 100_000 + i, firstName: `C${i}`, locale: "en" });
    }
    await t.send(callback(ADMIN, "a.ex"));
    // The admin is a customer too (seen pressing the button): the last row.
    const rows = (documents().customers ?? "").split("\r\n").slice(1, -2);
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => Number(r.split(",")[0]))).toEqual(
      Array.from({ length: n }, (_, i) => 100_000 + i),
    );
  });

  it("is refused to a non-admin: no document is sent", async () => {
    await t.deps.books.customers.seen({ id: 8101, firstName: "Ann", locale: "en" });
    await t.send(callback(STRANGER, "a.ex"));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "This action is for the shop's admins only.",
      show_alert: true,
    });
    expect(t.telegram.callsOf("sendDocument")).toHaveLength(0);
    expect(t.telegram.callsOf("sendMessage")).toHaveLength(0);
  });
});
