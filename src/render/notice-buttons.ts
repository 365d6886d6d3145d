import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { type Audience, audienceSchema } from "../domain/backoffice/index.js";
import { type CallbackCodec, callbackCodec, mappedCodec } from "./callback-data.js";
import { serversCb } from "./server-callbacks.js";

// Buttons that workers attach to their notices and the bot answers: the codecs live here, on
// neutral ground, so neither side imports the other.

/**
 * Callback data of the broadcast flow, typed per action: write one (`new`), drop a draft
 * (`cancel`, no draft from inside the dialog), pick its audience (`aud`, none: show the choice),
 * confirm it with the one-time token of the confirmation (`go`, so a double tap starts one
 * broadcast), or stop a running one (`stop`, the worker's progress message). On the wire it stays
 * `a.bc:<act>:<draft or broadcast id>:<audience>:<token>`.
 */
export type BroadcastCb =
  | { act: "new" }
  | { act: "nobtn" }
  | { act: "cancel"; draft: string }
  | { act: "aud"; draft: string; audience?: Audience | undefined }
  | { act: "go"; draft: string; audience?: Audience | undefined; token: string }
  | { act: "stop"; broadcast: string };

const broadcastWire = callbackCodec("a.bc", {
  act: z.enum(["new", "nobtn", "aud", "go", "cancel", "stop"]),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,40}$/)
    .default(""),
  aud: z.union([audienceSchema, z.literal("")]).default(""),
  tok: z.string().max(16).default(""),
});
type BroadcastWire = NonNullable<ReturnType<typeof broadcastWire.unpack>>;

function broadcastToWire(data: BroadcastCb): BroadcastWire {
  const none = { id: "", aud: "", tok: "" } as const;
  switch (data.act) {
    case "new":
    case "nobtn":
      return { ...none, act: data.act };
    case "cancel":
      return { ...none, act: data.act, id: data.draft };
    case "aud":
      return { ...none, act: data.act, id: data.draft, aud: data.audience ?? "" };
    case "go":
      return { act: data.act, id: data.draft, aud: data.audience ?? "", tok: data.token };
    case "stop":
      return { ...none, act: data.act, id: data.broadcast };
  }
}

function broadcastFromWire({ act, id, aud, tok }: BroadcastWire): BroadcastCb {
  const audience = aud === "" ? undefined : aud;
  switch (act) {
    case "new":
    case "nobtn":
      return { act };
    case "cancel":
      return { act, draft: id };
    case "aud":
      return { act, draft: id, audience };
    case "go":
      return { act, draft: id, audience, token: tok };
    case "stop":
      return { act, broadcast: id };
  }
}

export const broadcastCb: CallbackCodec<BroadcastCb> = mappedCodec(
  broadcastWire,
  broadcastToWire,
  broadcastFromWire,
);

/** Admin action: send a failed order's direct Stars payment back through Telegram. */
export const starsRefundCb = callbackCodec("a.sr", {
  act: z.enum(["ask", "ok"]),
  order: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/),
  token: z.string().max(16).default(""),
});

/** The button admins get under a failed-order alert when the order was paid by a Stars invoice. */
/** The callback data of "Refund Stars" for order `orderId` (its confirmation is asked first). */
export const starsRefundData = (orderId: string): string =>
  starsRefundCb.pack({ act: "ask", order: orderId, token: "" });

/** The callback data of "Extend server" for server `serverId` (the servers section's extend flow). */
export const extendServerData = (serverId: number): string =>
  serversCb.pack({ act: "extend", server: serverId });

/** The button under an alert about a server paid too briefly: the servers section's extend flow. */
export function extendServerButton(label: string, serverId: number): InlineKeyboard {
  return new InlineKeyboard().text(label, extendServerData(serverId));
}
