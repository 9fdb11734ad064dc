import { router } from "../trpc";

export const contactRouter = router({});
