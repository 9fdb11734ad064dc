/** What ffmpeg makes of a video (video.ts), for what the processing job's test does not cover: a very short clip. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processVideo } from "./video";

const scratch = mkdtempSync(path.join(os.tmpdir(), "studio-video-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a video's poster", () => {
  it("is the first frame of a clip shorter than a second (there is no frame one second in)", async () => {
    const input = path.join(scratch, "short.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi"],
      ...["-i", "testsrc=size=320x240:rate=25:duration=0.6", "-c:v", "libx264", "-pix_fmt", "yuv420p", input],
    ]);
    const out = await processVideo(
      input,
      { keepLocation: false },
      (name) => path.join(scratch, name),
      async () => {},
    );
    expect(existsSync(out.poster)).toBe(true);
    expect(existsSync(out.preview)).toBe(true);
    expect([out.width, out.height]).toEqual([320, 240]);
  });
});
