import { CATEGORIES, MESSAGES } from "@studio/validators";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { ServiceFormDialog } from "./service-form";

const calls: { path: string; input: unknown }[] = [];
let createResult: unknown = { id: 9 };
const server = setupServer(
  ...trpcHandlers({
    "services.list": () => [],
    "services.create": (input) => {
      calls.push({ path: "create", input });
      return createResult;
    },
    "services.update": (input) => {
      calls.push({ path: "update", input });
      return { id: 3 };
    },
  }),
  // The REST upload answers an absolute URL (for other origins); the site keeps its own files as paths.
  http.post("*/api/services/upload-image", () =>
    HttpResponse.json({ success: true, data: { url: "http://localhost:3000/uploads/media/new.webp" } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  createResult = { id: 9 };
});
afterAll(() => server.close());

const SERVICE = {
  id: 3,
  title: "Drone Tour",
  description: "Aerial film",
  category: "drone-services" as const,
  price: 499.5,
  duration: "Half day",
  duration_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  duration_days: 1,
  start_every_minutes: 60 as const,
  features: ["4K", "Licensed pilot"],
  image: "/uploads/media/x.jpg",
  icon: null,
  created_at: "2026-01-01T00:00:00.000Z",
  archived: false,
};

describe("ServiceFormDialog", () => {
  it("shows the field errors and sends nothing while required fields are empty", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} />);
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    expect(await screen.findByText(MESSAGES.service.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.service.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.service.priceRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.service.durationRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("offers the site's six categories, photography first, and a price ≥ 0 with cents", () => {
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} />);
    const category = screen.getByLabelText("Category") as HTMLSelectElement;
    // The site's one category list (its pages' slugs), named as the site names them (not "Editing", "Drone").
    expect([...category.options].map((o) => o.value)).toEqual([...CATEGORIES]);
    expect([...category.options].map((o) => o.textContent)).toEqual([
      "Photography",
      "Videography",
      "Cinematography",
      "Drone Services",
      "VFX & Post",
      "Commercial",
    ]);
    expect(category.value).toBe("photography");
    const price = screen.getByLabelText("Price (USD)");
    expect(price).toHaveAttribute("min", "0");
    expect(price).toHaveAttribute("step", "0.01");
  });

  it("creates a service with a numeric price and trimmed features from lines and commas", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<ServiceFormDialog open onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText("Title"), "  Wedding Film ");
    await user.type(screen.getByLabelText("Description"), "Your day on film");
    await user.type(screen.getByLabelText("Price (USD)"), "1899.99");
    await user.type(screen.getByLabelText("Duration"), "Full day");
    await user.selectOptions(screen.getByLabelText("Category"), "videography");
    await user.type(screen.getByLabelText(MESSAGES.admin.common.imageUrl), "https://cdn.example.com/w.jpg");
    await user.type(screen.getByLabelText("Features"), "Two cameras, Drone shots\n\n  Highlight reel  ,");
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual([
      {
        path: "create",
        input: {
          title: "Wedding Film",
          description: "Your day on film",
          price: 1899.99,
          duration: "Full day",
          duration_minutes: 480,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
          duration_days: 1,
          start_every_minutes: 60,
          category: "videography",
          image: "https://cdn.example.com/w.jpg",
          icon: null,
          features: ["Two cameras", "Drone shots", "Highlight reel"],
          gallery_selection_limit: null,
        },
      },
    ]);
  });

  it("edits the service's gallery selection limit (a booking's gallery takes it), and clears it", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { unmount } = renderWithProviders(
      <ServiceFormDialog
        open
        onOpenChange={onOpenChange}
        service={{ ...SERVICE, bookings: 0, duration_unread: false, gallery_selection_limit: 30 }}
      />,
    );
    const limit = screen.getByLabelText(MESSAGES.admin.services.gallerySelectionLabel);
    expect(limit).toHaveValue(30);
    await user.clear(limit);
    await user.type(limit, "25");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toMatchObject({
      path: "update",
      input: { id: 3, data: { gallery_selection_limit: 25 } },
    });
    unmount();
    renderWithProviders(
      <ServiceFormDialog
        open
        onOpenChange={onOpenChange}
        service={{ ...SERVICE, bookings: 0, duration_unread: false, gallery_selection_limit: 30 }}
      />,
    );
    await user.clear(screen.getByLabelText(MESSAGES.admin.services.gallerySelectionLabel));
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.at(-1)).toMatchObject({ input: { data: { gallery_selection_limit: null } } });
  });

  it("fills the session length in from a duration that names one, and refuses a length out of bounds", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} />);
    const length = screen.getByLabelText(MESSAGES.admin.services.lengthLabel);
    expect(length).toHaveValue(60);
    await user.type(screen.getByLabelText("Duration"), "Half day");
    expect(length).toHaveValue(240);
    await user.clear(length);
    await user.type(length, "5");
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    expect(await screen.findByText(MESSAGES.service.durationMinutesInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("fills the days in from a duration naming several, edits the start grid, and refuses days out of bounds", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} />);
    const days = screen.getByLabelText(MESSAGES.admin.services.daysLabel);
    const length = screen.getByLabelText(MESSAGES.admin.services.lengthLabel);
    const starts = screen.getByLabelText(MESSAGES.admin.services.startEveryLabel);
    expect(days).toHaveValue(1);
    expect(starts).toHaveValue("60");
    await user.type(screen.getByLabelText("Duration"), "2 shoot days");
    expect(days).toHaveValue(2);
    expect(length).toHaveValue(480);
    await user.selectOptions(starts, "30");
    expect(starts).toHaveValue("30");
    await user.clear(days);
    await user.type(days, "15");
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    expect(await screen.findByText(MESSAGES.service.durationDaysInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("refuses a negative price with the schema's message", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText("Price (USD)"), "-5");
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    expect(await screen.findByText(MESSAGES.service.priceInvalid)).toBeInTheDocument();
  });

  it("edits an existing service by id, prefilled", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} service={SERVICE} />);
    expect(screen.getByLabelText("Title")).toHaveValue("Drone Tour");
    expect(screen.getByLabelText("Features")).toHaveValue("4K\nLicensed pilot");
    await user.clear(screen.getByLabelText("Price (USD)"));
    await user.type(screen.getByLabelText("Price (USD)"), "550");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: "update",
      input: { id: 3, data: { title: "Drone Tour", price: 550, features: ["4K", "Licensed pilot"] } },
    });
  });

  it("keeps the internal upload path out of Image URL and names the uploaded file beside 'Upload complete'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ServiceFormDialog open onOpenChange={() => undefined} service={SERVICE} />);
    const imageUrl = screen.getByLabelText(MESSAGES.admin.common.imageUrl);
    expect(imageUrl).toHaveValue("");
    expect(screen.getByText(MESSAGES.admin.services.imageUrlInsteadOfUpload)).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText("Image"),
      new File(["img"], "rooftop.png", { type: "image/png" }),
    );
    expect(await screen.findByText(MESSAGES.admin.common.uploadComplete)).toBeInTheDocument();
    expect(screen.getByText(/rooftop\.png/)).toBeInTheDocument();
    expect(imageUrl).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ input: { id: 3, data: { image: "/uploads/media/new.webp" } } });

    // An address typed into Image URL replaces the upload.
    await user.type(imageUrl, "https://cdn.example.com/w.jpg");
    expect(imageUrl).toHaveValue("https://cdn.example.com/w.jpg");
    expect(screen.queryByText(MESSAGES.admin.services.imageUrlInsteadOfUpload)).toBeNull();
  });

  it("shows the server's field errors and message when saving fails", async () => {
    createResult = trpcError(400, MESSAGES.service.imageUrlInvalid, "BAD_REQUEST", {
      image: MESSAGES.service.imageUrlInvalid,
    });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<ServiceFormDialog open onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText("Title"), "T");
    await user.type(screen.getByLabelText("Description"), "D");
    await user.type(screen.getByLabelText("Price (USD)"), "1");
    await user.type(screen.getByLabelText("Duration"), "1h");
    await user.click(screen.getByRole("button", { name: "Create Service" }));
    expect(await screen.findAllByText(MESSAGES.service.imageUrlInvalid)).not.toHaveLength(0);
    expect(await screen.findByText(MESSAGES.service.saveFailed)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
