import { router } from "../trpc";

export const uploadsRouter = router({});
