import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { runwayCb } from "./callbacks.js";
import { PACKAGE, runwayConversations } from "./package.js";
import { runwayView } from "./views.js";

/**
 * The runway: how long each server's traffic package and term, each location and the hosting
 * balance last, most urgent first, with what would fix each (the fleet's Forecasts). The server
 * card shows its own lines and sets its package.
 */
export { runwayCb } from "./callbacks.js";
export { cardRunwayText, packageButton, runwayView } from "./views.js";
export { runwayConversations };

/** Admin-only (mounted behind the admin filter; `a.rw` needs `hosting`, as the servers do). */
export const runwayFeature = new Routes<BotContext>();

runwayFeature.callbackQuery(runwayCb.pattern, async (ctx) => {
  const data = runwayCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (data?.act === "pkg") return enterConversation(ctx, PACKAGE, data.server);
  return show(ctx, await runwayView(ctx));
});
