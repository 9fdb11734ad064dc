import { router } from "../trpc";

export const servicesRouter = router({});
