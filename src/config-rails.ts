import { z } from "zod";
import { ConfigError, optional } from "./config.js";
import { type ConfiguredRail, RAIL_MODULES, RailConfigError } from "./rails/index.js";

/**
 * Each registered rail's settings, read with its own schema (src/rails/): the rails that are set.
 * A bad or half-set one stops the start like any other setting, naming its variable.
 */
export function railsOf(env: Record<string, string | undefined>): ConfiguredRail[] {
  const rails: ConfiguredRail[] = [];
  for (const module of RAIL_MODULES) {
    const cleaned = Object.fromEntries(Object.keys(module.env).map((k) => [k, optional(env[k])]));
    const parsed = z.object(module.env).safeParse(cleaned);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(`${String(issue?.path[0] ?? module.id)} ${issue?.message ?? "is invalid"}`);
    }
    try {
      const rail = module.configure(parsed.data);
      if (rail) rails.push(rail);
    } catch (err) {
      if (err instanceof RailConfigError) throw new ConfigError(err.message);
      throw err;
    }
  }
  return rails;
}

/** RAIL_POLL_SECONDS: how often the rails are polled for payments whose notification was lost. */
const railPollSeconds = z.coerce
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(5, "must be at least 5 seconds")
  .max(3_600, "must be at most 3600 seconds (an hour)")
  .default(60);

/** The rails' poll interval in seconds (60 unless RAIL_POLL_SECONDS says otherwise). */
export function railPollSecondsOf(env: Record<string, string | undefined>): number {
  const parsed = railPollSeconds.safeParse(optional(env.RAIL_POLL_SECONDS));
  if (!parsed.success)
    throw new ConfigError(`RAIL_POLL_SECONDS ${parsed.error.issues[0]?.message ?? "is invalid"}`);
  return parsed.data;
}
