/**
 * The baseline of the side-by-side benchmark: a minimal grammY bot as a new user would write it,
 * with only what grammY itself offers and nothing of ours. Runner with `sequentialize` per chat,
 * sessions in Redis (`@grammyjs/storage-redis` over ioredis), `/start` answering a text with an
 * inline keyboard, a press on its first button editing the message and answering the press.
 * Started as its own process by bench/compare.ts with BOT_TOKEN, BOT_API_ROOT and REDIS_URL.
 */
import { run, sequentialize } from "@grammyjs/runner";
import { RedisAdapter } from "@grammyjs/storage-redis";
import { Bot, type Context, InlineKeyboard, type SessionFlavor, session } from "grammy";
import { Redis } from "ioredis";
import { z } from "zod";

interface SessionData {
  screen: "start" | "buy";
}
type BareContext = Context & SessionFlavor<SessionData>;

const env = z
  .object({ BOT_TOKEN: z.string().min(1), BOT_API_ROOT: z.url(), REDIS_URL: z.string().min(1) })
  .parse(process.env);

const redis = new Redis(env.REDIS_URL);
const bot = new Bot<BareContext>(env.BOT_TOKEN, { client: { apiRoot: env.BOT_API_ROOT } });
const chatKey = (ctx: Context) => ctx.chat?.id.toString();

bot.use(sequentialize(chatKey));
bot.use(
  session({
    initial: (): SessionData => ({ screen: "start" }),
    getSessionKey: chatKey,
    storage: new RedisAdapter<SessionData>({ instance: redis }),
  }),
);

const mainMenu = new InlineKeyboard()
  .text("🛒 Buy", "buy")
  .text("🔑 My subscriptions", "my")
  .row()
  .text("👛 Wallet", "wallet")
  .row()
  .text("🌐 Language", "lang")
  .text("❓ Help", "help");
const plans = new InlineKeyboard()
  .text("Germany, 30 days, 100 GB — 150 ⭐", "plan:de")
  .row()
  .text("« Main menu", "main");

bot.command("start", async (ctx) => {
  ctx.session.screen = "start";
  await ctx.reply(`Hello, ${ctx.from?.first_name ?? ""}! Fast VPN in a minute: pick a plan below.`, {
    reply_markup: mainMenu,
  });
});
bot.callbackQuery("buy", async (ctx) => {
  ctx.session.screen = "buy";
  await ctx.editMessageText("<b>Plans</b>\n\nGermany, 30 days, 100 GB — 150 ⭐", {
    parse_mode: "HTML",
    reply_markup: plans,
  });
  await ctx.answerCallbackQuery();
});
bot.catch((err) => process.stderr.write(`bare bot: ${String(err.error)}\n`));

await bot.init();
const runner = run(bot);

const stop = async () => {
  if (runner.isRunning()) await runner.stop();
  await redis.quit();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
