import { expect } from "vitest";

/** Awaits a promise that must reject and returns the rejection. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (err: unknown) => err,
  );
}

/** Awaits a promise that must reject with an instance of `type`, and returns that error. */
export async function rejectionOf<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(type);
  return err as E;
}
