import { MESSAGES } from "@studio/validators";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import FeedbackDialog from "./feedback-dialog";
import { feedbackPrefillFrom, withoutFeedbackParams } from "./feedback-link";

let submitted: unknown[] = [];
const server = setupServer(
  ...trpcHandlers({
    "feedback.submit": (input) => {
      submitted.push(input);
      return { id: 9, message: MESSAGES.feedback.submitted };
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  submitted = [];
});
afterAll(() => server.close());

describe("the feedback link from the thank-you e-mail", () => {
  it("reads name, e-mail and category, leaving out what is unusable", () => {
    expect(
      feedbackPrefillFrom("?feedback=1&name=Dee%20Done&email=dee%40client.test&category=drone-services"),
    ).toEqual({
      name: "Dee Done",
      email: "dee@client.test",
      service_category: "drone-services",
    });
    expect(feedbackPrefillFrom("?feedback=1&name=X&email=not-an-email&category=weddings")).toEqual({
      name: "X",
      email: "",
      service_category: "",
    });
    expect(feedbackPrefillFrom("?name=X")).toBeNull();
    expect(
      withoutFeedbackParams(
        "http://studio.test/?feedback=1&name=X&email=a%40b.c&category=vfx-post&utm=1#top",
      ),
    ).toBe("/?utm=1#top");
  });

  it("opens the dialog filled in; the client adds a rating and a message and sends it", async () => {
    const user = userEvent.setup();
    const initial = feedbackPrefillFrom("?feedback=1&name=Dee&email=dee%40client.test&category=vfx-post");
    renderWithProviders(<FeedbackDialog initial={initial} onClose={() => undefined} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Dee");
    expect(screen.getByLabelText("Email")).toHaveValue("dee@client.test");
    await user.click(screen.getByText("5 stars"));
    await user.type(screen.getByLabelText("Message"), "Lovely shoot");
    await user.click(screen.getByRole("button", { name: "Submit Feedback" }));
    await screen.findByText(MESSAGES.feedback.submitted);
    expect(submitted).toEqual([
      {
        name: "Dee",
        email: "dee@client.test",
        rating: 5,
        message: "Lovely shoot",
        service_category: "vfx-post",
      },
    ]);
  });
});
