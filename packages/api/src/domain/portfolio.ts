import type { PortfolioItemModel } from "@studio/db";
import {
  MESSAGES,
  PORTFOLIO_CATEGORIES,
  type PortfolioCategory,
  type PortfolioItemDto,
  type PortfolioStatus,
  VIDEO_EXTENSIONS,
  type ZPortfolioInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import { scopeOf } from "./api-keys/scopes";
import type { Context } from "../context";
import { type DomainDeps, notFound, oneOf, orNotFound, toTextList } from "./records";
import { markMediaReferenced } from "./uploads/cleanup";
import { publicMediaUrl } from "./uploads/promote";
import type { UploadDeps } from "./uploads/store";

/** A portfolio write also needs the upload storage (a private upload saved as its media becomes public). */
type PortfolioWriteDeps = DomainDeps & UploadDeps;

type PortfolioData = z.output<typeof ZPortfolioInput>;

/** "video" for the video extensions of the specification, "image" for any other URL, null without one. */
export function mediaTypeOf(url: string | null): "image" | "video" | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, "http://local").pathname;
  } catch {
    return "image";
  }
  const ext = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase() ?? "";
  return (VIDEO_EXTENSIONS as readonly string[]).includes(ext) ? "video" : "image";
}

export function toPortfolioDto(row: PortfolioItemModel): PortfolioItemDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: oneOf(PORTFOLIO_CATEGORIES, row.category, "photography"),
    client: row.client,
    date: row.date,
    location: row.location,
    tags: toTextList(row.tags),
    featured: row.featured,
    status: row.status,
    media_url: row.mediaUrl,
    media_type: mediaTypeOf(row.mediaUrl),
    created_at: row.createdAt.toISOString(),
  };
}

async function toRow(deps: PortfolioWriteDeps, data: PortfolioData) {
  const { media_url, ...rest } = data;
  return { ...rest, mediaUrl: await publicMediaUrl(deps, media_url, "portfolio_media", "media_url") };
}

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] as const;

async function findItems(
  deps: DomainDeps,
  where: { status?: PortfolioStatus; category?: PortfolioCategory },
): Promise<PortfolioItemDto[]> {
  const rows = await deps.db.portfolioItem.findMany({ where, orderBy: [...NEWEST_FIRST] });
  return rows.map(toPortfolioDto);
}

/** Public: published items only, newest first. */
export function listPublishedPortfolio(deps: DomainDeps): Promise<PortfolioItemDto[]> {
  return deps.cache.get("portfolio", "published", () => findItems(deps, { status: "published" }));
}

export function listPublishedPortfolioByCategory(
  deps: DomainDeps,
  input: { category: PortfolioCategory },
): Promise<PortfolioItemDto[]> {
  return deps.cache.get("portfolio", `published:${input.category}`, () =>
    findItems(deps, { status: "published", category: input.category }),
  );
}

/** Admin: every status, optionally filtered. */
export function listAllPortfolio(
  deps: DomainDeps,
  input: { status?: PortfolioStatus; category?: PortfolioCategory },
): Promise<PortfolioItemDto[]> {
  return findItems(deps, { status: input.status, category: input.category });
}

/** An admin, or an API key that may read the catalog's unpublished items. */
async function canSeeUnpublished(ctx: Pick<Context, "auth">): Promise<boolean> {
  const auth = await ctx.auth();
  if (!auth) return false;
  const scope = scopeOf("portfolio.adminList");
  return !auth.apiKey || (scope !== null && auth.apiKey.scopes.includes(scope));
}

/** Drafts and private items exist only for admins; a visitor gets the same NOT_FOUND as for a missing id. */
export async function getPortfolioItem(
  ctx: Pick<Context, "db" | "auth">,
  input: { id: number },
): Promise<PortfolioItemDto> {
  const row = await ctx.db.portfolioItem.findUnique({ where: { id: input.id } });
  if (!row) throw notFound(MESSAGES.portfolio.notFound);
  if (row.status !== "published" && !(await canSeeUnpublished(ctx))) {
    throw notFound(MESSAGES.portfolio.notFound);
  }
  return toPortfolioDto(row);
}

export async function createPortfolioItem(
  deps: PortfolioWriteDeps,
  input: PortfolioData,
): Promise<PortfolioItemDto> {
  const data = { ...(await toRow(deps, input)), createdAt: deps.now() };
  const row = await auditedChange(deps, null, (tx) => tx.portfolioItem.create({ data }));
  deps.cache.invalidate("portfolio");
  await markMediaReferenced(deps, [row.mediaUrl]);
  return toPortfolioDto(row);
}

export async function updatePortfolioItem(
  deps: PortfolioWriteDeps,
  input: { id: number; data: PortfolioData },
): Promise<PortfolioItemDto> {
  const data = await toRow(deps, input.data);
  const row = await auditedChange(deps, input.id, (tx) =>
    orNotFound(tx.portfolioItem.update({ where: { id: input.id }, data }), MESSAGES.portfolio.notFound),
  );
  deps.cache.invalidate("portfolio");
  await markMediaReferenced(deps, [row.mediaUrl]);
  return toPortfolioDto(row);
}

export async function deletePortfolioItem(deps: DomainDeps, input: { id: number }): Promise<{ id: number }> {
  await auditedChange(deps, input.id, (tx) =>
    orNotFound(tx.portfolioItem.delete({ where: { id: input.id } }), MESSAGES.portfolio.notFound),
  );
  deps.cache.invalidate("portfolio");
  return { id: input.id };
}
