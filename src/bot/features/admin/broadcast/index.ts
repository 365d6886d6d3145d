import type { CallbackQueryContext } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { claimConfirmation, enterConversation, issueConfirmation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import type { Audience } from "#src/domain/backoffice/index.js";
import { type BroadcastCb, broadcastCb } from "#src/render/notice-buttons.js";
import { Routes } from "../../../routes.js";
import { adminHomeButton } from "../home.js";
import { asStaff } from "../staff-actor.js";
import { BROADCAST, broadcastConversations } from "./conversation.js";
import {
  audienceCounts,
  audienceKeyboard,
  audienceSize,
  broadcastHomeView,
  confirmView,
  expiredView,
  nobodyView,
  planAudiences,
} from "./views.js";

export { broadcastConversations, broadcastHomeView };

/**
 * Broadcast: the admin writes a message (a text, or a photo with a caption) in a short
 * conversation, sees it exactly as customers will, picks the audience (with counts) and confirms
 * with a one-time token. The draft waits in the domain's drafts store between the steps, so the
 * buttons keep working outside the conversation; the sending itself runs in the broadcast worker,
 * whose progress message carries a Stop button.
 *
 * Formatting is kept: a message with entities (bold, links, ...) goes out as its text with those
 * entities; one without goes out as HTML-escaped text, as before.
 */
export const broadcastFeature = new Routes<BotContext>();

/** The confirmation confirms this draft to this audience, nothing else. */
const confirmation = (draft: string, audience: Audience) => `broadcast:${draft}:${audience}`;

type Data<A extends BroadcastCb["act"]> = Extract<BroadcastCb, { act: A }>;
/** A press of one of the section's buttons. */
type Press = CallbackQueryContext<BotContext>;

async function write(ctx: Press): Promise<void> {
  await ctx.answerCallbackQuery();
  if (!ctx.deps.broadcasts) return show(ctx, await broadcastHomeView(ctx));
  await enterConversation(ctx, BROADCAST);
}

async function cancel(ctx: Press, data: Data<"cancel">): Promise<void> {
  await ctx.answerCallbackQuery();
  await ctx.deps.backoffice.broadcastDrafts.discard(data.draft);
  return show(ctx, { text: ctx.t("broadcast-cancelled"), keyboard: adminHomeButton(ctx) });
}

/** The audience choice (no audience yet), or the confirmation of the one chosen. */
async function chooseAudience(ctx: Press, data: Data<"aud">): Promise<void> {
  await ctx.answerCallbackQuery();
  const draft = await ctx.deps.backoffice.broadcastDrafts.get(data.draft);
  if (!draft) return show(ctx, expiredView(ctx));
  const locale = await localeOf(ctx);
  if (!data.audience) {
    const counts = await audienceCounts(ctx.deps);
    const keyboard = audienceKeyboard(ctx.t, locale, data.draft, counts, planAudiences(ctx, locale));
    return show(ctx, { text: ctx.t("broadcast-preview"), keyboard });
  }
  // A plan no longer on sale counts as nobody: back to the choice.
  const count = (await audienceSize(ctx, data.audience)) ?? 0;
  if (count === 0) return show(ctx, nobodyView(ctx, data.draft));
  const ttl = ctx.deps.backoffice.broadcastDrafts.ttlSeconds;
  const token = await issueConfirmation(ctx, confirmation(data.draft, data.audience), ttl);
  return show(ctx, confirmView(ctx, data.draft, data.audience, count, token, locale));
}

/** Starts the broadcast once per confirmation; a double tap is told it already started. */
async function go(ctx: Press, data: Data<"go">): Promise<void> {
  if (!(await permitted(ctx, "broadcast", "broadcast.send"))) return;
  const { deps } = ctx;
  const claim = data.audience
    ? await claimConfirmation(ctx, data.token, confirmation(data.draft, data.audience))
    : "unknown";
  await ctx.answerCallbackQuery(
    claim === "used" ? { text: ctx.t("broadcast-already-started"), show_alert: true } : undefined,
  );
  if (claim === "used") return;
  const draft = await deps.backoffice.broadcastDrafts.get(data.draft);
  if (claim === "unknown" || !draft || !data.audience) return show(ctx, expiredView(ctx));
  const starter = deps.broadcasts;
  if (!starter) return show(ctx, await broadcastHomeView(ctx));
  const request = {
    adminChatId: ctx.chat?.id ?? ctx.from.id,
    text: draft.text,
    entities: draft.entities,
    photoFileId: draft.photo,
    ...(draft.buttons?.length ? { buttons: draft.buttons } : {}),
    audience: data.audience,
    locale: await localeOf(ctx),
  };
  const started = await asStaff(ctx, (actor) => starter.start(request, actor));
  if (!started) return;
  const { id } = started;
  await deps.backoffice.broadcastDrafts.discard(data.draft);
  ctx.log.info({ adminId: ctx.from.id, broadcastId: id, audience: data.audience }, "broadcast started");
  return show(ctx, { text: ctx.t("broadcast-started"), keyboard: adminHomeButton(ctx) });
}

/** Stop on the worker's progress message: it shows the outcome; the press gets a toast. */
async function stop(ctx: Press, data: Data<"stop">): Promise<void> {
  if (!(await permitted(ctx, "broadcast", "broadcast.stop"))) return;
  const { broadcasts } = ctx.deps;
  const id = data.broadcast;
  const outcome = broadcasts && id ? await asStaff(ctx, (actor) => broadcasts.stop(id, actor)) : "unknown";
  if (outcome === undefined) return;
  if (outcome === "stopping") {
    ctx.log.info({ adminId: ctx.from.id, broadcastId: data.broadcast }, "broadcast stopped by an admin");
  }
  await ctx.answerCallbackQuery({ text: ctx.t(`broadcast-stop-${outcome}`) });
}

broadcastFeature.callbackQuery(broadcastCb.pattern, async (ctx) => {
  const data = broadcastCb.unpack(ctx.callbackQuery.data);
  if (!data) return ctx.answerCallbackQuery();
  switch (data.act) {
    case "new":
      return write(ctx);
    case "nobtn":
      // An old "No buttons" after its dialog ended: nothing to do.
      return ctx.answerCallbackQuery();
    case "cancel":
      return cancel(ctx, data);
    case "aud":
      return chooseAudience(ctx, data);
    case "go":
      return go(ctx, data);
    case "stop":
      return stop(ctx, data);
  }
});
