#!/usr/bin/env node
/**
 * An external tool that uses only an API key: lists the pending bookings and confirms each one.
 * The key needs the scopes "bookings:read" and "bookings:write" (back office → API → New API key).
 *
 *   STUDIO_URL=https://studio.example STUDIO_API_KEY=sk_... node docs/examples/confirm-pending-bookings.mjs
 *
 * Add --dry-run to list without confirming. Exits 1 if any call is refused (the answer's message is printed).
 */
const base = (process.env.STUDIO_URL ?? "").replace(/\/+$/, "");
const key = process.env.STUDIO_API_KEY ?? "";
const dryRun = process.argv.includes("--dry-run");
if (!base || !key.startsWith("sk_")) {
  console.error("Set STUDIO_URL and STUDIO_API_KEY (an sk_... key).");
  process.exit(2);
}
const headers = { Authorization: `Bearer ${key}`, Accept: "application/json" };

async function call(method, path) {
  const res = await fetch(`${base}${path}`, { method, headers });
  const body = await res.json();
  if (!res.ok || !body.success) throw new Error(`${method} ${path}: ${res.status} ${body.message ?? ""}`);
  return body;
}

try {
  const { data: pending } = await call("GET", "/api/bookings/status/pending");
  console.log(`${pending.length} pending booking(s)`);
  for (const booking of pending) {
    const line = `#${booking.id} ${booking.name}, ${booking.service_title ?? "?"}, ${booking.date} ${booking.time}`;
    if (dryRun) {
      console.log(`would confirm ${line}`);
      continue;
    }
    const { data } = await call("PATCH", `/api/bookings/${booking.id}/confirm`);
    console.log(`confirmed ${line} (now ${data.status})`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
