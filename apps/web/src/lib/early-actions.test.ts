import { afterEach, describe, expect, it, vi } from "vitest";
import { earlyActionProps, earlyActionRef } from "./early-actions";

/** A control as the server HTML has it: marked for early capture with its action, not live yet. */
function control(action: string, clicks: string[], name = action): HTMLButtonElement {
  const button = document.createElement("button");
  button.setAttribute("data-early", action);
  button.textContent = name;
  button.addEventListener("click", () => clicks.push(name));
  document.body.append(button);
  return button;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
  window.__earlyAction = null;
});

describe("earlyActionRef", () => {
  it("marks a control live and replays the tap it got before, once", async () => {
    const clicks: string[] = [];
    const button = control("booking", clicks);
    window.__earlyAction = button;
    earlyActionRef(button);
    expect(button.dataset.live).toBe("");
    expect(clicks).toEqual([]);
    await vi.waitFor(() => expect(clicks).toEqual(["booking"]));
    earlyActionRef(button);
    await nextTask();
    expect(clicks).toEqual(["booking"]);
    expect(window.__earlyAction).toBeNull();
  });

  it("replays nothing on a control that was not tapped while the tapped one is still in the page", async () => {
    const clicks: string[] = [];
    const tapped = control("booking", clicks, "hero");
    const header = control("booking", clicks, "header");
    window.__earlyAction = tapped;
    earlyActionRef(header);
    await nextTask();
    expect(clicks).toEqual([]);
    earlyActionRef(tapped);
    await vi.waitFor(() => expect(clicks).toEqual(["hero"]));
  });

  it("replays the tap on the control drawn in place of the tapped one, and only for the same action", async () => {
    const clicks: string[] = [];
    const tapped = control("booking", clicks, "server HTML");
    window.__earlyAction = tapped;
    // React drew the part again: the server's element left the page, new ones came.
    tapped.remove();
    const feedback = control("feedback", clicks);
    earlyActionRef(feedback);
    await nextTask();
    expect(clicks).toEqual([]);
    const drawnAgain = control("booking", clicks, "client");
    earlyActionRef(drawnAgain);
    await vi.waitFor(() => expect(clicks).toEqual(["client"]));
    expect(window.__earlyAction).toBeNull();
  });

  it("does not mix a service's Book Now with the general one", async () => {
    const clicks: string[] = [];
    const tapped = control("booking:7", clicks, "service 7");
    window.__earlyAction = tapped;
    tapped.remove();
    earlyActionRef(control("booking", clicks, "general"));
    earlyActionRef(control("booking:8", clicks, "service 8"));
    await nextTask();
    expect(clicks).toEqual([]);
    earlyActionRef(control("booking:7", clicks, "service 7 again"));
    await vi.waitFor(() => expect(clicks).toEqual(["service 7 again"]));
  });

  /** A control tapped before it was live, gone live, then drawn again (it left the page) before its replay. */
  function tappedThenDrawnAgain(clicks: string[]) {
    const tapped = control("feedback", clicks, "first");
    window.__earlyAction = tapped;
    earlyActionRef(tapped);
    tapped.remove();
  }

  it("keeps the tap when the live control is replaced before its replay, for the control that replaces it", async () => {
    const clicks: string[] = [];
    tappedThenDrawnAgain(clicks);
    await nextTask();
    expect(clicks).toEqual([]);
    earlyActionRef(control("feedback", clicks, "replacement"));
    await vi.waitFor(() => expect(clicks).toEqual(["replacement"]));
  });

  it("replays on a live replacement already in the page when the control left it before its replay", async () => {
    const clicks: string[] = [];
    tappedThenDrawnAgain(clicks);
    control("feedback", clicks, "replacement").dataset.live = "";
    await vi.waitFor(() => expect(clicks).toEqual(["replacement"]));
  });
});

describe("earlyActionProps", () => {
  it("names the control's action on the attribute hydrate.ts looks for", () => {
    expect(earlyActionProps("booking:3")).toEqual({ "data-early": "booking:3", ref: earlyActionRef });
  });
});
