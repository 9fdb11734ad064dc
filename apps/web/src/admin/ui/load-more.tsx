import { Button } from "../../components/ui/button";

/** "Load more" under a keyset-paged admin list; nothing once the last page is in. */
export function LoadMore({
  list,
  labels,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  labels: { loadMore: string; loadingMore: string };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button
        variant="secondary"
        size="sm"
        disabled={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? labels.loadingMore : labels.loadMore}
      </Button>
    </div>
  );
}
