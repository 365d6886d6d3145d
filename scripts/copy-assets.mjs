// After tsc: what the built code reads from beside itself (the cabinet's files, Lua scripts).
import { cpSync, statSync } from "node:fs";

cpSync("webapp", "dist/webapp", { recursive: true });
cpSync("src", "dist/src", {
  recursive: true,
  filter: (path) => statSync(path).isDirectory() || path.endsWith(".lua"),
});
