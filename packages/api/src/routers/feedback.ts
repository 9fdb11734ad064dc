import { router } from "../trpc";

export const feedbackRouter = router({});
