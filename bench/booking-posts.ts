import { TIME_SLOTS } from "@studio/validators";
import type { Options as CannonOptions } from "autocannon";

type BookingStart = { service_id: number; date: string; time: string };

const DAY_MS = 86_400_000;

/** The day (ms, UTC) of the i-th of distinct starts from the day `from` on: every start of a day, then the next. */
const dayOfStart = (from: number, i: number) => from + Math.floor(i / TIME_SLOTS.length) * DAY_MS;

/** The i-th of distinct starts from the day `from` (ms, UTC) on: every start of a day, then the next day. */
export const distinctStarts =
  (from: number, services: number) =>
  (i: number): BookingStart => ({
    service_id: 1 + (i % services),
    date: new Date(dayOfStart(from, i)).toISOString().slice(0, 10),
    time: TIME_SLOTS[i % TIME_SLOTS.length] ?? TIME_SLOTS[0],
  });

/** The first day (ms, UTC) after every day that `count` distinct starts from `from` touch. */
export const dayAfterStarts = (from: number, count: number): number => dayOfStart(from, count) + DAY_MS;

export type BookingPosts = Pick<CannonOptions, "requests"> & {
  /** How many requests were made so far. */
  sent: () => number;
};

/**
 * Requests that each POST a new booking, the i-th at `when(i)`, with its own name and e-mail. With `keyPrefix`, each
 * carries its own Idempotency-Key (`${keyPrefix}-${i}`), as the site's dialog sends: the idempotency check runs
 * each time.
 */
export function bookingPosts(when: (i: number) => BookingStart, keyPrefix?: string): BookingPosts {
  let n = 0;
  return {
    sent: () => n,
    requests: [
      {
        method: "POST",
        path: "/api/bookings",
        headers: { "Content-Type": "application/json" },
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: keyPrefix ? { ...req.headers, "Idempotency-Key": `${keyPrefix}-${i}` } : req.headers,
            body: JSON.stringify({
              name: `Bench ${i}`,
              email: `bench${i}@example.test`,
              phone: "+1 555 0100",
              ...when(i),
              message: "Load test",
              image: null,
              user_id: null,
            }),
          };
        },
      },
    ],
  };
}
