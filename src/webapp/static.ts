import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { projectRoot } from "../runtime/paths.js";

/**
 * The page may load its own files and Telegram's web-app script, talk only to this server, and be
 * framed only by Telegram's web clients (the mobile apps open it in a web view of their own).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' https://telegram.org",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors https://*.telegram.org",
].join("; ");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cache: string;
}

/** The page's folder: webapp/ in a checkout, dist/webapp/ where only the build was copied (docker). */
export function defaultPageDir(): string {
  const root = projectRoot();
  const source = join(root, "webapp");
  return existsSync(join(source, "index.html")) ? source : join(root, "dist", "webapp");
}

const etagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;

/**
 * The static page, read once: each asset is served with an ETag; index.html links its assets, and
 * the page's modules import each other, with `?v=<build>` (one fingerprint of all the files), so
 * they may be cached for a year: any change is a new URL for every file, a module imported by an
 * unchanged one included. index.html itself is revalidated on every load.
 */
export function loadPage(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const names = readdirSync(dir)
    .filter((n) => /^[\w-]+\.[a-z]+$/.test(n) && TYPES[extname(n)])
    .sort();
  const raw = new Map(names.map((name) => [name, readFileSync(join(dir, name))]));
  const build = createHash("sha256");
  for (const [name, body] of raw) build.update(name).update(body);
  const version = build.digest("base64url").slice(0, 12);
  const linked = (text: string) =>
    names.reduce((out, name) => out.replaceAll(`"./${name}"`, `"./${name}?v=${version}"`), text);
  for (const [name, body] of raw) {
    const isHtml = name === "index.html";
    const served = /\.(html|js)$/.test(name) ? Buffer.from(linked(body.toString("utf8"))) : body;
    assets.set(name, {
      body: served,
      type: TYPES[extname(name)] ?? "application/octet-stream",
      etag: etagOf(served),
      cache: isHtml ? "no-cache" : "public, max-age=31536000, immutable",
    });
  }
  return assets;
}

/** Headers every answer under /app/ carries. */
export function securityHeaders(): Record<string, string> {
  return {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

/** Serves `/app/<name>` from the loaded page (index.html for `/app/`); 404 for anything else. */
export function serveAsset(
  assets: Map<string, Asset>,
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
): void {
  const asset = assets.get(name === "" ? "index.html" : name);
  if (!asset || (req.method !== "GET" && req.method !== "HEAD")) {
    res.writeHead(asset ? 405 : 404, { "content-type": "text/plain; charset=utf-8", ...securityHeaders() });
    res.end(asset ? "method not allowed" : "not found");
    return;
  }
  const headers = {
    ...securityHeaders(),
    "content-type": asset.type,
    "cache-control": asset.cache,
    etag: asset.etag,
  };
  if (req.headers["if-none-match"] === asset.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, "content-length": String(asset.body.length) });
  res.end(req.method === "HEAD" ? undefined : asset.body);
}
