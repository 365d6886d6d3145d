import { startApp } from "./app.js";
import { ConfigError, parseConfig } from "./config.js";
import { CatalogError } from "./domain/catalog.js";

/**
 * Entry point: configuration problems print one line and exit non-zero (no stack trace);
 * SIGTERM/SIGINT run the one shutdown path and exit 0.
 */
async function main(): Promise<void> {
  let app: Awaited<ReturnType<typeof startApp>>;
  try {
    const config = parseConfig(process.env);
    app = await startApp(config);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof CatalogError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
    } else {
      process.stderr.write(`Cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exit(1);
  }
  const onSignal = (signal: NodeJS.Signals) => {
    app.logger.info({ signal }, "shutting down");
    // Whatever happens, leave within 10 s.
    setTimeout(() => process.exit(0), 9_500).unref();
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        app.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}

void main();
