/**
 * What one video becomes (ADR 021), with Debian's `ffmpeg` spawned as a child process (it reads and writes files
 * on local disk; nothing passes through this process's memory): a JPEG poster frame, a web-playable H.264/AAC MP4
 * preview at most 720 px high with its index at the front (`+faststart`), and a download copy with the original
 * streams untouched but its metadata (GPS position, device owner) removed unless the studio keeps it.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { yieldProcess } from "./priority";

export type VideoOptions = { keepLocation: boolean };

export type VideoOutputs = {
  poster: string;
  preview: string;
  download: string;
  durationMs: number | null;
  width: number | null;
  height: number | null;
};

/** ffmpeg could not read the file as a video (the job fails for good: retrying will not help). */
export class VideoDecodeError extends Error {
  override name = "VideoDecodeError";
}

/** Debian's ffmpeg, found on the PATH (installed by the README's commands and .ci/run). */
export const FFMPEG = "ffmpeg";

type Run = { stderr: string };

/** Runs ffmpeg; `onLine` sees each line of `-progress pipe:1` output. Rejects with the last lines of its stderr. */
function ffmpeg(args: string[], signal?: AbortSignal, onLine?: (line: string) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ["-hide_banner", "-nostdin", "-y", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    yieldProcess(child.pid);
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // Only the tail matters (the error, and the input's description near the start is read by the caller).
      stderr = (stderr + chunk).slice(-20_000);
    });
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine?.(line);
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error("ffmpeg is not installed on this server (Debian: apt-get install ffmpeg)")
          : error,
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve({ stderr });
      else
        reject(
          new VideoDecodeError(
            `ffmpeg exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" / ").slice(0, 500)}`,
          ),
        );
    });
  });
}

/** "Duration: 00:01:02.50" and the first video stream's size, from ffmpeg's description of its input. */
export function describeInput(stderr: string): {
  durationMs: number | null;
  width: number | null;
  height: number | null;
} {
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationMs = d ? Math.round(((Number(d[1]) * 60 + Number(d[2])) * 60 + Number(d[3])) * 1000) : null;
  const s = /Stream #\S+.*Video:.*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  return { durationMs, width: s ? Number(s[1]) : null, height: s ? Number(s[2]) : null };
}

export async function processVideo(
  input: string,
  options: VideoOptions,
  pathFor: (name: string) => string,
  progress: (fraction: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<VideoOutputs> {
  const poster = pathFor("poster.jpg");
  const preview = pathFor("preview.mp4");
  const download = pathFor("download");
  // The poster: a frame one second in (or the first, for a shorter clip), upright, at most 1920 px wide.
  let described: Run | null = null;
  try {
    described = await ffmpeg(
      ["-ss", "1", "-i", input, "-frames:v", "1", "-vf", "scale='min(1920,iw)':-2", "-q:v", "3", poster],
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  // A clip of a second or less has no frame one second in: ffmpeg then ends well but writes nothing.
  if (!described || !existsSync(poster)) {
    described = await ffmpeg(
      ["-i", input, "-frames:v", "1", "-vf", "scale='min(1920,iw)':-2", "-q:v", "3", poster],
      signal,
    );
  }
  const facts = describeInput(described.stderr);
  await progress(0.05);
  let last = 0;
  await ffmpeg(
    [
      "-i",
      input,
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      "-map_metadata",
      "-1",
      "-vf",
      "scale=-2:'min(720,ih)'",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "24",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-movflags",
      "+faststart",
      "-progress",
      "pipe:1",
      "-nostats",
      preview,
    ],
    signal,
    (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match || !facts.durationMs) return;
      const fraction = Math.min(1, Number(match[1]) / 1000 / facts.durationMs);
      // Progress is written at most every 5 %, so a long film does not write a row per second.
      if (fraction - last >= 0.05) {
        last = fraction;
        void progress(0.05 + fraction * 0.85).catch(() => undefined);
      }
    },
  );
  await progress(0.9);
  // The download copy: every stream copied as it is (no re-encoding), container metadata dropped.
  const ext = input.slice(input.lastIndexOf(".") + 1);
  const downloadFile = `${download}.${ext}`;
  await ffmpeg(
    [
      "-i",
      input,
      "-map",
      "0:v",
      "-map",
      "0:a?",
      "-c",
      "copy",
      ...(options.keepLocation ? [] : ["-map_metadata", "-1", "-map_chapters", "-1"]),
      downloadFile,
    ],
    signal,
  );
  await progress(1);
  return { poster, preview, download: downloadFile, ...facts };
}
