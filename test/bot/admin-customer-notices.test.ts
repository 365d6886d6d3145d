import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "../../src/config.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7350, { first_name: "Boss", language_code: "en" });

let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id] });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button, textsTo } = telegramViews(() => t);

async function customer(id: number, firstName: string, locale: Locale) {
  await t.deps.books.customers.seen({ id, firstName, locale });
}

describe("customers hear of what an admin did to them", () => {
  it("a credit reaches the customer in their language, with the amount, the reason and the balance", async () => {
    await customer(8401, "Ира", "ru");
    await press("a.c:credit:8401:");
    await say("150");
    await say("Компенсация за сбой");
    expect(textsTo(8401)).toEqual([]);
    const yes = button("✅ Confirm");
    await press(yes);
    expect(lastShown().text).toContain("✅ Credited 150 ⭐");
    expect(lastShown().text).toContain("The customer was told.");
    const [notice] = textsTo(8401);
    expect(notice).toContain("зачислил");
    expect(notice).toContain("150 ⭐");
    expect(notice).toContain("Компенсация за сбой");
    // A second tap changes nothing and tells nobody twice.
    await press(yes);
    expect(textsTo(8401)).toHaveLength(1);
  });

  it("a debit reaches the customer with the reason", async () => {
    await customer(8402, "Ken", "en");
    await t.deps.books.wallet.credit(8402, 300, "seed:8402", { kind: "admin-credit" });
    await press("a.c:debit:8402:");
    await say("100");
    await say("Chargeback <bank>");
    await press(button("✅ Confirm"));
    const [notice] = textsTo(8402);
    expect(notice).toContain("debited 100 ⭐ from your wallet");
    expect(notice).toContain("Chargeback &lt;bank&gt;");
    expect(notice).toContain("200 ⭐");
  });

  it("blocking asks for a reason and a confirmation, then tells the customer why", async () => {
    await customer(8403, "Liam", "en");
    await press("a.c:card:8403:");
    await press(button("⛔ Block"));
    expect(lastShown().text).toContain("Why is <b>Liam</b> blocked?");
    expect(await t.deps.books.customers.isBlocked(8403)).toBe(false);
    await say("Reselling accounts");
    const confirm = lastShown();
    expect(confirm.text).toContain("Block Liam (<code>8403</code>)?");
    expect(confirm.text).toContain("Reason: <i>Reselling accounts</i>");
    expect(await t.deps.books.customers.isBlocked(8403)).toBe(false);
    expect(textsTo(8403)).toEqual([]);

    const yes = button("⛔ Yes, block");
    await press(yes);
    expect(await t.deps.books.customers.isBlocked(8403)).toBe(true);
    expect(lastShown().text).toContain("⛔ The customer is blocked");
    expect(lastShown().text).toContain("The customer was told.");
    const [notice] = textsTo(8403);
    expect(notice).toContain("blocked");
    expect(notice).toContain("Reselling accounts");
    // The confirmation works once.
    await press(yes);
    expect(textsTo(8403)).toHaveLength(1);

    await press(button("✅ Unblock"));
    expect(await t.deps.books.customers.isBlocked(8403)).toBe(false);
    expect(textsTo(8403)[1]).toContain("restored");
  });

  it("a customer who blocked the bot is not told, and the admin sees that", async () => {
    await customer(8404, "Mo", "en");
    t.telegram.blockChat(8404);
    await press("a.c:credit:8404:");
    await say("10");
    await say("Gift");
    await press(button("✅ Confirm"));
    expect(lastShown().text).toContain("✅ Credited 10 ⭐");
    expect(lastShown().text).toContain("The customer could not be told");
    expect((await t.deps.books.customers.get(8404))?.botBlocked).toBe(true);
  });
});
