import {
  ZDeleted,
  ZId,
  ZPortfolioAdminListInput,
  ZPortfolioByCategoryInput,
  ZPortfolioInput,
  ZPortfolioItemDto,
  ZPortfolioUpdate,
} from "@studio/validators";
import { z } from "zod";
import {
  createPortfolioItem,
  deletePortfolioItem,
  getPortfolioItem,
  listAllPortfolio,
  listPublishedPortfolio,
  listPublishedPortfolioByCategory,
  updatePortfolioItem,
} from "../domain/portfolio";
import { adminProcedure, publicProcedure, router } from "../trpc";

const ZPortfolioList = z.array(ZPortfolioItemDto);

export const portfolioRouter = router({
  list: publicProcedure.output(ZPortfolioList).query(({ ctx }) => listPublishedPortfolio(ctx)),
  byCategory: publicProcedure
    .input(ZPortfolioByCategoryInput)
    .output(ZPortfolioList)
    .query(({ ctx, input }) => listPublishedPortfolioByCategory(ctx, input)),
  /** Public; drafts and private items only with an admin token. */
  get: publicProcedure
    .input(ZId)
    .output(ZPortfolioItemDto)
    .query(({ ctx, input }) => getPortfolioItem(ctx, input)),
  adminList: adminProcedure
    .input(ZPortfolioAdminListInput.prefault({}))
    .output(ZPortfolioList)
    .query(({ ctx, input }) => listAllPortfolio(ctx, input)),
  create: adminProcedure
    .input(ZPortfolioInput)
    .output(ZPortfolioItemDto)
    .mutation(({ ctx, input }) => createPortfolioItem(ctx, input)),
  update: adminProcedure
    .input(ZPortfolioUpdate)
    .output(ZPortfolioItemDto)
    .mutation(({ ctx, input }) => updatePortfolioItem(ctx, input)),
  delete: adminProcedure
    .input(ZId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deletePortfolioItem(ctx, input)),
});
