import { fail } from "../fakes/http-fake.js";
import type { Rng } from "./prng.js";
import { BACKENDS, type Backend, LATE_MS, type World } from "./world.js";

/*
 * Hosting faults armed before a step: the next matching request of one backend gets a 503 (not
 * applied), is applied with its answer lost (503 or a cut connection), or is held past the
 * client's timeout and applied late. A create whose answer is lost is a create applied that the
 * shop did not hear of: whatever it does next must not leave two clients.
 */

type Route = { method: string; path: string; what: string };

const ROUTES: Record<Backend, { write: Route[]; create: Route[]; read: Route[] }> = {
  xui: {
    write: [{ method: "PATCH", path: "/api/v1/servers/\\d+/clients/[^/]+", what: "edit" }],
    create: [{ method: "POST", path: "/api/v1/servers/\\d+/clients", what: "create" }],
    read: [{ method: "GET", path: "/api/v1/servers/\\d+/clients(/[^/]+)?", what: "read" }],
  },
  panel: {
    write: [
      { method: "PATCH", path: "/api/clients/[^/]+", what: "main edit" },
      { method: "PATCH", path: "/api/fed/lproxy/2/clients/[^/]+", what: "location 2 edit" },
    ],
    create: [
      { method: "POST", path: "/api/create", what: "main create" },
      { method: "POST", path: "/api/fed/lproxy/2/create", what: "location 2 create" },
    ],
    read: [{ method: "GET", path: "/api/(fed/lproxy/2/)?clients/[^/]+", what: "read" }],
  },
  node: {
    write: [{ method: "PATCH", path: "(?:/api)?/(?:edit|clients/[^/]+)", what: "edit" }],
    create: [{ method: "POST", path: "(?:/api)?/(?:create|clients)", what: "create" }],
    read: [{ method: "GET", path: "(?:/api)?/clients/[^/]+", what: "read" }],
  },
};

export type FaultKind = "503" | "lost" | "late" | "read-503";

/** Arms one fault on a random backend; returns what it is, for the step log, and its kind. */
export function armFault(w: World, rng: Rng): { label: string; key: string } {
  const armed = arm(w, rng);
  return { label: `fault: ${armed.backend} ${armed.label}`, key: `fault ${armed.backend} ${armed.kind}` };
}

function arm(w: World, rng: Rng): { backend: Backend; kind: FaultKind; label: string } {
  const backend = rng.pick(BACKENDS) as Backend;
  const kind = rng.weighted<FaultKind>([
    ["503", 3],
    ["lost", 3],
    ["late", 2],
    ["read-503", 1],
  ]);
  const routes = ROUTES[backend];
  const fake = backend === "xui" ? w.account : backend === "panel" ? w.panel : w.node;
  if (kind === "read-503") {
    const r = rng.pick(routes.read) as Route;
    fake.failNext(r.method, r.path, fail(503, "Service Unavailable"));
    return { backend, kind, label: `${r.what} answers 503` };
  }
  const r = rng.pick(rng.chance(0.4) ? routes.create : routes.write) as Route;
  if (kind === "503") {
    fake.failNext(r.method, r.path, fail(503, "Service Unavailable"));
    return { backend, kind, label: `${r.what} refused with 503 (not applied)` };
  }
  if (kind === "lost") {
    const drop = rng.chance(0.3);
    fake.loseAnswerNext(r.method, r.path, drop ? "drop" : undefined);
    return { backend, kind, label: `${r.what} applied, answer lost (${drop ? "connection cut" : "503"})` };
  }
  fake.delayNext(r.method, r.path, LATE_MS);
  return { backend, kind, label: `${r.what} applied late (${LATE_MS} ms, past the client's timeout)` };
}
