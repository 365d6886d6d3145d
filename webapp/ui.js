// Small building blocks of the page: elements, buttons, the states of a view (skeleton, error with
// Retry), the confirm sheet, toasts, and Telegram's own affordances (main button, back button,
// haptics) where the page runs inside Telegram.

import { t, tg } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";

/** An element with a class and text (or children; falsy children are left out). */
export function el(tag, cls, content) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (Array.isArray(content)) node.append(...content.filter(Boolean));
  else if (content !== undefined && content !== null) node.textContent = String(content);
  return node;
}

export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

export function button(label, onClick, cls) {
  const b = el("button", cls, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A button that is disabled while its action runs (no second order from a double tap). */
export function actionButton(label, action, cls) {
  const b = button(label, async () => {
    if (b.disabled) return;
    b.disabled = true;
    try {
      await action();
    } finally {
      b.disabled = false;
    }
  }, cls);
  return b;
}

/** `count` grey cards shaped like the content to come. */
export function skeleton(count = 2) {
  return Array.from({ length: count }, () =>
    el("div", "card skeleton", [el("div", "sk-line wide"), el("div", "sk-line"), el("div", "sk-block")]),
  );
}

/** Shows skeletons in `view`, then what `load` builds, or an error with Retry (which loads again). */
export async function loadInto(view, load, count = 2) {
  view.setAttribute("aria-busy", "true");
  view.replaceChildren(...skeleton(count));
  try {
    const nodes = await load();
    view.replaceChildren(...[nodes].flat().filter(Boolean));
  } catch (err) {
    if (err?.fatal) throw err;
    view.replaceChildren(errorBox(err, () => loadInto(view, load, count)));
  } finally {
    view.removeAttribute("aria-busy");
  }
}

/** What went wrong, in words, with a Retry button (the shop closed: its message and end too). */
export function errorBox(err, retry) {
  const closed = err?.error === "maintenance";
  return el("div", `card error-box${closed ? " maintenance" : ""}`, [
    el("p", "", closed ? t("maintenance") : t(err?.label ?? "error") || t("error")),
    ...(closed ? err.details.map((line) => el("p", "muted", line)) : []),
    button(t("retry"), retry),
  ]);
}

/**
 * A refusal of an action in one line: for the shop closed for maintenance, that, its message and
 * when it is expected back; else `fallback` (the action's own words for what went wrong).
 */
export function refusalLine(err, fallback) {
  if (err?.error !== "maintenance") return fallback;
  return [t("maintenance"), ...err.details].join(" ");
}

/** The message line above the views: a result (good), a problem (bad), or nothing. */
export function say(text, kind = "") {
  const box = document.getElementById("message");
  box.replaceChildren(text ? el("div", `notice ${kind}`, text) : "");
}

let toastTimer;
export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 2200);
}

/** Telegram's haptic feedback of a result: "success", "error" or "warning". */
export function haptic(kind) {
  tg?.HapticFeedback?.notificationOccurred?.(kind);
}

// -- the back button and the main button ---------------------------------------------------------

const backs = [];
function onBack() {
  backs.at(-1)?.();
}
/** A way back while something is open (a sheet, a sub-screen): Telegram's back button runs it. */
export function pushBack(fn) {
  backs.push(fn);
  if (backs.length === 1) {
    tg?.BackButton?.onClick?.(onBack);
    tg?.BackButton?.show?.();
  }
}
export function popBack(fn) {
  const at = backs.lastIndexOf(fn);
  if (at >= 0) backs.splice(at, 1);
  if (backs.length === 0) {
    tg?.BackButton?.offClick?.(onBack);
    tg?.BackButton?.hide?.();
  }
}

let mainAction = null;
function onMain() {
  mainAction?.();
}
/**
 * The screen's primary action on Telegram's main button (the same action has a button on the page
 * too, for a plain browser). `null` hides it.
 */
export function setMainButton(label, action) {
  const main = tg?.MainButton;
  mainAction = action;
  if (!main) return;
  main.offClick?.(onMain);
  if (!action) {
    main.hide?.();
    return;
  }
  main.setText?.(label);
  main.onClick?.(onMain);
  main.enable?.();
  main.show?.();
}

// -- the sheet -------------------------------------------------------------------------------------

let closeSheet = null;
/** Opens the bottom sheet with `content`; the back button, a tap outside or `close()` closes it. */
export function openSheet(content, onClose) {
  closeSheet?.();
  const sheet = document.getElementById("sheet");
  const body = sheet.querySelector(".sheet-body");
  body.replaceChildren(...content.filter(Boolean));
  sheet.hidden = false;
  const previousMain = mainAction;
  const close = () => {
    if (closeSheet !== close) return;
    closeSheet = null;
    sheet.hidden = true;
    body.replaceChildren();
    popBack(close);
    sheet.removeEventListener("click", outside);
    setMainButton(previousLabel, previousMain);
    onClose?.();
  };
  const previousLabel = tg?.MainButton?.text ?? "";
  const outside = (e) => {
    if (e.target === sheet) close();
  };
  sheet.addEventListener("click", outside);
  pushBack(close);
  closeSheet = close;
  return close;
}

/** Asks before an action that cannot be undone; resolves true on Confirm. */
export function confirmAction(text, confirmLabel) {
  return new Promise((resolve) => {
    let answered = false;
    const close = openSheet(
      [
        el("p", "", text),
        el("div", "actions", [
          button(confirmLabel, () => {
            answered = true;
            close();
            resolve(true);
          }, "danger"),
          button(t("cancel"), () => close(), "secondary"),
        ]),
      ],
      () => answered || resolve(false),
    );
  });
}

// -- copying, QR codes, links ------------------------------------------------------------------------

export function copyRow(value) {
  const code = el("code", "", value);
  const copy = button(t("copy"), async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      getSelection()?.selectAllChildren(code);
    }
    copy.textContent = t("copied");
    setTimeout(() => (copy.textContent = t("copy")), 1500);
  }, "secondary");
  return el("div", "copy", [code, copy]);
}

/** A QR code drawn from its modules (black on white, with a quiet zone). */
export function qrSvg(qr) {
  const size = qr.size + 8;
  const node = svg("svg", { class: "qr", viewBox: `0 0 ${size} ${size}`, "shape-rendering": "crispEdges" });
  let d = "";
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) if (qr.modules[y * qr.size + x] === "1") d += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  node.append(svg("path", { d, fill: "#000" }));
  return node;
}

/** Opens a link: t.me links inside Telegram, others in the browser. */
export function openExternal(url) {
  if (url.startsWith("https://t.me/") && tg?.openTelegramLink) tg.openTelegramLink(url);
  else if (url.startsWith("https://") && tg?.openLink) tg.openLink(url);
  else location.href = url;
}
