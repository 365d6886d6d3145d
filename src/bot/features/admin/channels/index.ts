import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { asStaff } from "../staff-actor.js";
import { ADD_CHANNEL, channelsConversations } from "./add.js";
import { channelsCb } from "./callbacks.js";
import { COVERAGE_LABEL, channelsView } from "./view.js";

export { channelsConversations, channelsView };

/**
 * The required channels screen (from Settings): the gate's coverage, and its channels added and
 * removed. Mounted behind the admin filter; the guard refuses anyone else's press.
 */
export const channelsFeature = new Routes<BotContext>();

channelsFeature.callbackQuery(channelsCb.pattern, async (ctx) => {
  const data = channelsCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "add") {
    await ctx.answerCallbackQuery();
    return enterConversation(ctx, ADD_CHANNEL);
  }
  let note: string | undefined;
  if (data?.act === "cover") {
    if (!(await permitted(ctx, "catalog", "settings.set"))) return;
    const change = { key: "gateCoverage", value: data.coverage } as const;
    if (!(await asStaff(ctx, (actor) => ctx.deps.catalog.settings.setAs(actor, change)))) return;
    ctx.log.info({ adminId: ctx.from.id, coverage: data.coverage }, "channel gate coverage changed");
    note = ctx.t("gate-admin-coverage-set", { coverage: ctx.t(COVERAGE_LABEL[data.coverage]) });
  } else if (data?.act === "rm") {
    if (!(await permitted(ctx, "catalog", "channel.remove"))) return;
    const listed = (await ctx.deps.catalog.requiredChannels.list()).find((c) => c.id === data.chatId);
    const removed = await asStaff(ctx, (actor) => ctx.deps.sales.gate.removeChannelAs(actor, data.chatId));
    if (removed === undefined) return;
    ctx.log.info({ adminId: ctx.from.id, chatId: data.chatId, removed }, "required channel removed");
    note = removed && listed ? ctx.t("gate-admin-removed", { title: html(listed.title) }) : undefined;
  }
  await ctx.answerCallbackQuery();
  await show(ctx, await channelsView(ctx, note));
});
