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
    ...overrides,
  };
}
