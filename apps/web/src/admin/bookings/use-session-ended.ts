import { addDays, type BookingDto, sessionEnd } from "@studio/validators";
import { useCallback } from "react";
import { useStudioZone } from "../../lib/studio-clock";
import { trpc } from "../../lib/trpc";

/**
 * Whether a booking's session is over, as the server judges it before it lets a booking be marked completed:
 * the start plus the service's minutes (60 for a service that is gone) in the studio's zone (the one
 * every admin time is shown in). Until the zone and the services have loaded, no session counts as over, so
 * "Completed" is never offered early. A session of several days ends on its last day, at the earliest that many
 * calendar days on (the server, which knows the days it holds, has the last word).
 */
export function useSessionEnded(): (booking: BookingDto) => boolean {
  const timeZone = useStudioZone();
  const services = trpc.services.adminList.useQuery(undefined, { staleTime: 60_000 });
  const list = services.data;
  return useCallback(
    (booking: BookingDto) => {
      if (!timeZone || !list) return false;
      const service = list.find((s) => s.id === booking.service_id);
      const last = addDays(booking.date, Math.max(0, (service?.duration_days ?? 1) - 1));
      return sessionEnd(last, booking.time, service?.duration_minutes, timeZone).getTime() <= Date.now();
    },
    [timeZone, list],
  );
}
