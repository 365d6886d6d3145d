/** Stands for the part a key builder is given, to find where that part starts. */
const PART = "\u0000";

/**
 * The fixed start of the keys `build` makes (`order:` of `(id) => \`order:${id}\``), for a Lua
 * script that names such keys only while it runs: the room's keys.ts stays the one place that
 * spells them. Refuses a builder whose part is not at the end of its key.
 */
export function keyPrefix<T extends string | number>(build: (part: T) => string): string {
  const key = build(PART as T);
  const at = key.indexOf(PART);
  if (at < 0 || at !== key.length - PART.length) throw new Error(`not a key prefix builder: ${key}`);
  return key.slice(0, at);
}
