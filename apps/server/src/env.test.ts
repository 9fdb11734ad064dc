import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { S3Storage } from "@studio/api";
import { startTestS3 } from "@studio/api/testing/s3";
import { describe, expect, it } from "vitest";
import { apiConfigFromEnv, storageFromEnv } from "./deps";
import { loadEnv } from "./env";

const base = { JWT_SECRET: "s".repeat(40), DATABASE_URL: "file:/tmp/studio-env-test.db" };

describe("environment validation at start-up", () => {
  it("refuses an invite code shorter than 16 characters, naming the variable", () => {
    expect(() => loadEnv({ ...base, ADMIN_SIGNUP_CODE: "SHORT-CODE-12" })).toThrow(
      /ADMIN_SIGNUP_CODE: must be at least 16 characters/,
    );
    expect(loadEnv({ ...base, ADMIN_SIGNUP_CODE: "A-LONG-ENOUGH-CODE" }).ADMIN_SIGNUP_CODE).toBe(
      "A-LONG-ENOUGH-CODE",
    );
  });

  it("takes the slow-client timeouts from the environment, with safe defaults", () => {
    const defaults = loadEnv(base);
    expect([defaults.HEADERS_TIMEOUT_MS, defaults.REQUEST_TIMEOUT_MS]).toEqual([10_000, 120_000]);
    const set = loadEnv({ ...base, HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "30000" });
    expect([set.HEADERS_TIMEOUT_MS, set.REQUEST_TIMEOUT_MS]).toEqual([2_000, 30_000]);
    expect(() => loadEnv({ ...base, REQUEST_TIMEOUT_MS: "0" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("takes the public form limit from the environment: 20 a minute by default, a positive integer", () => {
    expect(loadEnv(base).RATE_LIMIT_FORMS_PER_MINUTE).toBe(20);
    expect(loadEnv({ ...base, RATE_LIMIT_FORMS_PER_MINUTE: "10" }).RATE_LIMIT_FORMS_PER_MINUTE).toBe(10);
    for (const wrong of ["0", "-5", "2.5", "many"])
      expect(() => loadEnv({ ...base, RATE_LIMIT_FORMS_PER_MINUTE: wrong })).toThrow(
        /RATE_LIMIT_FORMS_PER_MINUTE/,
      );
  });
});

describe("self-service and links", () => {
  it("takes BOOKING_CHANGE_CUTOFF_HOURS (24 by default, whole hours 0 to 8760), naming the variable", () => {
    expect(apiConfigFromEnv(loadEnv(base)).bookingChangeCutoffHours).toBe(24);
    expect(
      apiConfigFromEnv(loadEnv({ ...base, BOOKING_CHANGE_CUTOFF_HOURS: "48" })).bookingChangeCutoffHours,
    ).toBe(48);
    expect(
      apiConfigFromEnv(loadEnv({ ...base, BOOKING_CHANGE_CUTOFF_HOURS: "0" })).bookingChangeCutoffHours,
    ).toBe(0);
    expect(() => loadEnv({ ...base, BOOKING_CHANGE_CUTOFF_HOURS: "many" })).toThrow(
      /BOOKING_CHANGE_CUTOFF_HOURS: must be a whole number of hours/,
    );
    expect(() => loadEnv({ ...base, BOOKING_CHANGE_CUTOFF_HOURS: "1.5" })).toThrow(
      /BOOKING_CHANGE_CUTOFF_HOURS: must be a whole number of hours/,
    );
    expect(() => loadEnv({ ...base, BOOKING_CHANGE_CUTOFF_HOURS: "-1" })).toThrow(
      /BOOKING_CHANGE_CUTOFF_HOURS: must be 0 or more hours/,
    );
  });

  it("builds links on PUBLIC_URL's origin, else on the server's own address", () => {
    expect(
      apiConfigFromEnv(loadEnv({ ...base, PUBLIC_URL: "https://studio.example/some/path" })).publicUrl,
    ).toBe("https://studio.example");
    expect(apiConfigFromEnv(loadEnv({ ...base, PORT: "4100" })).publicUrl).toBe("http://127.0.0.1:4100");
    expect(apiConfigFromEnv(loadEnv({ ...base, HOST: "0.0.0.0", PORT: "80" })).publicUrl).toBe(
      "http://localhost:80",
    );
  });
});

describe("mail settings", () => {
  it("leaves mail off without SMTP_URL and accepts smtp:// and smtps:// URLs", () => {
    const off = loadEnv(base);
    expect(off.SMTP_URL).toBeUndefined();
    expect(apiConfigFromEnv(off).mail).toEqual({
      enabled: false,
      from: "Studio <hello@studio.example>",
      notifyTo: null,
      retentionDays: 90,
      sealKey: expect.any(Uint8Array),
    });
    for (const url of ["smtp://user:pa%40ss@mail.example.com:587", "smtps://mail.example.com:465"])
      expect(apiConfigFromEnv(loadEnv({ ...base, SMTP_URL: url })).mail.enabled).toBe(true);
  });

  it("seals one-time links in waiting mail under a key derived from JWT_SECRET", () => {
    const key = (secret: string) => apiConfigFromEnv(loadEnv({ ...base, JWT_SECRET: secret })).mail.sealKey;
    const a = key("a-secret-of-at-least-thirty-two-characters");
    expect(a).toHaveLength(32);
    expect(Buffer.from(a)).toEqual(Buffer.from(key("a-secret-of-at-least-thirty-two-characters")));
    expect(Buffer.from(a)).not.toEqual(Buffer.from(key("another-secret-of-thirty-two-characters")));
  });

  it("keys the calendar's app password on CALENDAR_SECRET_KEY, else on JWT_SECRET; reads the CalDAV settings", () => {
    const config = (env: Record<string, string>) =>
      apiConfigFromEnv(loadEnv({ ...base, ...env })).calendarSync;
    const derived = config({});
    expect(derived).toMatchObject({ allowPrivateNetworks: false, timeoutMs: 15_000, pullEveryMs: 300_000 });
    expect(derived.secretKey).toHaveLength(32);
    const own = config({ CALENDAR_SECRET_KEY: "k".repeat(32) });
    expect(Buffer.from(own.secretKey)).not.toEqual(Buffer.from(derived.secretKey));
    // Its own key survives a new JWT_SECRET.
    expect(
      Buffer.from(config({ CALENDAR_SECRET_KEY: "k".repeat(32), JWT_SECRET: "t".repeat(40) }).secretKey),
    ).toEqual(Buffer.from(own.secretKey));
    expect(
      config({ CALDAV_ALLOW_PRIVATE_NETWORKS: "true", CALDAV_TIMEOUT_MS: "5000", CALDAV_PULL_MINUTES: "15" }),
    ).toMatchObject({ allowPrivateNetworks: true, timeoutMs: 5_000, pullEveryMs: 900_000 });
    expect(() => loadEnv({ ...base, CALENDAR_SECRET_KEY: "short" })).toThrow(/CALENDAR_SECRET_KEY/);
    expect(() => loadEnv({ ...base, CALDAV_PULL_MINUTES: "0" })).toThrow(/CALDAV_PULL_MINUTES/);
    expect(() => loadEnv({ ...base, CALDAV_ALLOW_PRIVATE_NETWORKS: "maybe" })).toThrow(
      /CALDAV_ALLOW_PRIVATE_NETWORKS/,
    );
  });

  it("keeps delivered mail MAIL_RETENTION_DAYS days, refusing a value outside 1–3650", () => {
    expect(apiConfigFromEnv(loadEnv({ ...base, MAIL_RETENTION_DAYS: "30" })).mail.retentionDays).toBe(30);
    for (const days of ["0", "3651", "ten"])
      expect(() => loadEnv({ ...base, MAIL_RETENTION_DAYS: days })).toThrow(/MAIL_RETENTION_DAYS/);
  });

  it("refuses a wrong SMTP_URL, MAIL_FROM or STUDIO_NOTIFY_EMAIL, naming the variable", () => {
    for (const url of ["http://mail.example.com", "mail.example.com:25", "smtp://"])
      expect(() => loadEnv({ ...base, SMTP_URL: url })).toThrow(
        /SMTP_URL: must be smtp:\/\/user:pass@host:port/,
      );
    expect(() => loadEnv({ ...base, MAIL_FROM: "Studio <not-an-address>" })).toThrow(/MAIL_FROM/);
    expect(() => loadEnv({ ...base, STUDIO_NOTIFY_EMAIL: "owner@studio.example, nope" })).toThrow(
      /STUDIO_NOTIFY_EMAIL: must be one or more e-mail addresses/,
    );
  });

  it("sends studio alerts to STUDIO_NOTIFY_EMAIL when set", () => {
    const env = loadEnv({
      ...base,
      MAIL_FROM: "Studio Bookings <bookings@studio.example>",
      STUDIO_NOTIFY_EMAIL: " a@studio.example , b@studio.example ",
    });
    expect(apiConfigFromEnv(env).mail).toMatchObject({
      from: "Studio Bookings <bookings@studio.example>",
      notifyTo: ["a@studio.example", "b@studio.example"],
    });
  });
});

describe("object storage settings", () => {
  const s3 = {
    STORAGE: "s3",
    S3_BUCKET: "studio-media",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret-example",
  };

  it("stores on the local disk unless told otherwise", () => {
    const env = loadEnv(base);
    expect(env.STORAGE).toBe("local");
    expect(env.s3).toBeNull();
  });

  it("refuses STORAGE=s3 without the bucket or credentials, naming each missing variable", () => {
    expect(() => loadEnv({ ...base, STORAGE: "s3" })).toThrow(
      /S3_BUCKET: required when STORAGE=s3\n {2}S3_ACCESS_KEY_ID: required when STORAGE=s3\n {2}S3_SECRET_ACCESS_KEY: required when STORAGE=s3/,
    );
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      const without = { ...base, ...s3, [name]: undefined };
      let message = "";
      try {
        loadEnv(without);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(`Invalid environment:\n  ${name}: required when STORAGE=s3`);
    }
  });

  it("refuses an unknown driver, an endpoint that is not a URL and a path style that is not a boolean", () => {
    expect(() => loadEnv({ ...base, STORAGE: "gcs" })).toThrow(/STORAGE:/);
    expect(() => loadEnv({ ...base, ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT:/);
    expect(() => loadEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE:/);
  });

  it("reads a MinIO-style setting, with us-east-1 as the default region", () => {
    const env = loadEnv({
      ...base,
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env.s3).toEqual({
      bucket: "studio-media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-example" },
    });
    expect(loadEnv({ ...base, ...s3, S3_REGION: "auto" }).s3).toMatchObject({
      region: "auto",
      forcePathStyle: false,
    });
  });

  it("wires STORAGE=s3 to a driver that stores in the bucket", async () => {
    const server = await startTestS3("from-env");
    const env = loadEnv({
      ...base,
      STORAGE: "s3",
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: "from-env",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    });
    const storage = (await storageFromEnv(env)) as S3Storage;
    try {
      await mkdir(storage.tempDir, { recursive: true });
      const temp = path.join(storage.tempDir, `${randomUUID()}.upload`);
      await writeFile(temp, "stored through the env");
      await storage.putFile("media/env.txt", temp);
      expect(await server.listKeys()).toEqual(["media/env.txt"]);
      expect((await server.objectBytes("media/env.txt"))?.toString()).toBe("stored through the env");
    } finally {
      storage.close();
      await server.stop();
    }
  });
});
