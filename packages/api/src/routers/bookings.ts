import { router } from "../trpc";

export const bookingsRouter = router({});
