import { describe, expect, it } from "vitest";
import { testConfig } from "../config";
import { signToken, verifyToken } from "./tokens";

describe("verifyToken with its cache of verified tokens", () => {
  const config = testConfig({});
  const claims = { userId: 7, sessionId: "session-7" };

  it("keeps checking expiry on every call after the first verification", async () => {
    const issued = new Date("2030-01-01T00:00:00Z");
    const { token, expiresAt } = await signToken(config, claims, issued);
    expect(await verifyToken(config, token, issued)).toEqual(claims);
    expect(await verifyToken(config, token, new Date(expiresAt.getTime() - 1000))).toEqual(claims);
    expect(await verifyToken(config, token, expiresAt)).toBeNull();
  });

  it("does not let a token verified under one secret pass under another", async () => {
    const now = new Date();
    const { token } = await signToken(config, claims, now);
    expect(await verifyToken(config, token, now)).toEqual(claims);
    const rotated = testConfig({
      jwtSecret: new TextEncoder().encode("another-secret-of-enough-length-0123456789"),
    });
    expect(await verifyToken(rotated, token, now)).toBeNull();
  });

  it("never accepts a tampered copy of a verified token", async () => {
    const now = new Date();
    const { token } = await signToken(config, claims, now);
    expect(await verifyToken(config, token, now)).toEqual(claims);
    const [header, payload, signature] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    forged.sub = "1";
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    expect(await verifyToken(config, tampered, now)).toBeNull();
  });
});
