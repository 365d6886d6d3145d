import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";

/**
 * Callback data of the Payments screen: show it, or turn one value of a rail's choice on or off
 * (`set`: the rail, its choice's index and the value's index; `flag`: the rail and the choice's
 * index). Indexes keep the data small; each is looked up again on arrival. On the wire
 * `a.rl:<act>:<rail>:<choice>:<value>`.
 */
export const railsCb = callbackCodec("a.rl", {
  act: z.enum(["view", "set", "flag"]),
  rail: z.string().regex(/^([a-z][a-z0-9]{1,20})?$/),
  c: z.coerce.number().int().min(0).max(20),
  v: z.coerce.number().int().min(0).max(200),
});

export const RAILS_VIEW = railsCb.pack({ act: "view", rail: "", c: 0, v: 0 });
