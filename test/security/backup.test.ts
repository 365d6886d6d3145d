import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/runtime/paths.js";
import { freePort, type LocalRedis, startRedis } from "../helpers/local-redis.js";

// Issue 23, finding 6: deploy/backup-redis.sh and restore-redis.sh made world-readable files (644
// under umask 022), put the Redis password on redis-cli's command line (`-u redis://:pw@...`, in
// the process list), and `redis://:pw@host`, a form the bot accepts, failed with WRONGPASS.

const root = projectRoot();
const base = mkdtempSync(join(tmpdir(), "bot-backup-security-"));
/** A password that needs every escape: `:` `@` `/` `%` and a space. */
const PASSWORD = "s3cr:t@pa/ss %word";
const USER = "backup";
const USER_PASSWORD = "ops-only@2026";
const enc = encodeURIComponent;
const servers: LocalRedis[] = [];
let locked: LocalRedis; // requirepass, and an ACL user
let open: LocalRedis; // no password
let tls: { url: string; ca: string }; // TLS only, requirepass

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(base, { recursive: true, force: true });
});

/** The port of a `redis://127.0.0.1:<port>` URL. */
const portOf = (url: string) => new URL(url).port;

async function server(name: string, args: string[] = []): Promise<LocalRedis> {
  const dir = join(base, name);
  mkdirSync(dir);
  // `redis-cli --rdb` waits out the diskless sync delay (5 s by default): none here.
  const s = await startRedis(dir, ["--repl-diskless-sync-delay", "0", ...args]);
  servers.push(s);
  return s;
}

/** A CA and a certificate for 127.0.0.1 signed by it, made with openssl. */
function certificates(dir: string): { ca: string; cert: string; key: string } {
  mkdirSync(dir);
  const at = (f: string) => join(dir, f);
  const run = (args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  run(
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test-ca"].concat([
      "-keyout",
      at("ca.key"),
      "-out",
      at("ca.pem"),
    ]),
  );
  run([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-keyout",
    at("key.pem"),
    "-out",
    at("req.pem"),
  ]);
  writeFileSync(at("ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
  run(
    [
      "x509",
      "-req",
      "-in",
      at("req.pem"),
      "-CA",
      at("ca.pem"),
      "-CAkey",
      at("ca.key"),
      "-CAcreateserial",
    ].concat(["-days", "2", "-extfile", at("ext.cnf"), "-out", at("cert.pem")]),
  );
  return { ca: at("ca.pem"), cert: at("cert.pem"), key: at("key.pem") };
}

beforeAll(async () => {
  locked = await server("locked", ["--requirepass", PASSWORD]);
  const admin = new Redis(locked.url, { password: PASSWORD, maxRetriesPerRequest: 1 });
  await admin.acl("SETUSER", USER, "on", `>${USER_PASSWORD}`, "~*", "&*", "+@all");
  await admin.quit();
  open = await server("open");
  const pem = certificates(join(base, "pki"));
  const tlsPort = await freePort();
  await server("tls", [
    ...["--tls-port", String(tlsPort), "--tls-cert-file", pem.cert, "--tls-key-file", pem.key],
    ...["--tls-ca-cert-file", pem.ca, "--tls-auth-clients", "no", "--requirepass", PASSWORD],
  ]);
  tls = { url: `rediss://:${enc(PASSWORD)}@127.0.0.1:${tlsPort}`, ca: pem.ca };
}, 60_000);

interface Run {
  code: number;
  out: string;
}

/**
 * Runs a deploy/ script with `sh` under `umask`, with exactly `env` plus PATH, and its archive in
 * this test's folder (the default is the project's data/archive, which a bot run beside may write).
 */
function sh(script: string, args: string[], env: Record<string, string>, umask = "022"): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "sh",
      ["-c", `umask ${umask} && exec sh "$0" "$@"`, join(root, "deploy", script), ...args],
      {
        env: { PATH: process.env.PATH ?? "", ARCHIVE_DIR: join(base, "archive"), ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code: code ?? -1, out }));
  });
}

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** How the bot reads a REDIS_URL: ioredis's own options for it (nothing connects). */
function botReads(url: string) {
  const client = new Redis(url, { lazyConnect: true });
  const o = client.options;
  client.disconnect();
  return {
    host: o.host,
    port: String(o.port),
    db: String(o.db ?? 0),
    user: o.username ?? "",
    password: o.password ?? "",
    auth: Boolean(o.username || o.password),
    tls: Boolean(o.tls),
  };
}

