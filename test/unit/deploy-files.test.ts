import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { START_FLAGS } from "../../src/runtime/heap-growth.js";
import { projectRoot } from "../../src/runtime/paths.js";

// Docker is not installed where the tests run: the compose file and the Dockerfile are checked as
// text, for what a deployment relies on.
const root = projectRoot();
const read = (file: string) => readFileSync(join(root, file), "utf8");

const healthcheck = z.object({ test: z.union([z.string(), z.array(z.string())]) }).passthrough();
const service = z
  .object({
    image: z.string().optional(),
    build: z.union([z.string(), z.object({ context: z.string() }).passthrough()]).optional(),
    command: z.union([z.string(), z.array(z.string())]).optional(),
    env_file: z.union([z.string(), z.array(z.string())]).optional(),
    environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    volumes: z.array(z.string()).optional(),
    restart: z.string().optional(),
    healthcheck: healthcheck.optional(),
    depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
    ports: z.array(z.string()).optional(),
    profiles: z.array(z.string()).optional(),
  })
  .passthrough();
const compose = z.object({
  services: z.object({ redis: service, bot: service, worker: service, prometheus: service }).passthrough(),
  volumes: z.record(z.string(), z.unknown()).optional(),
});

const file = compose.parse(parse(read("docker-compose.yml"), { merge: true }));
const { redis, bot, worker, prometheus } = file.services;
const words = (v: string | string[] | undefined) => (Array.isArray(v) ? v : (v ?? "").split(/\s+/));

/** The variables parseConfig reads (the keys of its zod schema, read from the source). */
function settings(): string[] {
  const source = read("src/config.ts");
  const start = source.indexOf("const envSchema = z.object({");
  const schema = source.slice(start, source.indexOf("\n});", start));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? "");
}

describe("docker-compose.yml", () => {
  it("runs Redis durable (AOF fsync every second), never evicting, on a volume, with a health check", () => {
    const args = words(redis.command);
    const option = (name: string) => args[args.indexOf(name) + 1];
    expect(option("--appendonly")).toBe("yes");
    expect(option("--appendfsync")).toBe("everysec");
    expect(option("--maxmemory-policy")).toBe("noeviction");
    const dataVolume = redis.volumes?.find((v) => v.endsWith(":/data"));
    expect(dataVolume).toBeDefined();
    expect(Object.keys(file.volumes ?? {})).toContain(dataVolume?.split(":")[0]);
    expect(words(redis.healthcheck?.test).join(" ")).toMatch(/redis-cli ping/);
    expect(redis.restart).toMatch(/^(unless-stopped|always|on-failure)/);
  });

  it("runs the bot (ROLE=bot) and the workers (ROLE=worker) from one image, configured from .env and the catalog", () => {
    expect(bot.environment?.ROLE).toBe("bot");
    expect(worker.environment?.ROLE).toBe("worker");
    for (const s of [bot, worker]) {
      expect(s.build === "." || (typeof s.build === "object" && s.build.context === ".")).toBe(true);
      expect(s.image).toBe(bot.image);
      expect(words(s.env_file)).toContain(".env");
      expect(s.environment?.REDIS_URL).toBe("redis://redis:6379");
      expect(s.environment?.HTTP_HOST).toBe("0.0.0.0");
      const catalog = s.volumes?.find((v) => v.startsWith("./catalog.yaml:"));
      expect(catalog?.split(":")[1]).toBe(s.environment?.CATALOG_FILE);
      expect(s.depends_on?.redis?.condition).toBe("service_healthy");
      expect(s.restart).toMatch(/^(unless-stopped|always|on-failure)/);
      const probe = words(s.healthcheck?.test).join(" ");
      expect(probe).toContain(`127.0.0.1:${s.environment?.HTTP_PORT ?? 8080}/healthz`);
      // Every variable set here is a setting the process reads.
      for (const name of Object.keys(s.environment ?? {})) expect(settings()).toContain(name);
    }
    // The webhook and the cabinet of the bot on the host's loopback only, for a reverse proxy.
    expect(bot.ports).toEqual(["127.0.0.1:8080:8080"]);
    expect(worker.ports).toBeUndefined();
  });

  it("serves /metrics on the operators' listener of every process, never published, scraped by the optional Prometheus", () => {
    const port = bot.environment?.METRICS_PORT;
    for (const s of [bot, worker]) {
      expect(s.environment?.METRICS_PORT).toBe(port);
      expect(String(s.environment?.METRICS_PORT)).not.toBe(String(s.environment?.HTTP_PORT ?? 8080));
      // On the compose network (Prometheus's container reaches it), and no host port maps to it.
      expect(s.environment?.METRICS_HOST).toBe("0.0.0.0");
      expect((s.ports ?? []).filter((p) => p.endsWith(`:${port}`))).toEqual([]);
    }
    expect(prometheus.profiles).toEqual(["monitoring"]);
    expect(prometheus.ports?.every((p) => p.startsWith("127.0.0.1:"))).toBe(true);
    const scrape = z
      .object({
        rule_files: z.array(z.string()),
        scrape_configs: z.array(
          z.object({
            job_name: z.string(),
            metrics_path: z.string().default("/metrics"),
            dns_sd_configs: z.array(
              z.object({ names: z.array(z.string()), type: z.string(), port: z.number() }),
            ),
          }),
        ),
      })
      .parse(parse(read("deploy/prometheus.yml")));
    const job = scrape.scrape_configs.find((j) => j.job_name === "vpn-bot"); // the alerts' job
    expect(job?.metrics_path).toBe("/metrics");
    expect(job?.dns_sd_configs).toEqual([{ names: ["bot", "worker"], type: "A", port: Number(port) }]);
    expect(scrape.rule_files).toEqual(["prometheus-alerts.yml"]);
    const mounts = prometheus.volumes ?? [];
    expect(mounts).toContain("./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro");
    expect(mounts).toContain("./deploy/prometheus-alerts.yml:/etc/prometheus/prometheus-alerts.yml:ro");
  });
});

