import type { Options as CannonOptions } from "autocannon";

export type BookingPosts = Pick<CannonOptions, "requests"> & {
  /** How many requests were made so far. */
  sent: () => number;
};

/**
 * Requests that each POST a new booking, the i-th at `when(i)`, with its own name and e-mail. With `keyPrefix`, each
 * carries its own Idempotency-Key (`${keyPrefix}-${i}`), as the site's dialog sends: the idempotency check runs
 * each time.
 */
export function bookingPosts(
  when: (i: number) => { service_id: number; date: string; time: string },
  keyPrefix?: string,
): BookingPosts {
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
