import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7800, { first_name: "Boss", language_code: "en" });
const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0));
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id], clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

/** The user writes to the bot (recorded as a customer at most once an hour, so the clock moves on). */
async function writes(id: number, username?: string): Promise<void> {
  clock.advance(HOUR + 1);
  await t.send(command(user(id, { first_name: `U${id}`, ...(username ? { username } : {}) }), "/help"));
}

const find = (query: string) => t.deps.books.customers.find(query);

describe("the @username index follows username changes", () => {
  it("an old name no longer finds the user after they change it", async () => {
    await writes(8801, "old_name");
    expect((await find("@old_name"))?.id).toBe(8801);
    await writes(8801, "new_name");
    expect((await find("@new_name"))?.id).toBe(8801);
    expect(await find("@old_name")).toBeUndefined();
    expect((await t.deps.books.customers.get(8801))?.username).toBe("new_name");
  });

  it("a name taken over by another user finds the new owner only", async () => {
    await writes(8802, "shared_name");
    await writes(8802, "moved_on");
    await writes(8803, "Shared_Name");
    expect((await find("@shared_name"))?.id).toBe(8803);
    expect((await find("@moved_on"))?.id).toBe(8802);
  });

  it("a name the old owner still shows is not theirs once another user writes with it", async () => {
    // 8804 changed their name in Telegram but has not written since; 8805 now has the name.
    await writes(8804, "grabbed");
    await writes(8805, "grabbed");
    expect((await find("@grabbed"))?.id).toBe(8805);
    expect((await t.deps.books.customers.get(8804))?.username).toBeUndefined();
  });

  it("a user who removed their username is no longer found by it", async () => {
    await writes(8806, "gone_name");
    await writes(8806);
    expect(await find("@gone_name")).toBeUndefined();
    expect((await t.deps.books.customers.get(8806))?.username).toBeUndefined();
  });

  it("the admin's search by the old name finds nobody", async () => {
    await writes(8807, "before_rename");
    await writes(8807, "after_rename");
    await press("a.c:find:0:");
    await say("@before_rename");
    expect(lastShown().text).toContain("No customer matches <b>@before_rename</b>");
    await say("@after_rename");
    expect(lastShown().text).toContain("@after_rename");
  });
});
