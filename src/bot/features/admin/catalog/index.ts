import type { BotContext } from "#src/bot/context.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { differenceButtons, differenceLines } from "../plans/view.js";
import { asStaff } from "../staff-actor.js";
import { catalogCb } from "./callbacks.js";
import { catalogView } from "./view.js";

export { catalogView };

/** The catalog section: what is on sale and off sale, and a reload of the file. */
export const catalogFeature = new Routes<BotContext>();

catalogFeature.callbackQuery(catalogCb.pattern, async (ctx) => {
  const data = catalogCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  if (data.act === "view") return show(ctx, await catalogView(ctx));
  if (!(await permitted(ctx, "catalog", "catalog.reload"))) return;
  const result = await asStaff(ctx, (actor) => ctx.deps.catalogFile.reloadAs(actor));
  if (!result) return;
  ctx.log.info({ adminId: ctx.from.id, ok: result.ok }, "catalog reload");
  if (!result.ok)
    return show(ctx, await catalogView(ctx, ctx.t("catalog-reload-failed", { error: html(result.error) })));
  // Where the file and the bot's edits differ the bot's edit stays in force: said, with the choice.
  const notice = [
    ctx.t("catalog-reloaded", { count: result.catalog.plans.length }),
    ...differenceLines(ctx, result.differences),
  ];
  return show(ctx, await catalogView(ctx, notice.join("\n"), differenceButtons(ctx, result.differences)));
});
