import { z } from "zod";
import { eachInTurns } from "../runtime/background-turn.js";

/**
 * A list in a hosting answer (every client of a server, a panel or a node), validated item by
 * item in slices with the event loop given back in between (eachInTurns). Validating a listing of 10 000
 * clients in one go held the process for 20-30 ms (100 000: a quarter of a second), and the
 * traffic, drift and runway passes read such listings in the bot's own process: every update
 * waited behind them (inside a periodic task the loop is given back at its pace:
 * background-turn.ts). Only `safeParseAsync` can run it (request.ts does); an item that does not
 * fit fails the list with its index in the path, as `z.array(item)` would.
 */
export function slicedList<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform(async (raw, ctx): Promise<z.output<T>[]> => {
    const out: z.output<T>[] = [];
    let failed = false;
    await eachInTurns(raw, (value, i) => {
      const read = item.safeParse(value);
      if (read.success) {
        out.push(read.data);
        return;
      }
      failed = true;
      for (const issue of read.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: [i, ...issue.path], input: value });
      }
    });
    return failed ? z.NEVER : out;
  });
}
