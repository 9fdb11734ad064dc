/**
 * The gallery uploader against a small tus 1.0.0 endpoint (msw): files and whole folders (the "Choose folder"
 * input, and directory entries from a drop), three at a time, per-file and total progress as labelled
 * progressbars, the server's own refusal messages per file, a dropped connection resumed from the server's
 * offset, and after a "reload" the unfinished upload named and resumed when the same file is chosen again.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RESUMABLE_ENDPOINT } from "../lib/resumable-upload";
import { droppedFiles, GalleryUploader, PARALLEL_UPLOADS } from "./gallery-uploader";

type Held = { length: number; received: number; metadata: Record<string, string> };
const uploads = new Map<string, Held>();
const log: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
/** How the next PATCH of a file named so goes wrong. */
const trouble = new Map<string, "refuse" | "drop-half" | "hold-half" | "hold">();
let release: () => void = () => undefined;

const decode = (header: string | null) =>
  Object.fromEntries(
    (header ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => {
        const [k, v] = pair.split(" ");
        return [k!, Buffer.from(v ?? "", "base64").toString()];
      }),
  );

const server = setupServer(
  http.post(`*${RESUMABLE_ENDPOINT}`, ({ request }) => {
    const id = crypto.randomUUID();
    const metadata = decode(request.headers.get("upload-metadata"));
    uploads.set(id, { length: Number(request.headers.get("upload-length")), received: 0, metadata });
    log.push(`POST ${metadata.filename}`);
    return new HttpResponse(null, {
      status: 201,
      headers: { Location: `${RESUMABLE_ENDPOINT}/${id}`, "Tus-Resumable": "1.0.0" },
    });
  }),
  http.head(`*${RESUMABLE_ENDPOINT}/:id`, ({ params }) => {
    const upload = uploads.get(String(params.id));
    if (!upload) return new HttpResponse(null, { status: 404 });
    log.push(`HEAD ${upload.metadata.filename} ${upload.received}`);
    return new HttpResponse(null, {
      headers: {
        "Upload-Offset": String(upload.received),
        "Upload-Length": String(upload.length),
        "Tus-Resumable": "1.0.0",
        "Cache-Control": "no-store",
      },
    });
  }),
  http.patch(`*${RESUMABLE_ENDPOINT}/:id`, async ({ request, params }) => {
    const upload = uploads.get(String(params.id));
    if (!upload) return new HttpResponse(null, { status: 404 });
    const name = upload.metadata.filename!;
    const offset = Number(request.headers.get("upload-offset"));
    if (offset !== upload.received) return new HttpResponse(null, { status: 409 });
    const body = new Uint8Array(await request.arrayBuffer());
    log.push(`PATCH ${name} ${offset}+${body.length}`);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      // Long enough for the other lanes to start theirs.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const problem = trouble.get(name);
      trouble.delete(name);
      if (problem === "hold") await new Promise<void>((resolve) => (release = resolve));
      if (problem === "refuse")
        return HttpResponse.json(
          { success: false, message: "File type a web page is not supported." },
          { status: 415, headers: { "Tus-Resumable": "1.0.0" } },
        );
      if (problem === "drop-half" || problem === "hold-half") {
        // Half the bytes reach the server, then the connection drops.
        upload.received += Math.floor(body.length / 2);
        if (problem === "hold-half") await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.error();
      }
      upload.received += body.length;
      const headers: Record<string, string> = {
        "Upload-Offset": String(upload.received),
        "Tus-Resumable": "1.0.0",
      };
      if (upload.received === upload.length) headers["Upload-Result"] = `${params.id},${uploads.size}`;
      return new HttpResponse(null, { status: 204, headers });
    } finally {
      inFlight--;
    }
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  uploads.clear();
  trouble.clear();
  log.length = 0;
  mostInFlight = 0;
  localStorage.clear();
});
afterAll(() => server.close());

const photo = (name: string, size = 3000, type = "image/jpeg") =>
  new File([new Uint8Array(size)], name, { type });

