/**
 * Byte budgets for uploads that nothing uses yet, so nobody can fill the disk (or the bucket) with files that
 * are never attached: one client address may keep at most `perAddressBytes` of unattached public uploads
 * (booking proofs) sent within the last hour, and all unattached uploads together at most `totalBytes`.
 * Checked before the body is read (already over: refused without reading it) and again once the file is
 * stored and counted (a file that takes the sum over the budget is removed), so parallel uploads cannot all
 * slip under it. Unattached proofs are removed within the hour (cleanup.ts), which frees the budget.
 */
import type { Db } from "@studio/db";
import { MESSAGES, MB } from "@studio/validators";
import type { UploadBudgetConfig } from "../../config";
import { AppError } from "../../errors";

export const ADDRESS_BUDGET_WINDOW_MS = 3600_000;

export type UploadBudgetDeps = { db: Db; now: () => Date; config: { uploadBudget: UploadBudgetConfig } };

/** `address`: the client's address for a public upload, null for an admin's (only the studio-wide budget). */
export async function assertWithinUploadBudget(
  deps: UploadBudgetDeps,
  address: string | null,
  stage: "before" | "stored",
): Promise<void> {
  const { perAddressBytes, totalBytes } = deps.config.uploadBudget;
  const since = new Date(deps.now().getTime() - ADDRESS_BUDGET_WINDOW_MS);
  const [mine, all] = await Promise.all([
    address
      ? deps.db.upload.aggregate({
          _sum: { size: true },
          where: { uploaderAddress: address, attachedAt: null, createdAt: { gte: since } },
        })
      : null,
    deps.db.upload.aggregate({ _sum: { size: true }, where: { attachedAt: null } }),
  ]);
  // Before: a budget already used up refuses the next file. Stored: the new file is in the sum.
  const over = (used: number, budget: number) => (stage === "before" ? used >= budget : used > budget);
  if (mine && over(mine._sum.size ?? 0, perAddressBytes))
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.upload.addressBudget(Math.round(perAddressBytes / MB)), {
      retryAfterSeconds: ADDRESS_BUDGET_WINDOW_MS / 1000,
    });
  if (over(all._sum.size ?? 0, totalBytes))
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.upload.storageBudget, {
      retryAfterSeconds: ADDRESS_BUDGET_WINDOW_MS / 1000,
    });
}
