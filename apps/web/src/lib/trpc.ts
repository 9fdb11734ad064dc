import type { AppRouter } from "@studio/api";
import { TIMINGS, TRPC_MAX_BATCH } from "@studio/validators";
import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink, httpLink, splitLink, type TRPCLink, TRPCClientError } from "@trpc/client";
import { createTRPCReact, type inferReactQueryProcedureOptions } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import { getToken, handleUnauthorized } from "./auth-storage";

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/** Sign-in and sign-up answer 401/403 for wrong credentials; those stay on the form. */
const CREDENTIAL_PATHS = new Set(["auth.login", "auth.register"]);

const unauthorizedLink: TRPCLink<AppRouter> = () => {
  return ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (error) => {
          if (error.data?.httpStatus === 401 && !CREDENTIAL_PATHS.has(op.path)) handleUnauthorized();
          observer.error(error);
        },
      }),
    );
};

export function createTrpcClient() {
  const transport = {
    url: "/trpc",
    headers() {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
    fetch(url: URL | RequestInfo, options?: RequestInit) {
      return fetch(url, { ...options, signal: AbortSignal.timeout(TIMINGS.apiTimeoutMs) });
    },
  };
  return trpc.createClient({
    links: [
      unauthorizedLink,
      // The server batches queries (up to TRPC_MAX_BATCH) and takes each change on its own.
      splitLink({
        condition: (op) => op.type === "query",
        true: httpBatchLink({ ...transport, maxURLLength: 4000, maxItems: TRPC_MAX_BATCH }),
        false: httpLink(transport),
      }),
    ],
  });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && !isClientError(error),
      },
      mutations: { retry: false },
    },
  });
}

function isClientError(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    typeof error.data?.httpStatus === "number" &&
    error.data.httpStatus < 500
  );
}

/** The user-facing message of a failed call; falls back when the server gave none (or the network failed). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data?.httpStatus && error.data.httpStatus < 500)
    return error.message;
  if (error instanceof TRPCClientError && error.data?.httpStatus === 503) return error.message;
  return fallback;
}

/**
 * The errors a form shows after a failed call: its field errors, or the server's message as the form's own
 * ("_") when no field explains it.
 */
export function callErrors(error: unknown, fallback: string): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? fields : { _: errorMessage(error, fallback) };
}

/** Field → message map from a failed call (zod or AppError field errors). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string> } | undefined;
    return data?.fieldErrors ?? {};
  }
  return {};
}
