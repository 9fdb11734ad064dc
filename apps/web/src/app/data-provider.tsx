import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { createQueryClient, createTrpcClient, trpc } from "../lib/trpc";

type Clients = { query: ReturnType<typeof createQueryClient>; trpc: ReturnType<typeof createTrpcClient> };
let clients: Clients | null = null;

/** The one query cache and tRPC client of the page, created on first use. */
export function getDataClients(): Clients {
  clients ??= { query: createQueryClient(), trpc: createTrpcClient() };
  return clients;
}

/**
 * tRPC + React Query for the subtree. It is not mounted at the root: the public entry chunk stays free
 * of the data layer, and each lazily loaded island (home sections, dialogs, admin area) wraps itself.
 * All islands share one cache. Inside an existing provider (tests, nested islands) it adds nothing.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return children;
  const { query, trpc: client } = getDataClients();
  return (
    <trpc.Provider client={client} queryClient={query}>
      <QueryClientProvider client={query}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
