import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";

/** Callback data of the catalog section: view it, or reload it from its file (`a.cat:<act>`). */
export const catalogCb = callbackCodec("a.cat", { act: z.enum(["view", "reload"]) });
