import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Locale } from "../../src/config.js";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { command, textMessage, user } from "../fakes/telegram-api.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 25: the language is the customer's one choice, wherever it is made: chosen in the cabinet
// it holds in the chat (and past the chat's hourly record of Telegram's language), chosen in the
// chat it holds in the cabinet.

const i18n = createI18n("en");
const clock = new ManualClock();
let h: WebappHarness;

beforeAll(async () => {
  h = await createWebappHarness({ clock, guard: { perUser: 1000, perAddress: 1000 } });
});
afterAll(async () => {
  await h.close();
});

const choose = (who: { id: number }, locale: unknown) =>
  h.api("/app/api/language", who, { method: "POST", body: JSON.stringify({ locale }) });
const cabinetLanguage = async (who: { id: number }) =>
  (await (await h.api("/app/api/me", who)).json()) as { customer: { language: Locale }; rtl: boolean };

/** What the chat answers /help with now. */
async function helpIn(who: ReturnType<typeof user>): Promise<string> {
  h.t.telegram.clear();
  await h.t.send(command(who, "/help"));
  return h.t.texts().at(-1) ?? "";
}
const helpOf = (locale: Locale) => i18n.t(locale, "help-text").split("\n")[0] ?? "";

describe("one language for the chat and the cabinet", () => {
  it("a choice made in the cabinet holds in the chat, also after the chat records Telegram's language again", async () => {
    const ann = user(76_001, { language_code: "en" });
    await h.t.send(command(ann, "/start"));
    expect(await helpIn(ann)).toContain(helpOf("en"));

    const res = await choose(ann, "ru");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, language: "ru" });
    expect(await helpIn(ann)).toContain(helpOf("ru"));
    expect((await cabinetLanguage(ann)).customer.language).toBe("ru");

    // An hour on, the chat records her again with Telegram's language (en): her choice stays.
    clock.advance(2 * HOUR);
    await h.t.send(textMessage(ann, "hello"));
    expect((await h.t.deps.books.customers.get(ann.id))?.locale).toBe("ru");
    expect(await helpIn(ann)).toContain(helpOf("ru"));

    expect((await choose(ann, "fa")).status).toBe(200);
    expect(await cabinetLanguage(ann)).toMatchObject({ customer: { language: "fa" }, rtl: true });
    expect(await helpIn(ann)).toContain(helpOf("fa"));
  });

  it("a choice made in the chat holds in the cabinet", async () => {
    const bob = user(76_002, { language_code: "ru" });
    await h.t.send(command(bob, "/start"));
    expect((await cabinetLanguage(bob)).customer.language).toBe("ru");
    await h.t.send(command(bob, "/language uk"));
    expect((await cabinetLanguage(bob)).customer.language).toBe("uk");
    clock.advance(2 * HOUR);
    await h.t.send(textMessage(bob, "hi"));
    expect((await cabinetLanguage(bob)).customer.language).toBe("uk");
  });

  it("records a customer who comes straight to the cabinet, and takes only the shop's languages", async () => {
    const cleo = { id: 76_003, first_name: "Cleo", language_code: "en" };
    for (const locale of ["de", "EN", "", "__proto__", 1, null]) {
      expect((await choose(cleo, locale)).status, String(locale)).toBe(400);
    }
    expect(await h.t.deps.books.customers.get(cleo.id)).toBeUndefined();
    expect((await choose(cleo, "uk")).status).toBe(200);
    expect(await h.t.deps.books.customers.get(cleo.id)).toMatchObject({ firstName: "Cleo", locale: "uk" });
    expect(await helpIn(user(cleo.id, { language_code: "en" }))).toContain(helpOf("uk"));
  });
});
