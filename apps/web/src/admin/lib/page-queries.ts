/**
 * The first queries of each admin page, shared by the page and the shell: the shell starts them as soon as
 * it renders, in parallel with the page's own chunk, so the data is usually there when the page mounts.
 * The inputs must be exactly the ones the pages use (React Query keys include them).
 */
import { type BookingStatus, LIST_DEFAULTS } from "@studio/validators";
import type { trpc } from "../../lib/trpc";

type Utils = ReturnType<typeof trpc.useUtils>;

export function bookingsListInput(status: BookingStatus | "all", search: string) {
  return {
    status: status === "all" ? undefined : status,
    search: search || undefined,
    limit: LIST_DEFAULTS.adminBookingsPage,
  };
}

export const bookingsPageParams = {
  getNextPageParam: (last: { nextCursor: number | null }) => last.nextCursor ?? undefined,
};

export const recentBookingsInput = { limit: LIST_DEFAULTS.recentBookings };

/** Starts the first queries of the admin page at `pathname`; failures are left to the page to show. */
export function prefetchAdminPage(utils: Utils, pathname: string): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  if (pathname === "/admin/bookings") {
    quiet(
      utils.bookings.list.prefetchInfinite(bookingsListInput("all", ""), { ...bookingsPageParams, pages: 1 }),
    );
    quiet(utils.bookings.stats.prefetch());
  } else if (pathname === "/admin/dashboard") {
    quiet(utils.services.list.prefetch());
    quiet(utils.portfolio.adminList.prefetch({}));
    quiet(utils.bookings.stats.prefetch());
    quiet(utils.bookings.list.prefetch(recentBookingsInput));
  } else if (pathname === "/admin/analytics") {
    quiet(utils.analytics.overview.prefetch());
  }
}
