import { describe, expect, it } from "vitest";
import { withLogFields } from "../../src/runtime/log-context.js";
import { captureLogs } from "../helpers/log-capture.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("log scopes", () => {
  it("a job that ends does not take the fields away from one still running", async () => {
    const logs = captureLogs();
    const { logger } = logs;
    let releaseLong: () => void = () => undefined;
    const longGate = new Promise<void>((resolve) => {
      releaseLong = resolve;
    });
    const long = withLogFields({ jobId: "long" }, async () => {
      logger.info("long started");
      await longGate;
      logger.info("long finished");
    });
    await withLogFields({ jobId: "short" }, async () => {
      await tick();
      logger.info("short ran");
    });
    // The short job has ended (the storage would be switched off if it were the last one).
    releaseLong();
    await long;
    logger.info("after both");
    const line = (msg: string) => logs.lines().find((l) => l.msg === msg);
    expect(line("long started")).toMatchObject({ jobId: "long" });
    expect(line("short ran")).toMatchObject({ jobId: "short" });
    expect(line("long finished")).toMatchObject({ jobId: "long" });
    expect(line("after both")).not.toHaveProperty("jobId");
  });

  it("a scope that throws still ends, and the next one has its own fields", async () => {
    const logs = captureLogs();
    await expect(
      withLogFields({ jobId: "bad" }, async () => {
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(() =>
      withLogFields({ jobId: "sync-bad" }, () => {
        throw new Error("sync failure");
      }),
    ).toThrow("sync failure");
    await withLogFields({ jobId: "next" }, async () => {
      await tick();
      logs.logger.info("next ran");
    });
    logs.logger.info("outside");
    expect(logs.lines().find((l) => l.msg === "next ran")).toMatchObject({ jobId: "next" });
    expect(logs.lines().find((l) => l.msg === "outside")).not.toHaveProperty("jobId");
  });
});
