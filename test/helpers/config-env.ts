import { expect } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";

/** The smallest environment parseConfig accepts; tests spread it and add or unset what they check. */
export const BASE_ENV = {
  BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ADMIN_IDS: "42",
  SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
  ACCOUNT_API_URL: "https://hosting.example/",
};

/** The message of the ConfigError that `env` is refused with (fails the test when it is accepted). */
export function configErrorOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
}
