import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src/", import.meta.url));

export default defineConfig({
  // package.json maps #src/* to the built code; the tests run the sources.
  resolve: { alias: [{ find: /^#src\/(.*)\.js$/, replacement: `${src}$1.ts` }] },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/redis-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
