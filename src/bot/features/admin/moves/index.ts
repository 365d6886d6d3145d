import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { show } from "#src/bot/views/show.js";
import type { MoveEnd } from "#src/domain/fleet/index.js";
import { endCode, endOf, type MoveButton, moveCb } from "#src/render/bulk-move.js";
import { Routes } from "../../../routes.js";
import { actorOf, mayHost } from "../hosting-staff.js";
import { pickView, previewView, progressView, sourcesView, targetsView, toggle, whoView } from "./views.js";

/**
 * An admin's bulk move of customers off an xui server (its card's "Move customers") or a panel
 * location (the panel screen's): the target, all or chosen customers, a preview, and on confirm
 * a job (fleet's BulkMoves, run by the moves worker) whose progress message this confirmation
 * becomes, with pause, resume and cancel. Starting, pausing, resuming and cancelling need the
 * `hosting` permission, checked on each press.
 */

export { moveCb } from "#src/render/bulk-move.js";

/** What a press that changes something records (the role's check). */
const CHANGES = {
  go: "move.start",
  pause: "move.pause",
  resume: "move.resume",
  cancel: "move.cancel",
} as const;

async function ends(ctx: BotContext, data: MoveButton): Promise<[MoveEnd, MoveEnd] | undefined> {
  const from = endOf(data.from);
  const to = endOf(data.to);
  if (from && to && from.kind === to.kind) return [from, to];
  await show(ctx, { text: ctx.t("move-not-found") });
  return undefined;
}

/** Starts the move the preview showed: its list fixed now, the confirmation becomes its progress. */
async function go(ctx: BotContext, from: MoveEnd, to: MoveEnd, which: string): Promise<void> {
  const moves = ctx.deps.fleet.bulkMoves;
  const adminId = ctx.from?.id ?? 0;
  const selected = which === "sel" ? await moves.records.picked(adminId, endCode(from)) : undefined;
  const chosen = (await moves.candidates(from, to)).filter(
    (c) => !selected || selected.has(c.subscriptionId),
  );
  if (chosen.length === 0)
    return show(ctx, await previewView(ctx, from, to, which === "sel" ? "sel" : "all"));
  const move = await moves.start(
    {
      ...{ adminId, chatId: ctx.chat?.id ?? adminId, locale: await localeOf(ctx), from, to },
      subscriptionIds: chosen.map((c) => c.subscriptionId),
      progressMessageId: ctx.callbackQuery?.message?.message_id,
    },
    actorOf(ctx),
  );
  await moves.records.clearPicked(adminId, endCode(from));
  await show(ctx, await progressView(ctx, move.id));
}

/** Pause, resume or cancel a move; the progress shown again (a press that changed nothing says so). */
async function control(ctx: BotContext, act: "pause" | "resume" | "cancel", id: string): Promise<void> {
  const moves = ctx.deps.fleet.bulkMoves;
  const done =
    act === "pause"
      ? await moves.pause(id, actorOf(ctx))
      : act === "resume"
        ? await moves.resume(id, actorOf(ctx))
        : await moves.cancel(id, actorOf(ctx));
  await show(ctx, await progressView(ctx, id, done ? undefined : ctx.t("move-unchanged")));
}

async function route(ctx: BotContext, data: MoveButton): Promise<void> {
  switch (data.act) {
    case "loc":
      return show(ctx, await sourcesView(ctx));
    case "to": {
      const from = endOf(data.from);
      return show(ctx, from ? await targetsView(ctx, from) : { text: ctx.t("move-not-found") });
    }
    case "rep":
      return show(ctx, await progressView(ctx, data.from));
    case "pause":
    case "resume":
    case "cancel":
      return control(ctx, data.act, data.from);
    default:
      return routeBetween(ctx, data);
  }
}

/** The screens between a source and a target: who, the picking list, a toggle, the preview, go. */
async function routeBetween(ctx: BotContext, data: MoveButton): Promise<void> {
  const pair = await ends(ctx, data);
  if (!pair) return;
  const [from, to] = pair;
  switch (data.act) {
    case "who":
      return show(ctx, await whoView(ctx, from, to));
    case "pick":
      return show(ctx, await pickView(ctx, from, to, Number(data.arg) || 0));
    case "tog": {
      const [page, index] = data.arg.split(".").map(Number);
      await toggle(ctx, from, to, page ?? 0, index ?? 0);
      return show(ctx, await pickView(ctx, from, to, page ?? 0));
    }
    case "pv":
      return show(ctx, await previewView(ctx, from, to, data.arg === "sel" ? "sel" : "all"));
    case "go":
      return go(ctx, from, to, data.arg);
  }
}

/** Admin-only (mounted behind the admin filter): every `a.mv:` button. */
export const movesFeature = new Routes<BotContext>();

movesFeature.callbackQuery(moveCb.pattern, async (ctx) => {
  const data = moveCb.unpack(ctx.callbackQuery.data);
  const change = data && data.act in CHANGES ? CHANGES[data.act as keyof typeof CHANGES] : undefined;
  // The role is read now, on the press: a refusal is the press's own answer.
  if (change && !(await mayHost(ctx, change))) return;
  await ctx.answerCallbackQuery();
  if (data) await route(ctx, data);
});
