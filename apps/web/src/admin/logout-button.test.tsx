import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getToken, getStoredUser, storeSession } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";
import { renderWithProviders } from "../test/render";
import { trpcHandlers, trpcError } from "../test/trpc-msw";
import { LogoutButton } from "./logout-button";

let calls: string[] = [];
const server = setupServer(
  ...trpcHandlers({
    "auth.logout": () => {
      calls.push("logout");
      return { success: true };
    },
    "bookings.stats": () => {
      calls.push("stats");
      // After the sign-out the server refuses the (now absent) token.
      return calls.includes("logout")
        ? trpcError(401, "Authentication required", "UNAUTHORIZED")
        : { total: 3, pending: 1, confirmed: 1, completed: 1, cancelled: 0, withProof: 0 };
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  calls = [];
});
afterAll(() => server.close());

function AdminPage() {
  const stats = trpc.bookings.stats.useQuery();
  return (
    <main>
      <p>{stats.data ? `Total ${stats.data.total}` : "Loading"}</p>
      <LogoutButton />
    </main>
  );
}

describe("LogoutButton", () => {
  it("revokes on the server, forgets the session, leaves the page and refetches no admin data", async () => {
    storeSession("token-1", { id: 1, name: "Ada", email: "ada@studio.test", role: "admin" });
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, { route: "/admin/services", path: "/admin/services" });
    expect(await screen.findByText("Total 3")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Navigated away")).toBeInTheDocument();
    expect([getToken(), getStoredUser()]).toEqual([null, null]);
    await waitFor(() => expect(calls).toEqual(["stats", "logout"]));
  });
});
