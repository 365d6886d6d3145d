import { expect } from "vitest";
import { CatalogError, parseCatalog } from "../../src/domain/catalog/index.js";

/** The one line a bad catalog source is refused with (fails the test when it is accepted). */
export function catalogErrorOf(source: string): string {
  try {
    parseCatalog(source, "catalog.yaml");
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogError);
    return (err as Error).message;
  }
  throw new Error("expected a CatalogError");
}
