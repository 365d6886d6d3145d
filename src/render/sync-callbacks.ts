import { z } from "zod";
import { callbackCodec } from "./callback-data.js";

/**
 * Callback data of the admins' Sync view (`a.y:<act>:<id>:<arg>`), shared with the drift worker's
 * report button. `id` is a finding's short id; `arg` a server id (move) or a customer id (adopt).
 * - `home`: the view; `run`: run now; `f`: one finding with its buttons;
 * - `rc`: recreate; `ms`: list the servers to move to; `mv`: move to server `arg`;
 * - `od`: ask to delete an orphan; `odc`: delete it; `oa`: adopt it for customer `arg`.
 */
export const SYNC_ACTS = ["home", "run", "f", "rc", "ms", "mv", "od", "odc", "oa"] as const;
export type SyncAct = (typeof SYNC_ACTS)[number];

export const syncCb = callbackCodec("a.y", {
  act: z.enum(SYNC_ACTS),
  id: z.string().regex(/^[A-Za-z0-9_-]{0,16}$/),
  arg: z.string().regex(/^\d{0,15}$/),
});

/** The Sync view's home button data. */
export const SYNC_HOME = syncCb.pack({ act: "home", id: "", arg: "" });
