import { CONTACT_SERVICE_TYPES, MESSAGES } from "@studio/validators";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { ContactForm } from "./contact-form";

let sent: unknown[] = [];
let answer: () => unknown = () => ({ id: 1, message: MESSAGES.contact.sent });
const server = setupServer(
  ...trpcHandlers({
    "contact.send": (input) => {
      sent.push(input);
      return answer();
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  sent = [];
  answer = () => ({ id: 1, message: MESSAGES.contact.sent });
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;
async function fill(user: User) {
  await user.type(screen.getByLabelText("Name"), "Ravi Kulkarni");
  await user.type(screen.getByLabelText("Email"), "ravi@example.com");
  await user.type(screen.getByLabelText("Phone (optional)"), "555 0100");
  await user.selectOptions(screen.getByLabelText("Service Type (optional)"), "Drone Services");
  await user.type(screen.getByLabelText("Subject"), "Aerial shots");
  await user.type(screen.getByLabelText("Message"), "We need a fly-over of our campus.");
}
const send = (user: User) => user.click(screen.getByRole("button", { name: "Send Message" }));

describe("ContactForm", () => {
  it("requires name, email, subject and message; phone and service type are optional", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await send(user);
    expect(screen.getByText(MESSAGES.contact.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.contact.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.contact.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.contact.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    await user.type(screen.getByLabelText("Email"), "nope");
    await send(user);
    expect(screen.getByText(MESSAGES.contact.emailInvalid)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("offers the seven service types", () => {
    renderWithProviders(<ContactForm />);
    const options = Array.from(
      (screen.getByLabelText("Service Type (optional)") as HTMLSelectElement).options,
    );
    expect(options.slice(1).map((o) => o.value)).toEqual([...CONTACT_SERVICE_TYPES]);
  });

  it("sends the message, shows the success text and clears the form", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await send(user);
    expect(await screen.findByRole("status")).toHaveTextContent(MESSAGES.contact.sent);
    expect(sent).toEqual([
      {
        name: "Ravi Kulkarni",
        email: "ravi@example.com",
        phone: "555 0100",
        subject: "Aerial shots",
        message: "We need a fly-over of our campus.",
        serviceType: "Drone Services",
      },
    ]);
    for (const label of ["Name", "Email", "Phone (optional)", "Subject", "Message"])
      expect(screen.getByLabelText(label)).toHaveValue("");
    expect(screen.getByLabelText("Service Type (optional)")).toHaveValue("");
  });

  it("shows the server's field errors by their fields, without the failure text", async () => {
    answer = () =>
      trpcError(400, "Invalid input", "BAD_REQUEST", {
        subject: "Subject must be at most 200 characters",
        message: "Message must be at most 5000 characters",
      });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await send(user);
    expect(await screen.findByText("Subject must be at most 200 characters")).toBeInTheDocument();
    expect(screen.getByText("Message must be at most 5000 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription(
      "Subject must be at most 200 characters",
    );
    expect(screen.getByLabelText("Subject")).toHaveFocus();
    expect(screen.queryByText(MESSAGES.contact.failed)).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("Aerial shots");
  });

  it("shows the failure text when the server's field errors name no field of the form", async () => {
    answer = () => trpcError(400, "Invalid input", "BAD_REQUEST", { recaptcha: "Unknown" });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await send(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.contact.failed);
  });

  it("shows the server's field errors by their fields (a subject with a control character, a message body)", async () => {
    const subject = MESSAGES.common.singleLine("Subject");
    const message = MESSAGES.common.controlCharacters("Message");
    answer = () => trpcError(400, subject, "BAD_REQUEST", { subject, message });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await send(user);
    expect(await screen.findByText(subject)).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription(subject);
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Subject")).toHaveValue("Aerial shots");
  });

  it("shows the failure text and keeps what was typed", async () => {
    answer = () => trpcError(500, "boom", "INTERNAL_SERVER_ERROR");
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await send(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.contact.failed);
    expect(screen.getByLabelText("Subject")).toHaveValue("Aerial shots");
  });
});
