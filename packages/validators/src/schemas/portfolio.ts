import { z } from "zod";
import {
  FIELD_LIMITS,
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_STATUSES,
  type PortfolioCategory,
  type PortfolioStatus,
} from "../constants";
import { MESSAGES } from "../messages";
import {
  booleanField,
  idField,
  listField,
  multiLine,
  optionalText,
  requiredText,
  singleLine,
} from "./common";
import { ZMediaUrl } from "./service";

const m = MESSAGES.portfolio;

export const ZPortfolioCategory = z.enum(PORTFOLIO_CATEGORIES, { error: m.categoryInvalid });
export const ZPortfolioStatus = z.enum(PORTFOLIO_STATUSES, { error: m.statusInvalid });

export const ZPortfolioInput = z.object({
  title: requiredText(m.titleRequired, FIELD_LIMITS.title, singleLine("Title")),
  description: requiredText(m.descriptionRequired, FIELD_LIMITS.description, multiLine("Description")),
  category: ZPortfolioCategory.default("photography"),
  client: optionalText(FIELD_LIMITS.shortText, singleLine("Client")),
  date: optionalText(40, singleLine("Date")),
  location: optionalText(FIELD_LIMITS.shortText, singleLine("Location")),
  tags: listField("Each tag", 60),
  featured: booleanField.default(false),
  status: ZPortfolioStatus.default("published"),
  media_url: ZMediaUrl,
});
export type PortfolioInput = z.input<typeof ZPortfolioInput>;

export const ZPortfolioUpdate = z.object({ id: idField(), data: ZPortfolioInput });

export type PortfolioItemDto = {
  id: number;
  title: string;
  description: string;
  category: PortfolioCategory;
  client: string | null;
  date: string | null;
  location: string | null;
  tags: string[];
  featured: boolean;
  status: PortfolioStatus;
  media_url: string | null;
  media_type: "image" | "video" | null;
  created_at: string;
};

export const ZPortfolioByCategoryInput = z.object({ category: ZPortfolioCategory });
export const ZPortfolioAdminListInput = z.object({
  status: ZPortfolioStatus.optional(),
  category: ZPortfolioCategory.optional(),
});

/** Output contract of every portfolio answer. */
export const ZPortfolioItemDto: z.ZodType<PortfolioItemDto> = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(PORTFOLIO_CATEGORIES),
  client: z.string().nullable(),
  date: z.string().nullable(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  status: z.enum(PORTFOLIO_STATUSES),
  media_url: z.string().nullable(),
  media_type: z.enum(["image", "video"]).nullable(),
  created_at: z.string(),
});
