import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";

/** Callback data of the hosting account section: the card, linking (login or key) and unlinking. */
export const accountCb = callbackCodec("a.acc", {
  act: z.enum(["view", "link", "key", "unlink", "unlink-yes"]),
});
