import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import SignupPage from "./signup";

let registered: unknown = null;
const server = setupServer(
  ...trpcHandlers({
    "auth.signupStatus": () => ({ inviteRequired: true }),
    "auth.register": (input) => {
      registered = input;
      return trpcError(403, "This invite code is not valid or has expired", "FORBIDDEN");
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(screen.getByLabelText("Full Name"), "Nora");
  await user.type(screen.getByLabelText("Email"), "nora@x.test");
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Confirm Password"), confirm);
}

describe("SignupPage", () => {
  it("refuses mismatched passwords before calling the server", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />);
    await fill(user, "secret12", "secret13");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(registered).toBeNull();
  });

  it("refuses a short password with the specification's message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />);
    await fill(user, "12345", "12345");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 6 characters long")).toBeInTheDocument();
  });

  it("shows the invite field when required, never sends the confirmation, and shows the server message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />);
    const invite = await screen.findByLabelText("Invite Code");
    await fill(user, "secret12", "secret12");
    await user.type(invite, "BAD-CODE");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("This invite code is not valid or has expired")).toBeInTheDocument();
    await waitFor(() =>
      expect(registered).toEqual({
        name: "Nora",
        email: "nora@x.test",
        password: "secret12",
        invite_code: "BAD-CODE",
      }),
    );
    expect(localStorage.getItem("adminToken")).toBeNull();
  });
});
