import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import ProcessesFirst, { PROCESSES_PROJECT } from "./test/helpers/sequencer.js";

const src = fileURLToPath(new URL("./src/", import.meta.url));

/**
 * Test files whose subject is a process of their own (the built bot, the demo, a browser): the
 * longest files, started first (test/helpers/sequencer.ts). They too share a worker's imports
 * (fakes, helpers, the sources they seed Redis with): imports took 88 s of the part's worker time
 * when each file had a fresh worker, 30 s shared (one loaded run each).
 */
const PROCESS_TESTS = ["test/e2e/**/*.test.ts", "test/browser/**/*.test.ts"];

export default defineConfig({
  // package.json maps #src/* to the built code; the tests run the sources.
  resolve: { alias: [{ find: /^#src\/(.*)\.js$/, replacement: `${src}$1.ts` }] },
  test: {
    globalSetup: ["test/helpers/redis-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Most tests wait on Redis, HTTP fakes and child processes: more files at once than cores
    // (vitest's default is one fewer than the cores: a single file at a time on 2 cores).
    maxWorkers: 3,
    // The process files (the longest) start first, so none is left running alone at the end.
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "in-process",
          include: ["test/**/*.test.ts"],
          exclude: PROCESS_TESTS,
          // The code under test is imported once per worker, not once per file (most of the
          // suite's time was imports). These tests keep no module state between files.
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file starts and stops its own processes and fakes; nothing of a file outlives it.
        test: { name: PROCESSES_PROJECT, include: PROCESS_TESTS, isolate: false },
      },
    ],
  },
});
