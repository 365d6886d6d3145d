import { Composer } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { html } from "#src/render/format.js";
import { ADD_CHANNEL, channelsConversations } from "./add.js";
import { channelsCb } from "./callbacks.js";
import { COVERAGE_LABEL, channelsView } from "./view.js";

export { channelsConversations, channelsView };

/**
 * The required channels screen (from Settings): the gate's coverage, and its channels added and
 * removed. Mounted behind the admin filter; the guard refuses anyone else's press.
 */
export const channelsFeature = new Composer<BotContext>();

channelsFeature.callbackQuery(channelsCb.pattern, async (ctx) => {
  const data = channelsCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "add") {
    await ctx.answerCallbackQuery();
    return enterConversation(ctx, ADD_CHANNEL);
  }
  let note: string | undefined;
  if (data?.act === "cover") {
    await ctx.deps.catalog.settings.setGateCoverage(data.coverage);
    ctx.log.info({ adminId: ctx.from.id, coverage: data.coverage }, "channel gate coverage changed");
    note = ctx.t("gate-admin-coverage-set", { coverage: ctx.t(COVERAGE_LABEL[data.coverage]) });
  } else if (data?.act === "rm") {
    const listed = (await ctx.deps.catalog.requiredChannels.list()).find((c) => c.id === data.chatId);
    const removed = await ctx.deps.sales.gate.removeChannel(data.chatId);
    ctx.log.info({ adminId: ctx.from.id, chatId: data.chatId, removed }, "required channel removed");
    note = removed && listed ? ctx.t("gate-admin-removed", { title: html(listed.title) }) : undefined;
  }
  await ctx.answerCallbackQuery();
  await show(ctx, await channelsView(ctx, note));
});
