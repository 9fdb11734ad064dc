/**
 * Processing must not slow the answers (issue 30: GET /api/services p99 ≤ 50 ms while photos are processed, on
 * two cores). sharp's work runs on helper threads (libuv's pool, libvips's workers) and ffmpeg in a child process;
 * the requests are answered on the main thread. On Linux a thread has its own nice value, so the helper threads and
 * ffmpeg are lowered to PROCESSING_NICE and the scheduler gives the main thread the CPU first whenever it wants
 * it. Elsewhere (or when refused) nothing changes. A lowered thread stays lowered: other pool work (file reads,
 * password hashing) then also yields to requests when the CPU is contended, which is the order we want anyway.
 */
import { readdirSync } from "node:fs";
import os from "node:os";

export const PROCESSING_NICE = 10;

/** Lowers every thread of this process but the main one (threads are made lazily: call it again as work goes on). */
export function yieldHelperThreads(nice = PROCESSING_NICE): void {
  if (process.platform !== "linux") return;
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return;
  }
  for (const tid of tids) {
    const id = Number(tid);
    if (id === process.pid) continue;
    try {
      if (os.getPriority(id) < nice) os.setPriority(id, nice);
    } catch {
      // ended meanwhile, or not allowed
    }
  }
}

/** Lowers a child process (ffmpeg). */
export function yieldProcess(pid: number | undefined, nice = PROCESSING_NICE): void {
  if (!pid) return;
  try {
    os.setPriority(pid, nice);
  } catch {
    // ended already, or not allowed
  }
}
