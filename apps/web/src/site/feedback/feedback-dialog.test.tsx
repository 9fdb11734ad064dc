import { MESSAGES } from "@studio/validators";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import FeedbackDialog, { firstProblem } from "./feedback-dialog";

let submitted: unknown[] = [];
let answer: (input: unknown) => unknown = () => ({ id: 7, message: MESSAGES.feedback.submitted });
const server = setupServer(
  ...trpcHandlers({
    "feedback.submit": (input) => {
      submitted.push(input);
      return answer(input);
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  submitted = [];
  answer = () => ({ id: 7, message: MESSAGES.feedback.submitted });
});
afterAll(() => server.close());

const submitButton = () => screen.getByRole("button", { name: "Submit Feedback" });

describe("FeedbackDialog", () => {
  it("checks name, email, rating and message in that order, and an error clears when a field changes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<FeedbackDialog onClose={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "Share Your Experience" })).toBeInTheDocument();

    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.feedback.nameRequired);
    // Each message stands under its own field.
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription(MESSAGES.feedback.nameRequired);
    expect(screen.getByLabelText("Name").parentElement).toContainElement(screen.getByRole("alert"));
    // Changing any field clears the message.
    await user.type(screen.getByLabelText("Name"), "   ");
    expect(screen.queryByRole("alert")).toBeNull();
    // Blank after trimming is still missing.
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.feedback.nameRequired);

    await user.type(screen.getByLabelText("Name"), "Asha");
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.feedback.emailRequired);
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(MESSAGES.feedback.emailRequired);

    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.feedback.ratingRequired);
    expect(screen.getByRole("group", { name: "Rating" })).toHaveAccessibleDescription(
      MESSAGES.feedback.ratingRequired,
    );

    await user.click(screen.getByLabelText("4 stars"));
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.feedback.messageRequired);
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(MESSAGES.feedback.messageRequired);
    expect(submitted).toHaveLength(0);
  });

  it("submits trimmed values with the chosen category, thanks the visitor and closes after 2 seconds", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<FeedbackDialog onClose={onClose} />);
    await user.type(screen.getByLabelText("Name"), "  Asha Rao ");
    await user.type(screen.getByLabelText("Email"), " asha@example.com ");
    await user.click(screen.getByLabelText("5 stars"));
    await user.type(screen.getByLabelText("Message"), "  Wonderful shoot.  ");
    await user.selectOptions(screen.getByLabelText("Service Category"), "drone-services");
    await user.click(submitButton());

    expect(await screen.findByText("Thank You!")).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.feedback.submitted)).toBeInTheDocument();
    expect(submitted).toEqual([
      {
        name: "Asha Rao",
        email: "asha@example.com",
        rating: 5,
        message: "Wonderful shoot.",
        service_category: "drone-services",
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it("offers General (empty) and the six service categories", () => {
    renderWithProviders(<FeedbackDialog onClose={() => undefined} />);
    const options = Array.from((screen.getByLabelText("Service Category") as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.text])).toEqual([
      ["", "General"],
      ["photography", "Photography"],
      ["videography", "Videography"],
      ["cinematography", "Cinematography"],
      ["drone-services", "Drone Services"],
      ["vfx-post", "VFX & Post"],
      ["commercial", "Commercial"],
    ]);
  });

  it("shows the server's reason when the submission is refused and keeps the form", async () => {
    answer = () => trpcError(429, MESSAGES.common.tooManyRequests, "TOO_MANY_REQUESTS");
    const user = userEvent.setup();
    renderWithProviders(<FeedbackDialog onClose={() => undefined} />);
    await user.type(screen.getByLabelText("Name"), "Asha");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.click(screen.getByLabelText("3 stars"));
    await user.type(screen.getByLabelText("Message"), "Good");
    await user.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.common.tooManyRequests);
    expect(screen.getByLabelText("Name")).toHaveValue("Asha");
  });

  it("cannot be closed while it is submitting", async () => {
    let release: () => void = () => undefined;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve({ id: 1, message: MESSAGES.feedback.submitted });
      });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<FeedbackDialog onClose={onClose} />);
    await user.type(screen.getByLabelText("Name"), "Asha");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.click(screen.getByLabelText("2 stars"));
    await user.type(screen.getByLabelText("Message"), "Fine");
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole("button", { name: "Close" })).toBeDisabled());
    await user.keyboard("{Escape}");
    expect(onClose).not.toHaveBeenCalled();
    release();
    expect(await screen.findByText("Thank You!")).toBeInTheDocument();
  });
});

describe("firstProblem", () => {
  it("reports an invalid e-mail after the required checks", () => {
    expect(firstProblem({ name: "A", email: "nope", rating: 0, message: "", service_category: "" })).toEqual({
      field: "email",
      message: MESSAGES.feedback.emailInvalid,
    });
    expect(
      firstProblem({ name: "A", email: "a@b.co", rating: 4, message: "Hi", service_category: "" }),
    ).toBeNull();
  });
});