describe("the gallery uploader", () => {
  it("sends a chosen folder three at a time into its set, with per-file and total progress; hidden files stay out", async () => {
    const onAdded = vi.fn();
    const user = userEvent.setup();
    render(<GalleryUploader galleryId={7} setId={12} onAdded={onAdded} />);
    const folder = screen.getByLabelText("Choose folder");
    expect(folder).toHaveAttribute("webkitdirectory");
    expect(screen.getByLabelText("Choose files")).not.toHaveAttribute("webkitdirectory");

    const files = [1, 2, 3, 4, 5, 6, 7].map((n) => photo(`DSC_000${n}.JPG`));
    // The first file's bytes wait on the server while the others go through the other two lanes.
    trouble.set("DSC_0001.JPG", "hold");
    await user.upload(folder, [...files, photo(".DS_Store", 10, ""), photo("notes.txt", 10, "text/plain")]);

    // While it runs, the total and each file in flight have a labelled progressbar.
    expect(await screen.findByRole("progressbar", { name: /^Uploading: \d of 7 files/ })).toBeInTheDocument();
    expect(await screen.findByRole("progressbar", { name: "DSC_0001.JPG upload" })).toBeInTheDocument();
    await waitFor(() => expect(log.filter((l) => l.startsWith("PATCH")).length).toBe(7));
    act(() => release());
    expect(
      await screen.findByText("Uploaded: 7 of 7 files (100%)", {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uploaded: 7 of 7 files (100%)" })).toHaveAttribute(
      "value",
      "100",
    );
    expect(screen.getByText("Left out (not photos or videos): .DS_Store, notes.txt")).toBeInTheDocument();

    expect(mostInFlight).toBe(PARALLEL_UPLOADS);
    expect(log.filter((l) => l.startsWith("POST")).sort()).toEqual(files.map((f) => `POST ${f.name}`));
    expect([...uploads.values()].every((u) => u.metadata.purpose === "gallery_media")).toBe(true);
    expect([...uploads.values()].map((u) => [u.metadata.gallery_id, u.metadata.set_id])).toEqual(
      files.map(() => ["7", "12"]),
    );
    expect(onAdded).toHaveBeenCalled();
  });

  it("shows the server's reason for a refused file, and the others go on", async () => {
    trouble.set("page.jpg", "refuse");
    const user = userEvent.setup();
    render(<GalleryUploader galleryId={7} setId={12} onAdded={vi.fn()} />);
    await user.upload(screen.getByLabelText("Choose files"), [photo("page.jpg"), photo("good.jpg")]);
    const failed = await screen.findByRole("list", { name: "Files not uploaded" });
    expect(within(failed).getByText("File type a web page is not supported.")).toBeInTheDocument();
    expect(await screen.findByText("Uploaded: 1 of 2 files (100%), 1 not uploaded")).toBeInTheDocument();
  });

  it("goes on from the server's offset after a dropped connection, without sending the first part again", async () => {
    trouble.set("big.jpg", "drop-half");
    const user = userEvent.setup();
    render(<GalleryUploader galleryId={7} setId={12} onAdded={vi.fn()} />);
    await user.upload(screen.getByLabelText("Choose files"), [photo("big.jpg", 10_000)]);
    expect(
      await screen.findByText("Uploaded: 1 of 1 files (100%)", {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(log).toEqual([
      "POST big.jpg",
      "PATCH big.jpg 0+10000",
      "HEAD big.jpg 5000",
      "PATCH big.jpg 5000+5000",
    ]);
  });

  it("after a reload, names the unfinished upload and resumes it when the same file is chosen again", async () => {
    trouble.set("long.mp4", "hold-half");
    const file = photo("long.mp4", 10_000, "video/mp4");
    const user = userEvent.setup();
    const first = render(<GalleryUploader galleryId={7} setId={12} onAdded={vi.fn()} />);
    await user.upload(screen.getByLabelText("Choose files"), [file]);
    await waitFor(() => expect(log).toContain("PATCH long.mp4 0+10000"));
    await user.click(screen.getByRole("button", { name: "Pause" }));
    act(() => release());
    expect(await screen.findByText(/1 paused: choose them again to go on/)).toBeInTheDocument();
    first.unmount();

    // The page is opened again: the unfinished upload is named, for this set only.
    const other = render(<GalleryUploader galleryId={7} setId={13} onAdded={vi.fn()} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole("status")).toBeNull();
    other.unmount();
    render(<GalleryUploader galleryId={7} setId={12} onAdded={vi.fn()} />);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "1 upload from an earlier visit did not finish (long.mp4)",
    );
    log.length = 0;
    await user.upload(screen.getByLabelText("Choose files"), [file]);
    expect(
      await screen.findByText("Uploaded: 1 of 1 files (100%)", {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(log).toEqual(["HEAD long.mp4 5000", "PATCH long.mp4 5000+5000"]);
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  });

  it("takes a dropped folder with its subfolders, in path order", async () => {
    const entry = (fullPath: string, file: File) => ({
      isFile: true,
      isDirectory: false,
      name: file.name,
      fullPath,
      file: (resolve: (f: File) => void) => resolve(file),
    });
    const directory = (fullPath: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      name: fullPath.split("/").pop(),
      fullPath,
      // A reader answers its entries once, then an empty batch (as browsers do, 100 at a time).
      createReader: () => {
        let read = false;
        return {
          readEntries: (resolve: (entries: unknown[]) => void) => {
            resolve(read ? [] : children);
            read = true;
          },
        };
      },
    });
    const shoot = directory("/Shoot", [
      entry("/Shoot/IMG_10.jpg", photo("IMG_10.jpg")),
      directory("/Shoot/Film", [entry("/Shoot/Film/clip.mp4", photo("clip.mp4", 3000, "video/mp4"))]),
      entry("/Shoot/IMG_2.jpg", photo("IMG_2.jpg")),
    ]);
    const data = {
      items: [{ kind: "file", webkitGetAsEntry: () => shoot }],
      files: [],
    } as unknown as DataTransfer;
    expect((await droppedFiles(data)).map((f) => f.name)).toEqual(["clip.mp4", "IMG_2.jpg", "IMG_10.jpg"]);

    render(<GalleryUploader galleryId={7} setId={12} onAdded={vi.fn()} />);
    fireEvent.drop(screen.getByText(/Drop photos and videos/).parentElement!, { dataTransfer: data });
    expect(
      await screen.findByText("Uploaded: 3 of 3 files (100%)", {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
