/**
 * The back office's live stream (GET /api/live) is Server-Sent Events read through fetch (the admin token goes
 * in a header, which EventSource cannot send). One parser for every reader: the web app, tests and benchmarks.
 */
export type SseMessage = { event: string; id: string | null; data: string | null };

/**
 * Splits what has arrived into complete messages (blocks ending in a blank line) and the incomplete rest, to be
 * prefixed to the next chunk. Comments (": ping") are left out.
 */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  const messages: SseMessage[] = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line !== "" && !line.startsWith(":"));
    if (!lines.length) continue;
    const field = (name: string) => {
      const line = lines.find((l) => l === name || l.startsWith(`${name}:`));
      return line === undefined ? null : line.slice(name.length + 1).replace(/^ /, "");
    };
    messages.push({ event: field("event") ?? "message", id: field("id"), data: field("data") });
  }
  return { messages, rest };
}
