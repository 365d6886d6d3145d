import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";

/**
 * Callback data of the referrals section: show it, or switch referrals to what the button says
 * (a repeated press of an old button sets the same). On the wire `a.ref:<act>`.
 */
export const referralsCb = callbackCodec("a.ref", { act: z.enum(["view", "on", "off"]) });
