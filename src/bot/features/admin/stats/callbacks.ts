import { z } from "zod";
import { STATS_RANGES } from "#src/domain/backoffice/index.js";
import { callbackCodec } from "#src/render/callback-data.js";

/** Callback data of the sales stats: the range shown (`a.st:<range>`). */
export const statsCb = callbackCodec("a.st", { range: z.enum(STATS_RANGES) });

/** The Sales screen's "Export CSV": customers, subscriptions and the ledger as documents. */
export const exportCb = callbackCodec("a.ex", {});
