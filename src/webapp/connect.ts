import QRCode from "qrcode";
import type { AccessLinks } from "../domain/books/index.js";
import { qrTarget } from "../render/access.js";
import type { ConnectResponse } from "./schemas.js";

/** A recommended app of a platform: where to get it and, where it has one, its import deep link. */
interface App {
  name: string;
  get: string;
  /** Builds the "add this subscription" link from the subscription URL (none for plain links). */
  add?: (subscriptionUrl: string) => string;
}

const enc = encodeURIComponent;
const HIDDIFY: Omit<App, "get"> = { name: "Hiddify", add: (url) => `hiddify://import/${url}` };

/**
 * The apps the chat's instructions name (locales: access-howto), per platform, with their import
 * deep links where the app has one.
 */
const PLATFORMS: { id: string; apps: App[] }[] = [
  {
    id: "android",
    apps: [
      { ...HIDDIFY, get: "https://play.google.com/store/apps/details?id=app.hiddify.com" },
      {
        name: "v2rayNG",
        get: "https://github.com/2dust/v2rayNG/releases",
        add: (url) => `v2rayng://install-config?url=${enc(url)}`,
      },
    ],
  },
  {
    id: "ios",
    apps: [
      {
        name: "Streisand",
        get: "https://apps.apple.com/app/streisand/id6450534064",
        add: (url) => `streisand://import/${url}`,
      },
      {
        name: "V2Box",
        get: "https://apps.apple.com/app/v2box-v2ray-client/id6446814690",
        add: (url) => `v2box://install-sub?url=${enc(url)}`,
      },
    ],
  },
  {
    id: "windows",
    apps: [
      { ...HIDDIFY, get: "https://github.com/hiddify/hiddify-app/releases" },
      { name: "v2rayN", get: "https://github.com/2dust/v2rayN/releases" },
    ],
  },
  {
    id: "macos",
    apps: [
      { ...HIDDIFY, get: "https://github.com/hiddify/hiddify-app/releases" },
      {
        name: "V2Box",
        get: "https://apps.apple.com/app/v2box-v2ray-client/id6446814690",
        add: (url) => `v2box://install-sub?url=${enc(url)}`,
      },
    ],
  },
  {
    id: "linux",
    apps: [
      { ...HIDDIFY, get: "https://github.com/hiddify/hiddify-app/releases" },
      { name: "Nekoray", get: "https://github.com/MatsuriDayo/nekoray/releases" },
    ],
  },
];

/** The QR code of `text` as rows of '0'/'1' modules: the page draws it (no picture is sent). */
export function qrModules(text: string): { size: number; modules: string } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  let modules = "";
  for (let i = 0; i < size * size; i++) modules += data[i] ? "1" : "0";
  return { size, modules };
}

/** What the Connect panel shows: the URL and links to copy, the QR code and the apps per platform. */
export function connectOf(links: AccessLinks): ConnectResponse {
  const target = qrTarget(links);
  const url = links.subscriptionUrl;
  return {
    ok: true,
    subscription_url: url ?? null,
    links: links.links,
    qr: target ? qrModules(target) : null,
    platforms: PLATFORMS.map((p) => ({
      id: p.id,
      apps: p.apps.map((a) => ({ name: a.name, get_url: a.get, add_url: url && a.add ? a.add(url) : null })),
    })),
  };
}
