import { validate } from "@telegram-apps/init-data-node";
import { z } from "zod";

/** The Telegram user a Mini App request comes from, as its signed initData says. */
export interface WebappUser {
  id: number;
  firstName: string;
  username: string | undefined;
  languageCode: string | undefined;
}

export interface InitDataCheck {
  botToken: string;
  /** Seconds an initData is accepted after its auth_date. */
  maxAgeSeconds: number;
  /** Now in ms (the domain's clock). */
  now: number;
}

/** Telegram signs a little ahead of our clock sometimes: this much of the future is accepted. */
const CLOCK_SKEW_SECONDS = 60;

const initUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string().default(""),
  username: z.string().optional(),
  language_code: z.string().optional(),
});

const initFields = z.object({
  auth_date: z.coerce.number().int().positive(),
  user: z.string().transform((raw, ctx) => {
    try {
      return initUser.parse(JSON.parse(raw));
    } catch {
      ctx.addIssue({ code: "custom", message: "user is not a Telegram user" });
      return z.NEVER;
    }
  }),
});

/**
 * The user of `Authorization: tma <initData>` (the Mini Apps convention), or undefined when the
 * header is missing, the HMAC (keyed by the bot token) does not match, or auth_date is older than
 * `maxAgeSeconds` by the domain's clock. The library checks the signature; the age is checked
 * here so that tests can move time.
 */
export function authenticate(header: string | undefined, check: InitDataCheck): WebappUser | undefined {
  const m = /^tma (.+)$/.exec(header ?? "");
  const raw = m?.[1];
  if (!raw || raw.length > 8_192) return undefined;
  const params = new URLSearchParams(raw);
  try {
    validate(params, check.botToken, { expiresIn: 0 });
  } catch {
    return undefined;
  }
  const fields = initFields.safeParse(Object.fromEntries(params));
  if (!fields.success) return undefined;
  const age = check.now / 1000 - fields.data.auth_date;
  if (age > check.maxAgeSeconds || age < -CLOCK_SKEW_SECONDS) return undefined;
  const user = fields.data.user;
  return {
    id: user.id,
    firstName: user.first_name,
    username: user.username,
    languageCode: user.language_code,
  };
}
