/** Small helpers shared by the services, portfolio, feedback and contact domain functions. */
import type { Db } from "@studio/db";
import type { AuditRecorder } from "../audit/trail";
import type { ReadCache } from "../cache";
import { AppError } from "../errors";

/** What these domain functions need from the request context. */
export type DomainDeps = { db: Db; now: () => Date; cache: ReadCache; audit?: AuditRecorder };

export function notFound(message: string): AppError {
  return new AppError("NOT_FOUND", message);
}

/** Prisma's "record to update/delete does not exist". */
function isRecordMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2025";
}

/** Runs an update/delete by id; a missing row becomes NOT_FOUND with the resource's message. */
export async function orNotFound<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isRecordMissing(error)) throw notFound(message);
    throw error;
  }
}

/** A stored JSON list (features, tags) as a list of non-empty texts, whatever was stored. */
export function toTextList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v.trim().length > 0);
}

/** Narrows a stored text column to one of the allowed values. */
export function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** An average with one decimal (0 when there is nothing to average). */
export function roundOneDecimal(value: number | null | undefined): number {
  return value ? Math.round(value * 10) / 10 : 0;
}
