/*
 * Catalog texts shared by tests and benches. No vitest import here: the benches are built with
 * tsconfig.build.json, which compiles this file but not the test run's helpers.
 */

/** One plan, `de` ("Germany": 30 days, 10 GB for 150 Stars), on the x-ui server `serverId`. */
export function germanyCatalog(serverId: number): string {
  return `currency: XTR
plans:
  - id: de
    title: { en: "Germany", ru: "Германия" }
    days: 30
    traffic_gb: 10
    price: 150
    backend: { kind: xui, servers: [${serverId}] }
`;
}
