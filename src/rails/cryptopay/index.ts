import { z } from "zod";
import { type ConfiguredRail, RailConfigError, type RailModule } from "../rail.js";
import { CRYPTOPAY_RAIL_ID } from "./client.js";
import { CryptoPayRail } from "./rail.js";

export { CryptoPayRail, type CryptoPayRailOptions } from "./rail.js";

/** Per-call timeout unless the wiring sets one. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The main network's API; testnet is https://testnet-pay.crypt.bot/api. */
export const CRYPTOPAY_MAIN_API_URL = "https://pay.crypt.bot/api";

/**
 * CRYPTOPAY_*: the app token from @CryptoBot (/pay) and the API base. The base's default is applied
 * in `configure`, so a base set without a token can be told from an unset one (and refused).
 */
const env = {
  CRYPTOPAY_TOKEN: z.string().optional(),
  CRYPTOPAY_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
} satisfies z.ZodRawShape;

const settingsSchema = z.object(env);

export interface CryptoPaySettings {
  token: string;
  apiUrl: string;
}

/**
 * The rail's settings from its variables: undefined without a token; RailConfigError (naming the
 * variable) for a malformed URL or a URL set without a token.
 */
export function cryptoPaySettings(input: Record<string, unknown>): CryptoPaySettings | undefined {
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RailConfigError(
      `${String(issue?.path[0] ?? "CRYPTOPAY_TOKEN")} ${issue?.message ?? "is invalid"}`,
    );
  }
  const { CRYPTOPAY_TOKEN: token, CRYPTOPAY_API_URL: apiUrl } = parsed.data;
  if (token) return { token, apiUrl: apiUrl ?? CRYPTOPAY_MAIN_API_URL };
  if (apiUrl) throw new RailConfigError("CRYPTOPAY_TOKEN is required when CRYPTOPAY_API_URL is set");
  return undefined;
}

export const cryptoPayRail: RailModule = {
  id: CRYPTOPAY_RAIL_ID,
  env,
  configure(input): ConfiguredRail | undefined {
    const settings = cryptoPaySettings(input);
    if (!settings) return undefined;
    return {
      id: CRYPTOPAY_RAIL_ID,
      secrets: [settings.token],
      build: (io = {}) => new CryptoPayRail({ ...settings, timeoutMs: io.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    };
  },
};
