import type { ServiceModel } from "@studio/db";
import {
  type AdminServiceDto,
  MESSAGES,
  type ServiceCategory,
  type ServiceDto,
  type ServiceRemoved,
  durationDaysOf,
  durationMinutesOf,
  SESSION_LENGTH,
  serviceCategoryOf,
  type ZServiceInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import { type DomainDeps, notFound, orNotFound, toTextList } from "./records";
import { markMediaReferenced } from "./uploads/cleanup";
import { publicMediaUrl } from "./uploads/promote";
import type { UploadDeps } from "./uploads/store";

/** A service write also needs the upload storage (a private upload saved as its image becomes public). */
type ServiceWriteDeps = DomainDeps & UploadDeps;

type ServiceData = z.output<typeof ZServiceInput>;

export function toServiceDto(row: ServiceModel): ServiceDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: serviceCategoryOf(row.category) ?? "photography",
    price: row.priceCents / 100,
    duration: row.duration,
    duration_minutes: row.durationMinutes,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
    duration_days: row.durationDays,
    start_every_minutes: row.startEveryMinutes === 30 ? 30 : 60,
    features: toTextList(row.features),
    image: row.image,
    icon: row.icon,
    created_at: row.createdAt.toISOString(),
    archived: row.archivedAt !== null,
  };
}

/**
 * A session's length: the minutes (and days) given (the back office), else what the duration text names (an
 * external tool on the REST contract sends only the text): minutes ("Half day"), or days ("2 days", each of a full
 * day's minutes). Text that names neither leaves the length as it is (60 minutes, one day for a new service) and
 * flags the service for the owner. Buffers and the start grid not given stay as they are (0, hourly when new).
 */
function sessionLength(data: ServiceData) {
  const textDays = data.duration_days === undefined ? durationDaysOf(data.duration) : null;
  const read =
    data.duration_minutes ??
    (textDays !== null ? SESSION_LENGTH.fullDayMinutes : durationMinutesOf(data.duration));
  const days = data.duration_days ?? textDays ?? (read !== null ? SESSION_LENGTH.defaultDays : undefined);
  return {
    ...(read !== null ? { durationMinutes: read } : {}),
    ...(days !== undefined ? { durationDays: days } : {}),
    ...(data.start_every_minutes !== undefined ? { startEveryMinutes: data.start_every_minutes } : {}),
    durationUnread: read === null,
    ...(data.buffer_before_minutes !== undefined ? { bufferBeforeMinutes: data.buffer_before_minutes } : {}),
    ...(data.buffer_after_minutes !== undefined ? { bufferAfterMinutes: data.buffer_after_minutes } : {}),
  };
}

async function toRow(deps: ServiceWriteDeps, data: ServiceData) {
  const {
    price,
    image,
    duration_minutes: _minutes,
    buffer_before_minutes: _before,
    buffer_after_minutes: _after,
    duration_days: _days,
    start_every_minutes: _every,
    gallery_selection_limit: limit,
    ...rest
  } = data;
  const stored = await publicMediaUrl(deps, image, "service_image", "image");
  return {
    ...rest,
    ...sessionLength(data),
    // Not given (an external tool on the REST contract): left as it is.
    ...(limit !== undefined ? { gallerySelectionLimit: limit } : {}),
    image: stored,
    priceCents: Math.round(price * 100),
  };
}

const ORDER = { id: "asc" } as const;
/** What the site offers: archived services stay out of every public list. */
const OFFERED = { archivedAt: null } as const;

export function listServices(deps: DomainDeps): Promise<ServiceDto[]> {
  return deps.cache.get("services", "all", async () =>
    (await deps.db.service.findMany({ where: OFFERED, orderBy: ORDER })).map(toServiceDto),
  );
}

/** How many bookings (of any status) use each service, from the roll-ups the booking triggers keep exact. */
async function bookingsPerService(
  db: Pick<DomainDeps["db"], "bookingRollup">,
  ids?: number[],
): Promise<Map<number, number>> {
  const rows = await db.bookingRollup.groupBy({
    by: ["key"],
    where: { kind: "service", ...(ids ? { key: { in: ids.map(String) } } : {}) },
    _sum: { n: true },
  });
  return new Map(rows.map((row) => [Number(row.key), row._sum.n ?? 0]));
}

