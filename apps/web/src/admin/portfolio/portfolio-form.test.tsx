import { MESSAGES } from "@studio/validators";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { PortfolioFormDialog } from "./portfolio-form";

const calls: unknown[] = [];
let uploadAuth: string | null = null;
const server = setupServer(
  ...trpcHandlers({
    "portfolio.adminList": () => [],
    "portfolio.create": (input) => {
      calls.push(input);
      return { id: 1 };
    },
  }),
  http.post("*/api/portfolio/upload-image", ({ request }) => {
    uploadAuth = request.headers.get("authorization");
    return HttpResponse.json({
      success: true,
      url: "/uploads/media/11111111-2222-3333-4444-555555555555.webp",
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

describe("PortfolioFormDialog", () => {
  it("requires a title and a description that are not blank, with the specification's messages", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioFormDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.click(screen.getByRole("button", { name: "Create Item" }));
    expect(await screen.findByText("Please enter a title")).toBeInTheDocument();
    expect(screen.getByText("Please enter a description")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("sends tags split on commas, blanks as null, featured and status, with the uploaded media", async () => {
    localStorage.setItem("adminToken", "tok-123");
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<PortfolioFormDialog open onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText("Title"), "Harbour at dawn");
    await user.type(screen.getByLabelText("Description"), "Long exposure series");
    await user.selectOptions(screen.getByLabelText("Category"), "drone-services");
    await user.selectOptions(screen.getByLabelText("Status"), "draft");
    await user.type(screen.getByLabelText("Tags"), " aerial, ,sunrise ,  sea,");
    await user.click(screen.getByLabelText("Featured"));
    await user.upload(
      screen.getByLabelText("Media"),
      new File(["img"], "harbour.png", { type: "image/png" }),
    );
    expect(await screen.findByAltText("Current media preview")).toHaveAttribute(
      "src",
      "/uploads/media/11111111-2222-3333-4444-555555555555.webp",
    );
    expect(uploadAuth).toBe("Bearer tok-123");
    await user.click(screen.getByRole("button", { name: "Create Item" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual([
      {
        title: "Harbour at dawn",
        description: "Long exposure series",
        category: "drone-services",
        client: null,
        date: null,
        location: null,
        tags: ["aerial", "sunrise", "sea"],
        featured: true,
        status: "draft",
        media_url: "/uploads/media/11111111-2222-3333-4444-555555555555.webp",
      },
    ]);
  });

  it("shows the upload failure with the server's reason", async () => {
    server.use(
      http.post("*/api/portfolio/upload-image", () =>
        HttpResponse.json(
          { success: false, message: MESSAGES.upload.typeNotSupported("EXE") },
          { status: 415 },
        ),
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<PortfolioFormDialog open onOpenChange={() => undefined} />);
    await user.upload(
      screen.getByLabelText("Media"),
      new File(["MZ"], "tool.exe", { type: "application/x-msdownload" }),
    );
    expect(
      await screen.findByText(MESSAGES.upload.failedWithReason(MESSAGES.upload.typeNotSupported("EXE"))),
    ).toBeInTheDocument();
  });

  it("refuses a video over 50MB before uploading", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioFormDialog open onOpenChange={() => undefined} />);
    const big = new File(["x"], "film.mp4", { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: 51 * 1024 * 1024 });
    await user.upload(screen.getByLabelText("Media"), big);
    expect(
      await screen.findByText(MESSAGES.upload.failedWithReason(MESSAGES.upload.tooLarge("51.0 MB", 50))),
    ).toBeInTheDocument();
  });
});
