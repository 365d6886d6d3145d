import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The project whose files each run a process of their own (vitest.config.ts). */
export const PROCESSES_PROJECT = "processes";

/**
 * Vitest's order (longest first by the last run's durations, larger files first without them),
 * except that the process files start before the in-process ones. Vitest puts projects in name
 * order, so the process files, the longest of the run, came last and left one worker busy
 * while the others had nothing left to do.
 */
export default class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => f.project.name === PROCESSES_PROJECT;
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}
