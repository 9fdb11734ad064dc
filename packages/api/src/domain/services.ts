import type { ServiceModel } from "@studio/db";
import {
  MESSAGES,
  SERVICE_CATEGORIES,
  type ServiceCategory,
  type ServiceDto,
  type ZServiceInput,
} from "@studio/validators";
import type { z } from "zod";
import { type DomainDeps, notFound, oneOf, orNotFound, toTextList } from "./records";
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
    category: oneOf(SERVICE_CATEGORIES, row.category, "photography"),
    price: row.priceCents / 100,
    duration: row.duration,
    features: toTextList(row.features),
    image: row.image,
    icon: row.icon,
    created_at: row.createdAt.toISOString(),
  };
}

async function toRow(deps: ServiceWriteDeps, data: ServiceData) {
  const { price, image, ...rest } = data;
  const stored = await publicMediaUrl(deps, image, "service_image", "image");
  return { ...rest, image: stored, priceCents: Math.round(price * 100) };
}

const ORDER = { id: "asc" } as const;

export function listServices(deps: DomainDeps): Promise<ServiceDto[]> {
  return deps.cache.get("services", "all", async () =>
    (await deps.db.service.findMany({ orderBy: ORDER })).map(toServiceDto),
  );
}

export function listServicesByCategory(
  deps: DomainDeps,
  input: { category: ServiceCategory },
): Promise<ServiceDto[]> {
  return deps.cache.get("services", `category:${input.category}`, async () =>
    (await deps.db.service.findMany({ where: { category: input.category }, orderBy: ORDER })).map(
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
  const row = await deps.db.service.create({
    data: { ...(await toRow(deps, input)), createdAt: deps.now() },
  });
  deps.cache.invalidate("services");
  await markMediaReferenced(deps, [row.image]);
  return toServiceDto(row);
}

export async function updateService(
  deps: ServiceWriteDeps,
  input: { id: number; data: ServiceData },
): Promise<ServiceDto> {
  const data = await toRow(deps, input.data);
  const row = await orNotFound(
    deps.db.service.update({ where: { id: input.id }, data }),
    MESSAGES.service.notFound,
  );
  deps.cache.invalidate("services");
  deps.cache.invalidate("bookings"); // the bookings list shows service titles
  await markMediaReferenced(deps, [row.image]);
  return toServiceDto(row);
}

/** Bookings of the service stay; their service_id becomes null (foreign key ON DELETE SET NULL). */
export async function deleteService(deps: DomainDeps, input: { id: number }): Promise<{ id: number }> {
  await orNotFound(deps.db.service.delete({ where: { id: input.id } }), MESSAGES.service.notFound);
  deps.cache.invalidate("services");
  deps.cache.invalidate("bookings"); // the bookings list shows service titles
  return { id: input.id };
}
