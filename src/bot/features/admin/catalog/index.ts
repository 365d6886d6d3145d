import { Composer } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { show } from "#src/bot/views/show.js";
import { html } from "#src/render/format.js";
import { catalogCb } from "./callbacks.js";
import { catalogView } from "./view.js";

export { catalogView };

/** The catalog section: what is on sale and off sale, and a reload of the file. */
export const catalogFeature = new Composer<BotContext>();

catalogFeature.callbackQuery(catalogCb.pattern, async (ctx) => {
  const data = catalogCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  if (data.act === "view") return show(ctx, await catalogView(ctx));
  const result = await ctx.deps.catalogFile.reload();
  ctx.log.info({ adminId: ctx.from.id, ok: result.ok }, "catalog reload");
  const notice = result.ok
    ? ctx.t("catalog-reloaded", { count: result.catalog.plans.length })
    : ctx.t("catalog-reload-failed", { error: html(result.error) });
  return show(ctx, await catalogView(ctx, notice));
});
