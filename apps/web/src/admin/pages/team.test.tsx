import { type AdminListItem, type AdminUserDto, type InviteListItem, MESSAGES } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import TeamPage from "./team";

const OWNER: AdminUserDto = { id: 1, name: "Olivia Owner", email: "owner@studio.test", role: "owner" };
const EDDIE: AdminUserDto = { id: 2, name: "Eddie Editor", email: "eddie@studio.test", role: "admin" };
const ADMINS: AdminListItem[] = [
  { ...OWNER, created_at: "2026-01-01T10:00:00.000Z", last_sign_in_at: "2026-03-18T14:05:00.000Z" },
  { ...EDDIE, created_at: "2026-02-01T10:00:00.000Z", last_sign_in_at: null },
];
const invite = (id: number, patch: Partial<InviteListItem> = {}): InviteListItem => ({
  id,
  created_at: "2026-03-01T10:00:00.000Z",
  expires_at: "2099-03-08T10:00:00.000Z",
  created_by: "Olivia Owner",
  used_at: null,
  used_by_email: null,
  revoked_at: null,
  status: "active",
  ...patch,
});

let me: AdminUserDto = OWNER;
let calls: { path: string; input: unknown }[] = [];
let passwordAnswer: unknown = { message: MESSAGES.auth.passwordChanged };
let pending: string | null = null;

const record = (path: string, answer: (input: unknown) => unknown) => (input: unknown) => {
  calls.push({ path, input });
  return answer(input);
};

const server = setupServer(
  ...trpcHandlers({
    "auth.me": () => me,
    "admins.list": () => ADMINS,
    "admins.invites": () => [
      invite(3),
      invite(2, {
        status: "used",
        used_at: "2026-03-02T09:00:00.000Z",
        used_by_email: "eddie@studio.test",
      }),
    ],
    "admins.revokeInvite": record("revokeInvite", () => invite(3, { status: "revoked" })),
    "admins.remove": record("remove", () => ADMINS[1]),
    "auth.changePassword": record("changePassword", () => passwordAnswer),
    "auth.pendingEmail": () => ({ pending_email: pending }),
    "auth.updateProfile": record("updateProfile", (input) => {
      const { name, email } = input as { name: string; email: string };
      pending = email === me.email ? pending : email;
      return {
        user: { ...me, name },
        pending_email: pending,
        message: pending ? MESSAGES.auth.emailChangeRequested(pending) : MESSAGES.auth.profileUpdated,
      };
    }),
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  me = OWNER;
  calls = [];
  passwordAnswer = { message: MESSAGES.auth.passwordChanged };
  pending = null;
  localStorage.clear();
});
afterAll(() => server.close());

const row = async (name: string) =>
  (await screen.findAllByTestId("admin-row")).find((r) => within(r).queryByText(name)) as HTMLElement;

describe("Team page", () => {
  it("has a heading per section and lists the admins with role and last sign-in", async () => {
    renderWithProviders(<TeamPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Team" })).toBeInTheDocument();
    for (const name of ["Your account", "Admins", "Invite codes"])
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    const eddie = await row("Eddie Editor");
    expect(within(eddie).getByText("Admin")).toBeInTheDocument();
    expect(within(eddie).getByText(/Never/)).toBeInTheDocument();
    const olivia = await row("Olivia Owner");
    expect(within(olivia).getByText("Owner")).toBeInTheDocument();
    expect(within(olivia).getByText("18 Mar 2026, 7:35 PM", { exact: false })).toBeInTheDocument();
  });

  it("the owner sees Remove and Make owner on other admins but not on their own row", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamPage />);
    const eddie = await row("Eddie Editor");
    expect(within(eddie).getByRole("button", { name: "Make Eddie Editor the owner" })).toBeInTheDocument();
    const olivia = await row("Olivia Owner");
    expect(within(olivia).queryByRole("button")).toBeNull();
    expect(screen.getAllByRole("button", { name: /^Remove / })).toHaveLength(1);

    await user.click(within(eddie).getByRole("button", { name: "Remove Eddie Editor" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove admin" });
    expect(dialog).toHaveTextContent("Remove Eddie Editor (eddie@studio.test)?");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(calls).toContainEqual({ path: "remove", input: { id: 2 } }));
  });

  it("a non-owner sees the list without Remove or Make owner", async () => {
    me = EDDIE;
    localStorage.setItem("adminUser", JSON.stringify(EDDIE));
    renderWithProviders(<TeamPage />);
    await row("Olivia Owner");
    expect(screen.getAllByTestId("admin-row")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole("button", { name: /the owner$/ })).toBeNull();
    expect(screen.getByText(MESSAGES.admin.team.ownerHint)).toBeInTheDocument();
  });

  it("a new e-mail asks for the current password, then shows as pending confirmation; the address in use stays", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamPage />);
    const details = await screen.findByRole("form", { name: "Your details" });
    expect(within(details).queryByLabelText("Current password")).toBeNull();
    const email = within(details).getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "new@studio.test");
    await user.click(within(details).getByRole("button", { name: "Save details" }));
    expect(await within(details).findByText(MESSAGES.auth.currentPasswordForEmail)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "updateProfile")).toHaveLength(0);

    await user.type(within(details).getByLabelText("Current password"), "owner-pass-1");
    await user.click(within(details).getByRole("button", { name: "Save details" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: "updateProfile",
        input: { name: "Olivia Owner", email: "new@studio.test", current_password: "owner-pass-1" },
      }),
    );
    expect(
      await within(details).findByText(MESSAGES.auth.emailPendingConfirmation("new@studio.test")),
    ).toBeInTheDocument();
    expect(within(details).getByRole("status")).toHaveTextContent(
      MESSAGES.auth.emailChangeRequested("new@studio.test"),
    );
    expect(within(details).getByLabelText("Email")).toHaveValue("owner@studio.test");
    expect(within(details).queryByLabelText("Current password")).toBeNull();
  });

  it("changes the password with the current one and says the other sessions ended", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamPage />);
    await user.type(screen.getByLabelText("Current password"), "old-pass-1");
    await user.type(screen.getByLabelText("New password"), "new-pass-12");
    await user.type(screen.getByLabelText("Confirm new password"), "new-pass-12");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(MESSAGES.auth.passwordChanged)).toBeInTheDocument();
    expect(calls).toContainEqual({
      path: "changePassword",
      input: { current: "old-pass-1", next: "new-pass-12" },
    });
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("shows the server's message when the current password is wrong, and checks the confirmation", async () => {
    const user = userEvent.setup();
    passwordAnswer = trpcError(400, MESSAGES.auth.currentPasswordWrong, "BAD_REQUEST", {
      current: MESSAGES.auth.currentPasswordWrong,
    });
    renderWithProviders(<TeamPage />);
    await user.type(screen.getByLabelText("Current password"), "wrong-pass");
    await user.type(screen.getByLabelText("New password"), "new-pass-12");
    await user.type(screen.getByLabelText("Confirm new password"), "other-pass-12");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(MESSAGES.auth.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "changePassword")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "new-pass-12");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(MESSAGES.auth.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(MESSAGES.auth.passwordChanged)).toBeNull();
  });

  it("lists invite codes masked with their state and revokes an active one after confirming", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TeamPage />);
    const rows = await screen.findAllByTestId("invite-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("Active")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Used")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText(/eddie@studio\.test/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole("button")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Revoke code #3" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke invite code" });
    expect(calls.filter((c) => c.path === "revokeInvite")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(calls).toContainEqual({ path: "revokeInvite", input: { id: 3 } }));
  });
});