/** How deploy/redis-url.sh reads it. */
function scriptReads(url: string) {
  const out = execFileSync(
    "sh",
    [
      "-c",
      `die() { echo "die: $*"; exit 1; }; . "$0"; redis_url_parse "$U"
       printf '%s\\n' "$redis_host" "$redis_port" "$redis_db" "$redis_user" "\${REDISCLI_AUTH-}" "\${REDISCLI_AUTH+set}" "$redis_tls"`,
      join(root, "deploy/redis-url.sh"),
    ],
    { env: { PATH: process.env.PATH ?? "", U: url, REDISCLI_AUTH: "inherited" }, encoding: "utf8" },
  );
  const [host, port, db, user, password, auth, tls] = out.split("\n");
  return { host, port, db, user, password, auth: auth === "set", tls: tls === "1" };
}

describe("REDIS_URL in the backup scripts", () => {
  it("is read as the bot reads it, in every form the bot accepts", () => {
    for (const url of [
      "redis://127.0.0.1:6379",
      "redis://localhost",
      "redis://redis:6380/4",
      `redis://:${enc(PASSWORD)}@127.0.0.1:6379`,
      `redis://:${enc(PASSWORD)}@redis/2`,
      `redis://${USER}:${enc(USER_PASSWORD)}@10.0.0.5:7000/15`,
      `redis://${USER}@10.0.0.5`,
      "redis://:plain@host?db=3",
      "redis://host?password=q%20x&db=5",
      `rediss://:${enc(PASSWORD)}@redis.example:6380/1`,
      `rediss://${USER}:pw@[::1]:6390/0`,
      "redis://[fe80::1]",
    ]) {
      expect(scriptReads(url), url).toEqual(botReads(url));
    }
  });
});

