/**
 * Message-IDs: unique, under the studio's domain, and in the order they were made (so the outbox's unique index
 * takes each new one at its end).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MailConfig } from "../config";
import { mailDomain, newMessageId } from "./outbox";

const config: { mail: MailConfig } = {
  mail: {
    enabled: true,
    from: "Studio <hello@Studio.Example>",
    notifyTo: null,
    retentionDays: 30,
    sealKey: new Uint8Array(32),
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("newMessageId", () => {
  it("is the time it was made, 96 random bits and the studio's domain", () => {
    expect(newMessageId(config)).toMatch(/^<[0-9a-z]{9}\.[0-9a-f]{24}@studio\.example>$/);
  });

  it("sorts after every id made earlier, across base-36 carries and from far back", () => {
    const now = Date.UTC(2026, 10, 29, 12);
    const times = [
      Date.UTC(2001, 0, 1),
      now - 36 ** 3,
      now - 1,
      now,
      now + 1,
      now + 35,
      now + 36,
      now + 36 ** 5,
    ];
    const spy = vi.spyOn(Date, "now");
    const ids = times.map((time) => {
      spy.mockReturnValueOnce(time);
      return newMessageId(config);
    });
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.length)).size).toBe(1);
  });

  it("never repeats, even within one millisecond", () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2026, 10, 29, 12));
    const ids = Array.from({ length: 5_000 }, () => newMessageId(config));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("mailDomain", () => {
  it("reads the domain of each From address in turn, and localhost when it has none", () => {
    const froms = [
      "Studio <hello@Studio.Example>",
      "owner@films.example",
      "Studio <hello@Studio.Example>",
      "",
      "Studio <no-domain>",
      "Bad <x@exa mple.com>",
      "owner@films.example",
    ];
    expect(froms.map(mailDomain)).toEqual([
      "studio.example",
      "films.example",
      "studio.example",
      "localhost",
      "localhost",
      "localhost",
      "films.example",
    ]);
  });
});
