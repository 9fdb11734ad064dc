export type MailConfig = {
  /** false when SMTP_URL is unset: messages are still written, shown as not sent, and never sent. */
  enabled: boolean;
  /** MAIL_FROM, e.g. "Studio <hello@studio.example>". */
  from: string;
  /** STUDIO_NOTIFY_EMAIL; null: every admin gets the studio's alerts. */
  notifyTo: string[] | null;
  /** MAIL_RETENTION_DAYS: messages are kept this long after they were sent or given up on (mail/retention.ts). */
  retentionDays: number;
  /** Key of the one-time links sealed in waiting messages (mail/sealed-links.ts; derived from JWT_SECRET). */
  sealKey: Uint8Array;
};

/** Webhook deliveries (domain/webhooks). */
export type WebhookConfig = {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: also deliver to loopback, private and link-local addresses (and http://). */
  allowPrivateNetworks: boolean;
  /** Key of the endpoints' encrypted signing secrets (derived from JWT_SECRET). */
  secretKey: Uint8Array;
  /** A receiver's whole answer must arrive within this. */
  timeoutMs: number;
};

/** Two-way calendar sync (domain/calendar-sync, ADR 019). */
export type CalendarSyncConfig = {
  /** Key of the stored app password (CALENDAR_SECRET_KEY, else derived from JWT_SECRET). */
  secretKey: Uint8Array;
  /** CALDAV_ALLOW_PRIVATE_NETWORKS: also talk to a calendar on loopback, private and link-local addresses. */
  allowPrivateNetworks: boolean;
  /** CALDAV_TIMEOUT_MS: each request to the calendar server must be answered within this. */
  timeoutMs: number;
  /** How often a connected calendar's busy time is read again (default 5 minutes). */
  pullEveryMs: number;
};

/** Byte budgets of uploads that nothing uses yet (domain/uploads/budget.ts). */
export type UploadBudgetConfig = {
  /** UPLOAD_BUDGET_PER_ADDRESS_MB: unattached public uploads one client address may send per hour. */
  perAddressBytes: number;
  /** UPLOAD_BUDGET_TOTAL_MB: all unattached uploads together, whoever sent them. */
  totalBytes: number;
};

/** Settings the domain needs, built by the server from its validated env (and by tests directly). */
export type ApiConfig = {
  jwtSecret: Uint8Array;
  jwtIssuer: string;
  jwtAudience: string;
  tokenTtlSeconds: number;
  /** Invite code from ADMIN_SIGNUP_CODE; codes generated in the back office work too. */
  signupCode: string | null;
  /** IANA zone in which booking dates and "today" are judged. */
  timeZone: string;
  /** false when RATE_LIMIT=off (benchmarks, load tests). */
  rateLimit: boolean;
  /** Secret for signing private file links. */
  fileLinkSecret: Uint8Array;
  fileLinkTtlSeconds: number;
  mapTileUrl: string;
  /** E-mail (see mail/): whether an SMTP server is configured, the From address and where studio alerts go. */
  mail: MailConfig;
  /** Origin of absolute links written into e-mails and feeds (PUBLIC_URL, else the server's own address). */
  publicUrl: string;
  /** Clients may cancel or move a booking on its manage page until this many hours before the session. */
  bookingChangeCutoffHours: number;
  webhooks: WebhookConfig;
  uploadBudget: UploadBudgetConfig;
  calendarSync: CalendarSyncConfig;
  /** MEDIA_JOB_LEASE_MS: how long an instance holds a media job before another may take it over (renewed while it runs). */
  mediaJobLeaseMs: number;
};

export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    jwtSecret: new TextEncoder().encode("test-secret-test-secret-test-secret-0123"),
    jwtIssuer: "studio",
    jwtAudience: "studio-admin",
    tokenTtlSeconds: 12 * 3600,
    signupCode: "INVITE-TEST-CODE",
    timeZone: "America/Los_Angeles",
    rateLimit: true,
    fileLinkSecret: new TextEncoder().encode("test-file-secret-test-file-secret-0123"),
    fileLinkTtlSeconds: 300,
    mapTileUrl: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
    mail: {
      enabled: true,
      from: "Studio <hello@studio.test>",
      notifyTo: null,
      retentionDays: 90,
      sealKey: new Uint8Array(32).fill(9),
    },
    publicUrl: "http://studio.test",
    bookingChangeCutoffHours: 24,
    webhooks: {
      allowPrivateNetworks: false,
      secretKey: new Uint8Array(32).fill(7),
      timeoutMs: 5_000,
    },
    uploadBudget: { perAddressBytes: 100 * 1024 * 1024, totalBytes: 2048 * 1024 * 1024 },
    calendarSync: {
      secretKey: new Uint8Array(32).fill(5),
      allowPrivateNetworks: false,
      timeoutMs: 5_000,
      pullEveryMs: 300_000,
    },
    mediaJobLeaseMs: 120_000,
    ...overrides,
  };
}
