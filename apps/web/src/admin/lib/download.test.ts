import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DownloadError, downloadFromApi } from "./download";

const server = setupServer(
  http.get("*/api/bookings/export.csv", ({ request }) => {
    if (request.headers.get("Authorization") !== "Bearer good-token")
      return HttpResponse.json(
        { success: false, message: "Access denied. No token provided." },
        { status: 401 },
      );
    if (new URL(request.url).searchParams.get("status") === "bogus")
      return HttpResponse.json({ success: false, message: "Invalid status" }, { status: 400 });
    return new HttpResponse("id,name\r\n1,Ann\r\n", {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="bookings-2030-01-15.csv"',
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe("downloadFromApi", () => {
  it("saves the streamed file under the server's name, sending the stored token", async () => {
    localStorage.setItem("adminToken", "good-token");
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:csv";
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await downloadFromApi("/api/bookings/export.csv?status=pending", "bookings.csv");
    expect(names).toEqual(["bookings-2030-01-15.csv"]);
    expect(await blobs[0]?.text()).toBe("id,name\r\n1,Ann\r\n");
  });

  it("throws the server's message for a bad request, and signs out on 401", async () => {
    localStorage.setItem("adminToken", "good-token");
    await expect(downloadFromApi("/api/bookings/export.csv?status=bogus", "b.csv")).rejects.toEqual(
      new DownloadError("Invalid status"),
    );
    localStorage.setItem("adminToken", "revoked-token");
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({
      ...window.location,
      pathname: "/admin/bookings",
      assign,
    });
    await expect(downloadFromApi("/api/bookings/export.csv", "b.csv")).rejects.toBeInstanceOf(DownloadError);
    expect(localStorage.getItem("adminToken")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/admin/login");
  });
});
