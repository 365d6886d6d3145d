import { z } from "zod";
import { type ConfiguredRail, RailConfigError, type RailModule } from "../rail.js";
import { CRYPTOPAY_RAIL_ID } from "./client.js";
import { CryptoPayRail } from "./rail.js";

export { CryptoPayRail, type CryptoPayRailOptions } from "./rail.js";

/** Per-call timeout unless the wiring sets one. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** CRYPTOPAY_*: the app token from @CryptoBot (/pay) and the API base (testnet or a test fake). */
const env = {
  CRYPTOPAY_TOKEN: z.string().optional(),
  CRYPTOPAY_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://pay.crypt.bot/api"),
} satisfies z.ZodRawShape;

const settingsSchema = z.object(env);

export const cryptoPayRail: RailModule = {
  id: CRYPTOPAY_RAIL_ID,
  env,
  configure(input): ConfiguredRail | undefined {
    const parsed = settingsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RailConfigError(
        `${String(issue?.path[0] ?? "CRYPTOPAY_TOKEN")} ${issue?.message ?? "is invalid"}`,
      );
    }
    const { CRYPTOPAY_TOKEN: token, CRYPTOPAY_API_URL: apiUrl } = parsed.data;
    if (!token) return undefined;
    return {
      id: CRYPTOPAY_RAIL_ID,
      secrets: [token],
      build: (io = {}) => new CryptoPayRail({ apiUrl, token, timeoutMs: io.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    };
  },
};
