import { InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import type { PlanSave } from "#src/domain/catalog/index.js";
import { html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { catalogView } from "../catalog/view.js";
import { asStaff } from "../staff-actor.js";
import { fieldArg, plansCb, versionArg } from "./callbacks.js";
import { ADD_PLAN, EDIT_PLAN, plansConversations } from "./edit.js";
import { differenceButtons, differenceLines, planCardView, plansListView } from "./view.js";

export { differenceButtons, differenceLines, plansConversations, plansListView };

/** The notice of a change made by a button: saved, refused by the checks, or raced. */
function outcome(ctx: BotContext, saved: PlanSave, done: string, id: string): string {
  if (saved.ok) return ctx.t(done, { id: html(id) });
  return saved.reason === "invalid"
    ? ctx.t("plans-save-invalid", { error: html(saved.error) })
    : ctx.t("plans-changed-meanwhile");
}

/** Retires the plan or puts it back on sale, at the version the button was shown with. */
async function setOnSale(ctx: BotContext, id: string, version: number, on: boolean): Promise<void> {
  if (!(await permitted(ctx, "catalog", "plan.edit"))) return;
  const store = ctx.deps.catalogFile;
  const plan = store.full().plans.find((p) => p.id === id);
  if (!plan) return show(ctx, await plansListView(ctx, ctx.t("plans-gone")));
  const changed = { ...plan, on_sale: on ? undefined : false };
  const saved = await asStaff(ctx, (actor) => store.savePlanAs(actor, changed, version));
  if (!saved) return;
  ctx.log.info({ adminId: ctx.from?.id, plan: id, onSale: on, ok: saved.ok }, "plan sale state changed");
  return show(
    ctx,
    await planCardView(ctx, id, outcome(ctx, saved, on ? "plans-now-on-sale" : "plans-now-retired", id)),
  );
}

/** The catalog in force as a YAML file: the seed to put back in place of CATALOG_FILE, and a backup. */
async function exportYaml(ctx: BotContext): Promise<void> {
  const store = ctx.deps.catalogFile;
  const day = new Date(ctx.deps.clock.now()).toISOString().slice(0, 10);
  await ctx.replyWithDocument(new InputFile(Buffer.from(store.toYaml(), "utf8"), `catalog-${day}.yaml`), {
    caption: ctx.t("plans-export-caption", { file: store.file }),
  });
  ctx.log.info({ adminId: ctx.from?.id }, "catalog exported as YAML");
}

/** After a reload: the file's plan or the bot's edit wins, as the admin chose. */
async function choose(ctx: BotContext, id: string, version: number, file: boolean): Promise<void> {
  if (!(await permitted(ctx, "catalog", file ? "plan.use-file" : "plan.keep-edit"))) return;
  const store = ctx.deps.catalogFile;
  const saved = await asStaff(ctx, (actor) =>
    file ? store.useFileAs(actor, id, version) : store.keepEditAs(actor, id, version),
  );
  if (!saved) return;
  ctx.log.info(
    { adminId: ctx.from?.id, plan: id, wins: file ? "file" : "bot", ok: saved.ok },
    "plan conflict chosen",
  );
  return show(
    ctx,
    await catalogView(ctx, outcome(ctx, saved, file ? "catalog-took-file" : "catalog-kept-bot", id)),
  );
}

/** The plan editor (mounted behind the admin filter; the guard refuses others). */
export const plansFeature = new Routes<BotContext>();

plansFeature.callbackQuery(plansCb.pattern, async (ctx) => {
  const data = plansCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  const version = versionArg(data.arg);
  const field = fieldArg(data.arg);
  if (data.act === "card") return show(ctx, await planCardView(ctx, data.id));
  if (data.act === "edit" && field) return enterConversation(ctx, EDIT_PLAN, { id: data.id, field });
  if (data.act === "add") return enterConversation(ctx, ADD_PLAN);
  if (data.act === "export") return exportYaml(ctx);
  if (version !== undefined && (data.act === "retire" || data.act === "sale"))
    return setOnSale(ctx, data.id, version, data.act === "sale");
  if (version !== undefined && (data.act === "file" || data.act === "keep"))
    return choose(ctx, data.id, version, data.act === "file");
  return show(ctx, await plansListView(ctx));
});