// Each run forks Redis (BGSAVE, a replication stream): slow on a busy machine.
describe("deploy/backup-redis.sh", { timeout: 60_000 }, () => {
  it.each([
    ["no password", () => open.url],
    ["only a password (redis://:pw@host)", () => `redis://:${enc(PASSWORD)}@127.0.0.1:${portOf(locked.url)}`],
    [
      "an ACL user and a db number",
      () => `redis://${USER}:${enc(USER_PASSWORD)}@127.0.0.1:${portOf(locked.url)}/3`,
    ],
    ["TLS (rediss://) and a db number", () => `${tls.url}/2`],
  ])("backs up with REDIS_URL of %s, both ways, as the bot connects with it", async (_form, urlOf) => {
    const url = urlOf();
    const bot = new Redis(url, {
      maxRetriesPerRequest: 1,
      ...(url.startsWith("rediss:") ? { tls: { ca: readFileSync(tls.ca) } } : {}),
    });
    expect(await bot.ping()).toBe("PONG");
    await bot.set("backup:form", _form);
    await bot.quit();
    for (const via of ["auto", "stream"]) {
      const out = join(base, `form-${servers.length}-${via}-${Math.random().toString(36).slice(2)}`);
      const run = await sh("backup-redis.sh", [out], {
        REDIS_URL: url,
        BACKUP_VIA: via,
        SSL_CERT_FILE: tls.ca,
      });
      expect(run.code, `${via}: ${run.out}`).toBe(0);
      const file = run.out.trim().split("\n").at(-1) ?? "";
      expect(readFileSync(file).subarray(0, 5).toString()).toBe("REDIS");
    }
  });

  it("makes its folder and files owner-only under umask 022, and tightens a folder and backups made before", async () => {
    const out = join(base, "modes");
    mkdirSync(out, { mode: 0o755 });
    chmodSync(out, 0o755);
    const older = join(out, "redis-20200101-000000.rdb");
    writeFileSync(older, "REDIS0011");
    chmodSync(older, 0o644);
    // A copy of dump.rdb into a folder that was there, a stream into one made on the way.
    const run = await sh("backup-redis.sh", [out], { REDIS_URL: open.url, BACKUP_VIA: "auto" });
    expect(run.code, run.out).toBe(0);
    const fresh = join(base, "modes-new", "nested");
    const made = await sh("backup-redis.sh", [fresh], { REDIS_URL: open.url, BACKUP_VIA: "stream" });
    expect(made.code, made.out).toBe(0);
    expect(mode(out)).toBe("700");
    expect(mode(fresh)).toBe("700");
    const files = [
      ...readdirSync(out).map((f) => join(out, f)),
      ...readdirSync(fresh).map((f) => join(fresh, f)),
    ];
    expect(files).toHaveLength(3);
    for (const f of files) expect(`${f} ${mode(f)}`).toBe(`${f} 600`);
  });

  it("never shows the password in the process list", async () => {
    // redis-cli wrapped: it records its command line and lingers, so every call can be seen.
    const bin = join(base, "bin");
    mkdirSync(bin);
    const log = join(base, "argv.log");
    const real = execFileSync("sh", ["-c", "command -v redis-cli"], { encoding: "utf8" }).trim();
    writeFileSync(
      join(bin, "redis-cli"),
      `#!/bin/sh\nprintf '%s auth-in-env=%s\\n' "$*" "\${REDISCLI_AUTH:+yes}" >>'${log}'\nsleep 0.2\nexec '${real}' "$@"\n`,
      { mode: 0o755 },
    );
    const seen: string[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
          try {
            const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
            if (args.includes("redis-cli") || args.includes("backup-redis") || args.includes("restore-redis"))
              seen.push(args);
          } catch {
            // gone meanwhile
          }
        }
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    const env = { PATH: `${bin}:${process.env.PATH ?? ""}` };
    const url = `redis://:${enc(PASSWORD)}@127.0.0.1:${portOf(locked.url)}/1`;
    const runs: Run[] = [];
    for (const via of ["auto", "stream"]) {
      runs.push(
        await sh("backup-redis.sh", [join(base, `ps-${via}`)], { ...env, REDIS_URL: url, BACKUP_VIA: via }),
      );
    }
    // And the restore's check that Redis is stopped (it still runs: refused).
    const file = runs[0]?.out.trim().split("\n").at(-1) ?? "";
    const dataDir = join(base, "ps-restore");
    mkdirSync(dataDir);
    runs.push(await sh("restore-redis.sh", [file, dataDir], { ...env, REDIS_URL: url }));
    sampling = false;
    await sampler;

    const calls = readFileSync(log, "utf8").trim().split("\n");
    const secrets = [PASSWORD, enc(PASSWORD), "pa/ss"];
    for (const line of [...calls, ...seen]) {
      for (const s of secrets) expect(line).not.toContain(s);
    }
    expect(calls.length).toBeGreaterThan(5);
    expect(seen.some((a) => a.includes("redis-cli"))).toBe(true); // the sampling did see the calls
    for (const line of calls) expect(line).toMatch(/auth-in-env=yes$/);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1]);
    expect(runs[2]?.out).toContain("Redis at REDIS_URL still runs");
  });
});

describe("deploy/restore-redis.sh", { timeout: 60_000 }, () => {
  it("writes owner-only files and folders under umask 022", async () => {
    const backup = await sh("backup-redis.sh", [join(base, "restore-src")], { REDIS_URL: open.url });
    expect(backup.code, backup.out).toBe(0);
    const data = join(base, "restore-data");
    mkdirSync(data, { mode: 0o755 });
    writeFileSync(join(data, "dump.rdb"), "old");
    const restore = await sh("restore-redis.sh", [backup.out.trim().split("\n").at(-1) ?? "", data], {});
    expect(restore.code, restore.out).toBe(0);
    const aside = readdirSync(data).find((f) => f.startsWith("before-restore-")) ?? "";
    const written = [join(data, "dump.rdb"), join(data, "appendonlydir"), join(data, aside)];
    written.push(...readdirSync(join(data, "appendonlydir")).map((f) => join(data, "appendonlydir", f)));
    expect(written.map((p) => `${p.slice(data.length)} ${mode(p)}`)).toEqual([
      "/dump.rdb 600",
      "/appendonlydir 700",
      `/${aside} 700`,
      ...readdirSync(join(data, "appendonlydir")).map((f) => `/appendonlydir/${f} 600`),
    ]);
  });
});