/** The back office's list: every service, archived ones too, each with how many bookings use it. */
export async function listServicesForAdmin(deps: DomainDeps): Promise<AdminServiceDto[]> {
  const [rows, bookings] = await Promise.all([
    deps.db.service.findMany({ orderBy: ORDER }),
    bookingsPerService(deps.db),
  ]);
  return rows.map((row) => ({
    ...toServiceDto(row),
    bookings: bookings.get(row.id) ?? 0,
    duration_unread: row.durationUnread,
    gallery_selection_limit: row.gallerySelectionLimit,
  }));
}

export function listServicesByCategory(
  deps: DomainDeps,
  input: { category: ServiceCategory },
): Promise<ServiceDto[]> {
  return deps.cache.get("services", `category:${input.category}`, async () =>
    (await deps.db.service.findMany({ where: { category: input.category, ...OFFERED }, orderBy: ORDER })).map(
      toServiceDto,
    ),
  );
}

export async function getService(deps: DomainDeps, input: { id: number }): Promise<ServiceDto> {
  const row = await deps.db.service.findUnique({ where: { id: input.id } });
  if (!row) throw notFound(MESSAGES.service.notFound);
  return toServiceDto(row);
}

export async function createService(deps: ServiceWriteDeps, input: ServiceData): Promise<ServiceDto> {
  const data = { ...(await toRow(deps, input)), createdAt: deps.now() };
  const row = await auditedChange(deps, null, (tx) => tx.service.create({ data }));
  deps.cache.invalidate("services");
  await markMediaReferenced(deps, [row.image]);
  return toServiceDto(row);
}

export async function updateService(
  deps: ServiceWriteDeps,
  input: { id: number; data: ServiceData },
): Promise<ServiceDto> {
  const data = await toRow(deps, input.data);
  const row = await auditedChange(deps, input.id, (tx) =>
    orNotFound(tx.service.update({ where: { id: input.id }, data }), MESSAGES.service.notFound),
  );
  deps.cache.invalidate("services");
  deps.cache.invalidate("bookings"); // the bookings list shows service titles
  await markMediaReferenced(deps, [row.image]);
  return toServiceDto(row);
}

/**
 * Removes a service from the offer. One that no booking uses is deleted. One that bookings use is archived
 * instead: hidden from the site and from new bookings, its row kept, so those bookings keep their service (in the
 * back office, the CSV, the reports and the client's own page) and the studio can restore it.
 */
export async function removeService(deps: DomainDeps, input: { id: number }): Promise<ServiceRemoved> {
  const result = await auditedChange(
    deps,
    input.id,
    async (tx) => {
      const row = await tx.service.findUnique({ where: { id: input.id }, select: { id: true } });
      if (!row) throw notFound(MESSAGES.service.notFound);
      const bookings = (await bookingsPerService(tx, [input.id])).get(input.id) ?? 0;
      if (bookings > 0) {
        await tx.service.update({ where: { id: input.id }, data: { archivedAt: deps.now() } });
        return { id: input.id, archived: true, bookings };
      }
      await tx.service.delete({ where: { id: input.id } });
      return { id: input.id, archived: false, bookings: 0 };
    },
    { transaction: true },
  );
  deps.cache.invalidate("services");
  deps.cache.invalidate("bookings"); // the bookings list shows service titles
  return result;
}

/** Offers an archived service again. */
export async function restoreService(deps: DomainDeps, input: { id: number }): Promise<ServiceDto> {
  const row = await auditedChange(deps, input.id, (tx) =>
    orNotFound(
      tx.service.update({ where: { id: input.id }, data: { archivedAt: null } }),
      MESSAGES.service.notFound,
    ),
  );
  deps.cache.invalidate("services");
  return toServiceDto(row);
}
