import type { z } from "zod";
import type { RequiredChannel } from "../domain/catalog/index.js";
import type { Caller, WebappDeps } from "./context.js";
import type { channelCheckResponse, GateChannelOut } from "./schemas-gate.js";

/** The channels of a gate refusal as the page reads them (undefined: no channels to name). */
export function channelsOut(channels: readonly RequiredChannel[] | undefined): GateChannelOut[] | undefined {
  return channels?.map((c) => ({
    id: c.id,
    title: c.title,
    username: c.username ?? null,
    join_url: c.joinUrl ?? null,
  }));
}

/**
 * POST /app/api/channels/check: the page's Check, the chat's rule (ChannelGate.recheck: Telegram
 * asked at once). When the caller is in every channel, a trial the gate paused runs again.
 */
export async function checkChannels(
  deps: WebappDeps,
  caller: Caller,
): Promise<z.output<typeof channelCheckResponse>> {
  const { gate, trialWatch } = deps.sales;
  const missing = await gate.recheck(caller.id);
  const joined = missing.length === 0;
  const resumed = joined && (await trialWatch.recheckNow(caller.id)) === "resumed";
  deps.logger.info({ customerId: caller.id, joined, resumed }, "cabinet: channel gate checked");
  return { ok: true, joined, channels: channelsOut(missing) ?? [], trial_resumed: resumed };
}
