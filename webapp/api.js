// The cabinet's transport: the session, the JSON API and the page's labels (from locales/*.ftl,
// served as /app/i18n/<locale>.json). The page holds no text of its own.

export const tg = window.Telegram?.WebApp;

/** The signed initData: from Telegram, or from the URL fragment when opened in a plain browser (demo). */
export const initData =
  tg?.initData || new URLSearchParams(location.hash.slice(1)).get("tgWebAppData") || "";

/** The session the initData was exchanged for (POST api/session): sent instead of the initData. */
let session = "";
let strings = {};
let loadedLocale = "";

/** A label of the page by its key (without the `webapp-` prefix); "" until the labels are loaded. */
export const t = (key) => strings[key] ?? "";

/**
 * A refusal or a failure of the API. `fatal`: nothing on the page can work any more (the session
 * is over, the customer is blocked): the page says so instead of its views.
 */
export class ApiError extends Error {
  constructor(status, error, fatal = false, data = {}) {
    super(error || `http ${status}`);
    this.status = status;
    this.error = error || "";
    this.fatal = fatal;
    this.data = data;
  }

  /** With `channel-required`: the channels to join first (gate.js). */
  get channels() {
    return this.data?.channels;
  }

  /**
   * What the API said beyond the label: for the shop closed for maintenance (503 `maintenance`),
   * the admins' message (or why it closed by itself) and when it is expected back.
   */
  get details() {
    if (this.error !== "maintenance") return [];
    return [this.data?.message, this.data?.ends_at_text].filter((line) => typeof line === "string" && line);
  }

  /** The label saying what went wrong, for a view's error box. */
  get label() {
    if (this.status === 401) return "session-expired";
    if (this.error === "blocked") return "blocked";
    if (this.status === 429) return "rate-limited";
    if (this.status === 0) return "offline";
    return "error";
  }
}

export async function loadStrings(locale, rtl) {
  if (locale === loadedLocale) return;
  const res = await fetch(`./i18n/${encodeURIComponent(locale)}.json`);
  if (!res.ok) throw new ApiError(res.status, "strings");
  strings = await res.json();
  loadedLocale = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = rtl ? "rtl" : "ltr";
  document.title = t("title");
  document.getElementById("title").textContent = t("title");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

/** Exchanges the initData for a session; false when it is refused (too old). */
export async function openSession() {
  // Made from the initData only (a session cannot make another one).
  session = "";
  try {
    const data = await api("session", {}, true);
    session = data.session;
    return true;
  } catch {
    return false;
  }
}

/**
 * GET (no body) or POST (a JSON body) /app/api/<path>: the answer's data, or an ApiError. A
 * session that ended (idle too long) is renewed once while the initData is still fresh.
 */
export async function api(path, body, noRetry = false) {
  const init = { headers: { authorization: session ? `Bearer ${session}` : `tma ${initData}` } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`./api/${path}`, init);
  } catch {
    throw new ApiError(0, "offline");
  }
  const data = await res.json().catch(() => ({ ok: false }));
  if (res.ok && data.ok) return data;
  if (res.status === 401 && session && !noRetry) {
    session = "";
    if (await openSession()) return api(path, body, true);
  }
  const fatal = res.status === 401 || (res.status === 403 && data.error === "blocked");
  throw new ApiError(res.status, data.error, fatal, data);
}
