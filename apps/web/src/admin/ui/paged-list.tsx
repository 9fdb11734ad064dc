import type { ReactNode } from "react";
import { errorMessage } from "../../lib/trpc";
import { EmptyState } from "./empty-state";
import { FormError } from "./form-fields";
import type { IconName } from "./icons";
import { LoadMore } from "./load-more";
import { Spinner } from "./spinner";

type PagedQuery = {
  error: unknown;
  isLoading: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * A keyset-paged back-office list (Activity, Mail): its error, loading and empty states, "Showing N", the rows
 * the page renders, and "Load more".
 */
export function PagedList({
  query,
  count,
  labels,
  empty,
  className,
  children,
}: {
  query: PagedQuery;
  /** Rows loaded so far. */
  count: number;
  labels: {
    list: string;
    loadFailed: string;
    loading: string;
    showing: (count: number) => string;
    loadMore: string;
    loadingMore: string;
  };
  empty: { icon: IconName; title: string; text: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={labels.list} aria-busy={query.isFetching} className={className}>
      {query.error ? (
        <FormError message={errorMessage(query.error, labels.loadFailed)} />
      ) : query.isLoading ? (
        <div className="flex items-center gap-3 py-10 text-white/70" role="status">
          <Spinner /> {labels.loading}
        </div>
      ) : count === 0 ? (
        <EmptyState {...empty} />
      ) : (
        <>
          <p className="mb-3 text-sm text-white/70" aria-live="polite">
            {labels.showing(count)}
          </p>
          {children}
          <LoadMore list={query} labels={labels} />
        </>
      )}
    </section>
  );
}
