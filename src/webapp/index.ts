import type { IncomingMessage, ServerResponse } from "node:http";
import { LOCALES, type Locale } from "../config.js";
import { handleApi, sendJson } from "./api.js";
import type { WebappDeps } from "./context.js";
import { DEFAULT_GUARD, WebappGuard } from "./guard.js";
import { stringsResponse } from "./schemas.js";
import { defaultPageDir, loadPage, securityHeaders, serveAsset } from "./static.js";
import { pageStrings } from "./strings.js";

export type { WebappDeps } from "./context.js";

/** Answers a request under `/app` (the HTTP server routes them here). */
export type WebappHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The customer cabinet (Telegram Mini App) served by the bot's own HTTP server: the static page
 * under `/app/`, its labels under `/app/i18n/<locale>.json`, and its JSON API under `/app/api/`
 * (every request authenticated by `Authorization: tma <initData>` or by a session made from one,
 * within the request budgets of guard.ts).
 */
export function createWebapp(deps: WebappDeps): WebappHandler {
  const assets = loadPage(deps.pageDir ?? defaultPageDir());
  const strings = pageStrings(deps.i18n);
  const guard = new WebappGuard(deps.redis, { ...DEFAULT_GUARD, ...deps.guard });
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    if (path === "/app") {
      res.writeHead(308, { location: "/app/", ...securityHeaders() });
      res.end();
      return;
    }
    const rest = path.slice("/app/".length);
    if (rest.startsWith("api/"))
      return handleApi(deps, guard, req, res, rest.slice("api/".length), url.searchParams);
    const i18n = /^i18n\/([a-z]{2})\.json$/.exec(rest);
    if (i18n) {
      const locale = LOCALES.find((l) => l === i18n[1]) as Locale | undefined;
      if (!locale) return sendJson(res, 404, { ok: false });
      res.writeHead(200, {
        ...securityHeaders(),
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=300",
      });
      res.end(JSON.stringify(stringsResponse.parse(strings(locale))));
      return;
    }
    serveAsset(assets, req, res, rest);
  };
}
