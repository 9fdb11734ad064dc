import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";

/** The TRPCError a call fails with (a test fails when the call succeeds or throws something else). */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** The message a client sees: for invalid input, the first zod issue (as the error formatter reports it). */
export function shownMessage(error: TRPCError): string {
  return error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? "") : error.message;
}

/** Code and shown message of the error a call fails with. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await rejection(promise);
  return { code: error.code, message: shownMessage(error) };
}
