import { z } from "zod";
import { type ConfiguredRail, RailConfigError, type RailIo, type RailModule } from "../rail.js";
import { YOOKASSA, YooKassaClient } from "./client.js";
import { YooKassaRail } from "./rail.js";

const DEFAULT_API_URL = "https://api.yookassa.ru/v3";
/** Per-call timeout when the wiring sets none. */
const DEFAULT_TIMEOUT_MS = 10_000;

const env = {
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default(DEFAULT_API_URL),
};
const settingsSchema = z.object(env);

/**
 * YooKassa, offered when both its shop id and secret key are set. The secrets kept out of logs
 * are the key and the Basic credentials made of it (what an Authorization header would show).
 */
export const yooKassaRail: RailModule = {
  id: YOOKASSA,
  env,
  configure(raw): ConfiguredRail | undefined {
    const settings = settingsSchema.parse(raw);
    const shopId = settings.YOOKASSA_SHOP_ID;
    const secretKey = settings.YOOKASSA_SECRET_KEY;
    if (!shopId && !secretKey) return undefined;
    if (!secretKey) throw new RailConfigError("YOOKASSA_SECRET_KEY is required when YOOKASSA_SHOP_ID is set");
    if (!shopId) throw new RailConfigError("YOOKASSA_SHOP_ID is required when YOOKASSA_SECRET_KEY is set");
    const apiUrl = settings.YOOKASSA_API_URL;
    return {
      id: YOOKASSA,
      secrets: [secretKey, Buffer.from(`${shopId}:${secretKey}`).toString("base64")],
      build: (io?: RailIo) =>
        new YooKassaRail(
          new YooKassaClient({ apiUrl, shopId, secretKey }, io?.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        ),
    };
  },
};
