import type { BotContext } from "#src/bot/context.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { exportCb, statsCb } from "./callbacks.js";
import { sendExports } from "./export.js";
import { statsView } from "./view.js";

export { statsView };

/** The "📊 Sales" section: a range's tables, switched by its buttons. */
export const statsFeature = new Routes<BotContext>();

statsFeature.callbackQuery(statsCb.pattern, async (ctx) => {
  const data = statsCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  return show(ctx, await statsView(ctx, data.range));
});

statsFeature.callbackQuery(exportCb.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await sendExports(ctx);
});
