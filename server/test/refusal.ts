import { expect } from 'vitest';
import { AppError } from '../lib/errors.ts';

/** The error `promise` is refused with, which must be one of ours (an AppError, with its code and status). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
