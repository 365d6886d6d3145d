import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder (holds package.json), found from this module whether run from src/ or dist/src/. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the project folder");
    dir = parent;
  }
  return dir;
}

export const localesDir = (): string => join(projectRoot(), "locales");

/** The archive of old history on disk: ARCHIVE_DIR, or `data/archive` in the project folder. */
export const archiveDir = (config: { archiveDir?: string | undefined }): string =>
  config.archiveDir ?? join(projectRoot(), "data", "archive");
