import { type App, startApp } from "./app.js";
import { ConfigError, parseConfig } from "./config.js";
import { CatalogError } from "./domain/catalog/index.js";
import { startHeapGrowth } from "./runtime/heap-growth.js";

/** Whatever happens, the process is gone within the 10 s a process manager gives it. */
const EXIT_DEADLINE_MS = 9_500;

/**
 * Entry point: configuration problems print one line and exit non-zero (no stack trace);
 * SIGTERM/SIGINT run the one shutdown path (running handlers and jobs finish, then Redis is
 * closed) and exit 0; a fatal condition (Telegram refuses the token) or an error nothing caught
 * runs the same path and exits 1.
 */
async function main(): Promise<void> {
  let app: App | undefined;
  let fatal = false;
  let exiting = false;

  const shutdown = (code: number, why: Record<string, unknown>) => {
    if (!app || exiting) return;
    exiting = true;
    const { logger } = app;
    logger.info(why, "shutting down");
    setTimeout(() => {
      process.stderr.write(`Shutdown did not finish within ${EXIT_DEADLINE_MS / 1000} s\n`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    app.stop().then(
      () => process.exit(code),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };

  try {
    const config = parseConfig(process.env);
    startHeapGrowth(config.heapGrowthPercent);
    app = await startApp(config, {
      onFatal: () => {
        fatal = true;
        shutdown(1, { reason: "fatal" });
      },
    });
  } catch (err) {
    if (err instanceof ConfigError || err instanceof CatalogError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
    } else {
      process.stderr.write(`Cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exit(1);
  }
  // A fatal condition met while starting: stop now that the app exists.
  if (fatal) shutdown(1, { reason: "fatal" });

  const onSignal = (signal: NodeJS.Signals) => shutdown(0, { signal });
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  // Through the logger (it masks the bot token), and through the one shutdown path.
  const onUncaught = (err: unknown) => {
    app?.logger.error({ err }, "unhandled error; stopping");
    shutdown(1, { reason: "unhandled error" });
  };
  process.on("unhandledRejection", onUncaught);
  process.on("uncaughtException", onUncaught);
}

void main();
