import { ZStudioProfile, ZStudioProfileUpdate } from "@studio/validators";
import { updateStudioProfile } from "../domain/studio-profile";
import { adminProcedure, router } from "../trpc";

/** The back office's Settings page: the studio profile (read publicly through site.profile). */
export const studioRouter = router({
  /** Saves the whole profile; audited as "profile" #1 with the row before and after. */
  updateProfile: adminProcedure
    .input(ZStudioProfileUpdate)
    .output(ZStudioProfile)
    .mutation(({ ctx, input }) => updateStudioProfile(ctx, input)),
});
