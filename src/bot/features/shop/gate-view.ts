import type { RequiredChannel } from "#src/domain/catalog/index.js";
import { type GateGoal, gateScreen } from "#src/render/channel-gate.js";
import type { BotContext } from "../../context.js";
import { show } from "../../views/show.js";
import { answer, mainMenuRow } from "./common.js";

/**
 * The channel gate's screen where the customer was going (the trial, a plan, a gift link): the
 * channels still to join with their join buttons, and Check, which leads on to `goal`.
 */
export async function showGate(
  ctx: BotContext,
  channels: readonly RequiredChannel[],
  goal: GateGoal,
  arg = "",
): Promise<void> {
  ctx.log.info({ customerId: ctx.from?.id, goal, channels: channels.map((c) => c.id) }, "channel gate shown");
  await answer(ctx);
  const { text, keyboard } = gateScreen(ctx.t, channels, goal, arg);
  const rows = mainMenuRow(ctx.t).inline_keyboard;
  await show(ctx, { text, keyboard: { inline_keyboard: [...keyboard.inline_keyboard, ...rows] } });
}
