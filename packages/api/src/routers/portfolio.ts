import { router } from "../trpc";

export const portfolioRouter = router({});
