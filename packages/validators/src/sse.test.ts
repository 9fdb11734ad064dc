import { describe, expect, it } from "vitest";
import { parseSse } from "./sse";

describe("parseSse", () => {
  it("returns complete messages and keeps the incomplete rest for the next chunk", () => {
    const first = parseSse('event: ready\nid: 4\ndata: {"after":4}\nretry: 2000\n\nevent: booking.cre');
    expect(first.messages).toEqual([{ event: "ready", id: "4", data: '{"after":4}' }]);
    expect(first.rest).toBe("event: booking.cre");
    const second = parseSse(`${first.rest}ated\nid: 5\ndata: {"entityId":9}\n\n`);
    expect(second.messages).toEqual([{ event: "booking.created", id: "5", data: '{"entityId":9}' }]);
    expect(second.rest).toBe("");
  });

  it("leaves comments out and names an unnamed event 'message'", () => {
    expect(parseSse(": ping\n\ndata:x\n\n").messages).toEqual([{ event: "message", id: null, data: "x" }]);
  });
});
