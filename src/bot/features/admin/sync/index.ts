import type { BotContext } from "#src/bot/context.js";
import { show, type View } from "#src/bot/views/show.js";
import type { Finding } from "#src/domain/drift/index.js";
import { Routes } from "../../../routes.js";
import { actorOf, mayHost } from "../hosting-staff.js";
import { type SyncAct, syncCb } from "./callbacks.js";
import { deleteConfirmView, findingView, moveView, outcomeText, syncView } from "./views.js";

export { syncView };

/**
 * The "Sync" section (issue 13): the last reconciliation, what it found and repaired, what waits
 * for a decision, Run now, and per waiting finding the one-tap decisions (DriftActions).
 */
export const syncFeature = new Routes<BotContext>();

/** The buttons that change something, with their audit action (checked before the press is answered). */
const CHANGES: Partial<Record<SyncAct, string>> = {
  run: "sync.run",
  rc: "sync.fix.recreate",
  mv: "sync.fix.move",
  odc: "sync.fix.delete",
  oa: "sync.fix.adopt",
};

syncFeature.callbackQuery(syncCb.pattern, async (ctx) => {
  const data = syncCb.unpack(ctx.callbackQuery.data);
  const change = data && CHANGES[data.act];
  if (change && !(await mayHost(ctx, change))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  if (data.act === "home") return show(ctx, await syncView(ctx));
  if (data.act === "run") {
    await ctx.deps.drift.sync.requestRun(actorOf(ctx));
    ctx.log.info({ adminId: ctx.from.id }, "drift: run requested");
    return show(ctx, await syncView(ctx, ctx.t("sync-run-queued")));
  }
  const finding = await ctx.deps.drift.sync.findings.get(data.id);
  if (!finding || finding.status === "resolved") return show(ctx, await findingView(ctx, undefined));
  return show(ctx, await onFinding(ctx, data.act, finding, Number(data.arg || 0)));
});

/** What a finding's button does; every decision goes through DriftActions. */
async function onFinding(ctx: BotContext, act: SyncAct, f: Finding, arg: number): Promise<View> {
  const actions = ctx.deps.drift.actions;
  const by = actorOf(ctx);
  const after = async (out: Parameters<typeof outcomeText>[1]) => {
    ctx.log.info({ adminId: ctx.from?.id, act, finding: f.id, status: out.status }, "drift: decision");
    const now = await ctx.deps.drift.sync.findings.get(f.id);
    // Settled by the action: back to the list with the outcome on top.
    if (now?.status === "resolved") return syncView(ctx, outcomeText(ctx.t, out));
    return findingView(ctx, now, outcomeText(ctx.t, out));
  };
  if (act === "rc" && f.kind === "missing") return after(await actions.recreate(f.subscriptionId, by));
  if (act === "ms") return moveView(ctx, f);
  if (act === "mv" && f.kind === "server_gone" && arg > 0)
    return after(await actions.moveXui(f.subscriptionId, arg, by));
  if (act === "od" && f.kind === "orphan") return deleteConfirmView(ctx, f);
  if (act === "odc" && f.kind === "orphan") return after(await actions.deleteOrphan(f.ref, by));
  if (act === "oa" && f.kind === "orphan" && arg > 0) return after(await actions.adoptOrphan(f.ref, arg, by));
  return findingView(ctx, f);
}
