import { describe, expect, it } from "vitest";
import { createRequestPace } from "./request-pace";

describe("createRequestPace", () => {
  it("is busy while the current or the last second reached the threshold, and calm after a quiet second", () => {
    let t = 0;
    const pace = createRequestPace(3, () => t);
    expect(pace.busy()).toBe(false);
    pace.count();
    pace.count();
    expect(pace.busy()).toBe(false);
    pace.count();
    expect(pace.busy()).toBe(true);
    t = 1_200; // next second: the last one was busy
    expect(pace.busy()).toBe(true);
    pace.count();
    t = 2_300; // that second saw one request
    expect(pace.busy()).toBe(false);
    for (let i = 0; i < 3; i++) pace.count();
    t = 6_000; // after a long pause nothing counts
    expect(pace.busy()).toBe(false);
  });
});
