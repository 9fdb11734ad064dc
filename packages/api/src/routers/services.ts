import {
  ZDeleted,
  ZId,
  ZServiceByCategoryInput,
  ZServiceDto,
  ZServiceInput,
  ZServiceUpdate,
} from "@studio/validators";
import { z } from "zod";
import {
  createService,
  deleteService,
  getService,
  listServices,
  listServicesByCategory,
  updateService,
} from "../domain/services";
import { adminProcedure, publicProcedure, router } from "../trpc";

const ZServiceList = z.array(ZServiceDto);

export const servicesRouter = router({
  list: publicProcedure.output(ZServiceList).query(({ ctx }) => listServices(ctx)),
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
  delete: adminProcedure
    .input(ZId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteService(ctx, input)),
});
