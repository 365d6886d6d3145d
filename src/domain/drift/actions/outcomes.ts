import {
  HostingApiError,
  HostingError,
  HostingInputError,
  HostingSchemaError,
  HostingTimeoutError,
  isTransient,
} from "#src/hosting/errors.js";
import { ProvisioningError } from "../../provisioning/index.js";
import type { NotDone } from "./types.js";

/**
 * The outcome of a failure that is expected: the hosting side did not answer (unavailable), or
 * refused (a 4xx, a permanent provisioning error, an input the API would refuse). Anything else
 * (a bug, Redis gone) is not an outcome and is thrown again.
 */
export function notDoneOf(err: unknown): NotDone {
  const detail = err instanceof Error ? err.message : String(err);
  if (err instanceof ProvisioningError) {
    return err.permanent ? { status: "refused", reason: "hosting-refused", detail } : unavailable(detail);
  }
  if (isTransient(err) || err instanceof HostingTimeoutError || err instanceof HostingSchemaError) {
    return unavailable(detail);
  }
  if (err instanceof HostingApiError) {
    return err.status >= 500 ? unavailable(detail) : { status: "refused", reason: "hosting-refused", detail };
  }
  // A certificate refused, an unknown panel location, an input the API would refuse.
  if (err instanceof HostingError || err instanceof HostingInputError) {
    return { status: "refused", reason: "hosting-refused", detail };
  }
  throw err;
}

function unavailable(detail: string): NotDone {
  return { status: "unavailable", detail };
}

/** Runs `fn` and turns an expected failure into its outcome (see notDoneOf). */
export async function outcomeOf<T>(fn: () => Promise<T>): Promise<T | NotDone> {
  try {
    return await fn();
  } catch (err) {
    return notDoneOf(err);
  }
}