describe("Dockerfile", () => {
  const text = read("Dockerfile");
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const lastFrom = lines.map((l) => l.startsWith("FROM ")).lastIndexOf(true);
  const runtime = lines.slice(lastFrom);

  it("builds in one stage (npm ci, build, prune dev dependencies) and runs the built code as node", () => {
    expect(lines.filter((l) => l.startsWith("FROM ")).length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/RUN npm ci\b/);
    expect(text).toMatch(/npm run build && npm prune --omit=dev/);
    expect(runtime).toContain("USER node");
    expect(runtime.at(-1)).toBe(
      `CMD [${["node", ...START_FLAGS, "dist/src/main.js"].map((a) => `"${a}"`).join(", ")}]`,
    );
    expect(runtime.some((l) => l.includes("/healthz"))).toBe(true);
  });

  it("exposes the public port only (never the operators' listener), which stays on loopback unless set", () => {
    expect(runtime.filter((l) => l.startsWith("EXPOSE "))).toEqual(["EXPOSE 8080"]);
    expect(text).not.toMatch(/METRICS_HOST=0\.0\.0\.0/);
  });

  it("copies what the build compiles and what the process reads at run time", () => {
    const build = z.object({ include: z.array(z.string()) }).parse(JSON.parse(read("tsconfig.build.json")));
    for (const path of build.include) expect(lines).toContain(`COPY ${path} ./${path}`);
    for (const folder of ["locales", "webapp"]) expect(runtime).toContain(`COPY ${folder} ./${folder}`);
  });
});

describe(".env.example and README", () => {
  it("name every setting the process reads", () => {
    expect(settings()).toEqual(expect.arrayContaining(["BOT_TOKEN", "REDIS_URL", "ROLE"]));
    const example = read(".env.example");
    const readme = read("README.md");
    for (const name of settings()) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, "m"));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});

describe("the node flags of every way of starting the bot", () => {
  const started = `node ${START_FLAGS.join(" ")} dist/src/main.js`;

  it("npm start and scripts/start pass the young generation's size (V8 takes it only at start-up)", () => {
    const pkg = z
      .object({ scripts: z.object({ start: z.string() }) })
      .parse(JSON.parse(readFileSync(join(projectRoot(), "package.json"), "utf8")));
    expect(pkg.scripts.start).toBe(started);
    expect(readFileSync(join(projectRoot(), "scripts/start"), "utf8")).toContain(`\n${started} &\n`);
  });
});
