import {
  ZAdminServiceDto,
  ZId,
  ZServiceByCategoryInput,
  ZServiceDto,
  ZServiceInput,
  ZServiceRemoved,
  ZServiceUpdate,
} from "@studio/validators";
import { z } from "zod";
import {
  createService,
  getService,
  listServices,
  listServicesByCategory,
  listServicesForAdmin,
  removeService,
  restoreService,
  updateService,
} from "../domain/services";
import { adminProcedure, publicProcedure, router } from "../trpc";

const ZServiceList = z.array(ZServiceDto);

export const servicesRouter = router({
  /** What the site offers (archived services left out). */
  list: publicProcedure.output(ZServiceList).query(({ ctx }) => listServices(ctx)),
  /** The back office's list: archived services too, with how many bookings use each. */
  adminList: adminProcedure.output(z.array(ZAdminServiceDto)).query(({ ctx }) => listServicesForAdmin(ctx)),
  byCategory: publicProcedure
    .input(ZServiceByCategoryInput)
    .output(ZServiceList)
    .query(({ ctx, input }) => listServicesByCategory(ctx, input)),
  get: publicProcedure
    .input(ZId)
    .output(ZServiceDto)
    .query(({ ctx, input }) => getService(ctx, input)),
  create: adminProcedure
    .input(ZServiceInput)
    .output(ZServiceDto)
    .mutation(({ ctx, input }) => createService(ctx, input)),
  update: adminProcedure
    .input(ZServiceUpdate)
    .output(ZServiceDto)
    .mutation(({ ctx, input }) => updateService(ctx, input)),
  /** Deletes a service no booking uses; archives one that bookings use (see removeService). */
  delete: adminProcedure
    .input(ZId)
    .output(ZServiceRemoved)
    .mutation(({ ctx, input }) => removeService(ctx, input)),
  restore: adminProcedure
    .input(ZId)
    .output(ZServiceDto)
    .mutation(({ ctx, input }) => restoreService(ctx, input)),
});
