import {
  ZManageActionResult,
  ZManageAvailability,
  ZManageAvailabilityInput,
  ZManageCancelInput,
  ZManageGetInput,
  ZManageMoveInput,
  ZManageView,
} from "@studio/validators";
import {
  cancelManagedBooking,
  getManagedBooking,
  managedAvailability,
  moveManagedBooking,
} from "../domain/bookings/self-service";
import { formProcedure, publicProcedure, router } from "../trpc";

/** The client's self-service page: everything goes through the link's token, never a booking id. */
export const manageRouter = router({
  get: publicProcedure
    .input(ZManageGetInput)
    .output(ZManageView)
    .query(({ ctx, input }) => getManagedBooking(ctx, input.token)),
  availability: publicProcedure
    .input(ZManageAvailabilityInput)
    .output(ZManageAvailability)
    .query(({ ctx, input }) => managedAvailability(ctx, input.token, input.date)),
  cancel: formProcedure("manage")
    .input(ZManageCancelInput)
    .output(ZManageActionResult)
    .mutation(({ ctx, input }) => cancelManagedBooking(ctx, input.token)),
  move: formProcedure("manage")
    .input(ZManageMoveInput)
    .output(ZManageActionResult)
    .mutation(({ ctx, input }) => moveManagedBooking(ctx, input.token, input)),
});
