/**
 * Every /api/* call, described with the zod schemas that validate its input (the tRPC procedures behind it) and
 * its answer (their outputs, in the REST envelope). The OpenAPI document is generated from this table
 * (document.ts); a test checks that it names exactly the routes the REST layer serves, and another that every
 * route's real answer matches what is written here, on SQLite and PostgreSQL.
 */
import {
  restMessage,
  restSuccess,
  ZAdminUserDto,
  ZBookingCreateInput,
  ZBookingDto,
  ZBookingListPageInput,
  ZBookingProofUpload,
  ZBookingStats,
  ZBookingStatus,
  ZContactInput,
  ZContactListInput,
  ZContactMessageDto,
  ZDeleted,
  ZFeedbackCategory,
  ZFeedbackDto,
  ZFeedbackInput,
  ZFeedbackListInput,
  ZFeedbackStats,
  ZFeedbackStatus,
  ZLoginInput,
  ZManageAvailability,
  ZManageView,
  ZMediaUpload,
  ZPortfolioCategory,
  ZPortfolioInput,
  ZPortfolioItemDto,
  ZPublicFeedbackDto,
  ZRegisterInput,
  ZServiceCategory,
  ZServiceDto,
  ZServiceInput,
  ZServiceRemoved,
  ZStudioProfile,
  ZStudioProfileUpdate,
  ZBookingDate,
  ZBookingTime,
} from "@studio/validators";
import { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** public: no token; admin: an admin token or an API key with the procedure's scope; optional: more with one. */
export type Access = "public" | "admin" | "optional";

export type Answer = {
  description: string;
  /** The JSON body's schema (absent: not JSON, see contentType). */
  schema?: z.ZodType;
  contentType?: string;
  example?: unknown;
};

export type Operation = {
  method: HttpMethod;
  /** OpenAPI form: /api/bookings/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The tRPC procedure that does the work (names the API key scope it needs). */
  procedure?: string;
  params?: Record<string, { schema: z.ZodType; description: string }>;
  query?: Record<string, { schema: z.ZodType; description: string }>;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  body?: { schema: z.ZodType; example?: unknown } | { multipart: string };
  answers: Record<number, Answer>;
  /** The refusals this call can answer, each with the error envelope. */
  errors: number[];
};

const ID = { id: { schema: z.number().int().positive(), description: "The record's id" } };
const TOKEN = {
  token: { schema: z.string(), description: "The capability token from the link in the booking e-mails" },
};

const ZBookingList = restSuccess(z.array(ZBookingDto), {
  total: z.number().int().optional().meta({ description: "With limit, offset or cursor: all that match" }),
  next_cursor: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ description: "With limit, offset or cursor: the cursor of the next page, null at the end" }),
});
const bookingListQuery = {
  search: { schema: ZBookingListPageInput.shape.search, description: "Text in the name, e-mail or phone" },
  limit: {
    schema: z.number().int().min(1).max(200),
    description: "Page size; without limit, offset or cursor the whole list is streamed",
  },
  offset: { schema: z.number().int().min(0), description: "Rows to skip (with limit)" },
  cursor: { schema: z.number().int().positive(), description: "The last id already shown (newest first)" },
};
const ZStatusBody = z.object({ status: ZBookingStatus });
const ZAuthAnswer = z.object({
  success: z.literal(true),
  token: z.string().meta({ description: "Send as `Authorization: Bearer <token>` (valid 12 hours)" }),
  user: ZAdminUserDto,
  message: z.string(),
});
const ZUploaded = (data: z.ZodType, withMessage: boolean) =>
  z.object({
    success: z.literal(true),
    url: z.string(),
    ...(withMessage ? { message: z.string() } : {}),
    data,
  });
const ZManageAction = restSuccess(ZManageView, { message: z.string(), replayed: z.boolean() });

const serviceExample = {
  title: "Portrait Session",
  description: "A relaxed studio portrait session with retouched images.",
  price: 299,
  duration: "2 hours",
  category: "photography",
  image: "https://studio.example/uploads/media/0b5f6a5e-3c1d-4a5b-9f1e-2a3b4c5d6e7f.jpg",
  features: ["20 retouched images", "Two outfits"],
};
const portfolioExample = {
  title: "Harbour at dawn",
  description: "Drone stills of the old harbour.",
  category: "drone-services",
  client: "City Port",
  date: "2026-05-02",
  location: "Kolhapur",
  tags: ["aerial", "sunrise"],
  featured: true,
  status: "published",
  media_url: "https://studio.example/uploads/media/0b5f6a5e-3c1d-4a5b-9f1e-2a3b4c5d6e7f.jpg",
};
const bookingExample = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+1 555 0100",
  service_id: 1,
  date: "2030-06-04",
  time: "10:00",
  message: "Two people, outdoor shots if the weather allows.",
  image: null,
  user_id: null,
};

/** POST, PUT and DELETE of a catalogue resource (services, portfolio items): the same shapes, its own schemas. */
function catalogWrites(resource: {
  path: string;
  tag: string;
  noun: string;
  procedure: "services" | "portfolio";
  input: z.ZodType;
  answer: z.ZodType;
  example: unknown;
  removed: { summary: string; description: string; schema: z.ZodType };
}): Operation[] {
  const { path, tag, noun, procedure, input, answer, example, removed } = resource;
  const body = { schema: input, example };
  return [
    {
      method: "post",
      path,
      tag,
      summary: `Create a ${noun}`,
      access: "admin",
      procedure: `${procedure}.create`,
      body,
      answers: { 201: { description: "Created", schema: restMessage(answer) } },
      errors: [400, 401, 403, 413, 415],
    },
    {
      method: "put",
      path: `${path}/{id}`,
      tag,
      summary: `Change a ${noun}`,
      access: "admin",
      procedure: `${procedure}.update`,
      params: ID,
      body,
      answers: { 200: { description: "Saved", schema: restMessage(answer) } },
      errors: [400, 401, 403, 404, 413, 415],
    },
    {
      method: "delete",
      path: `${path}/{id}`,
      tag,
      summary: removed.summary,
      access: "admin",
      procedure: `${procedure}.delete`,
      params: ID,
      answers: { 200: { description: removed.description, schema: restMessage(removed.schema) } },
      errors: [400, 401, 403, 404],
    },
  ];
}

export const OPERATIONS: Operation[] = [
  // --------------------------------------------------------------------------------------------- auth
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Auth",
    summary: "Sign in",
    description: "Answers an admin token. Throttled per e-mail and address (429 with Retry-After).",
    access: "public",
    body: { schema: ZLoginInput, example: { email: "owner@studio.example", password: "correct horse" } },
    answers: { 200: { description: "Signed in", schema: ZAuthAnswer } },
    errors: [400, 401, 415, 429],
  },
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Auth",
    summary: "Create an admin account",
    description:
      "The first account becomes the owner; later ones need an invite code (`invite_code` or `inviteCode`).",
    access: "public",
    body: {
      schema: ZRegisterInput,
      example: {
        name: "Grace",
        email: "grace@studio.example",
        password: "a long password",
        invite_code: "…",
      },
    },
    answers: { 201: { description: "Account created and signed in", schema: ZAuthAnswer } },
    errors: [400, 403, 409, 415, 429],
  },
  {
    method: "get",
    path: "/api/auth/me",
    tag: "Auth",
    summary: "The signed-in admin",
    description: "Admin tokens only: API keys are refused (403).",
    access: "admin",
    answers: { 200: { description: "The admin", schema: restSuccess(ZAdminUserDto) } },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "Auth",
    summary: "Sign out (the token stops working)",
    access: "admin",
    answers: {
      200: { description: "Signed out", schema: z.object({ success: z.literal(true), message: z.string() }) },
    },
    errors: [401, 403],
  },
  // ------------------------------------------------------------------------------------------ uploads
  {
    method: "post",
    path: "/api/upload/image",
    tag: "Uploads",
    summary: "Upload a booking's proof file",
    description:
      "Public (form rate limit, and a byte budget: 100 MB of unattached files per address and hour, 429 over it). `url` is a signed link valid 5 minutes; send it or `data.reference` back as a booking's `image`. A service or portfolio item saved with it makes the file public media. A file no booking claims is removed within the hour.",
    access: "public",
    body: { multipart: "Images (JPG, PNG, GIF, WebP) and documents (PDF, DOC, DOCX, TXT), 10 MB" },
    answers: { 201: { description: "Stored", schema: ZUploaded(ZBookingProofUpload, true) } },
    errors: [400, 413, 415, 429, 503],
  },
  {
    method: "post",
    path: "/api/services/upload-image",
    tag: "Uploads",
    summary: "Upload a service image",
    access: "admin",
    procedure: "uploads.serviceImage",
    body: { multipart: "Images (JPG, PNG, GIF, WebP), 10 MB; stored with WebP variants" },
    answers: { 201: { description: "Stored as public media", schema: ZUploaded(ZMediaUpload, false) } },
    errors: [400, 401, 403, 413, 415, 503],
  },
  {
    method: "post",
    path: "/api/portfolio/upload-image",
    tag: "Uploads",
    summary: "Upload portfolio media",
    access: "admin",
    procedure: "uploads.portfolioMedia",
    body: { multipart: "Images (10 MB) or videos (MP4, MOV, AVI, MKV, WebM, M4V; 50 MB)" },
    answers: { 201: { description: "Stored as public media", schema: ZUploaded(ZMediaUpload, false) } },
    errors: [400, 401, 403, 413, 415, 503],
  },
  {
    method: "post",
    path: "/api/galleries/upload-media",
    tag: "Uploads",
    summary: "Upload a photo or video for a client gallery",
    description:
      "Stored privately (served only through short signed links), with WebP variants for photos; then add it to a set with the galleries procedures. Large shoots: the resumable uploads at /api/uploads/resumable (tus 1.0.0).",
    access: "admin",
    procedure: "uploads.galleryMedia",
    body: { multipart: "Images (10 MB) or videos (MP4, MOV, AVI, MKV, WebM, M4V; 50 MB)" },
    answers: {
      201: {
        description: "Stored as a private gallery file",
        schema: ZUploaded(
          z.object({ id: z.string(), url: z.string(), name: z.string(), kind: z.string() }),
          false,
        ),
      },
    },
    errors: [400, 401, 403, 413, 415, 503],
  },
  // ----------------------------------------------------------------------------------------- services
  {
    method: "get",
    path: "/api/services",
    tag: "Services",
    summary: "List the services",
    access: "public",
    answers: { 200: { description: "Every service", schema: restSuccess(z.array(ZServiceDto)) } },
    errors: [],
  },
  {
    method: "get",
    path: "/api/services/category/{category}",
    tag: "Services",
    summary: "List the services of a category",
    access: "public",
    params: { category: { schema: ZServiceCategory, description: "A service category" } },
    answers: { 200: { description: "The category's services", schema: restSuccess(z.array(ZServiceDto)) } },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/services/{id}",
    tag: "Services",
    summary: "Read a service",
    access: "public",
    params: ID,
    answers: { 200: { description: "The service", schema: restSuccess(ZServiceDto) } },
    errors: [400, 404],
  },
  ...catalogWrites({
    path: "/api/services",
    tag: "Services",
    noun: "service",
    procedure: "services",
    input: ZServiceInput,
    answer: ZServiceDto,
    example: serviceExample,
    removed: {
      summary: "Delete a service (archived instead while bookings use it)",
      description: "Deleted, or archived (`archived: true`, with how many bookings keep it)",
      schema: ZServiceRemoved,
    },
  }),
  // ---------------------------------------------------------------------------------------- portfolio
  {
    method: "get",
    path: "/api/portfolio",
    tag: "Portfolio",
    summary: "List portfolio items",
    description:
      "Without a token: published items. With a valid admin token (or a key with catalog:read) and no status: every item. `status` asks for the admin list.",
    access: "optional",
    procedure: "portfolio.adminList",
    query: {
      status: {
        schema: z.enum(["all", "published", "draft", "private"]),
        description: "Admin only: one status, or all",
      },
      category: { schema: ZPortfolioCategory, description: "Admin list only: one category" },
    },
    answers: { 200: { description: "Items, newest first", schema: restSuccess(z.array(ZPortfolioItemDto)) } },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/portfolio/category/{category}",
    tag: "Portfolio",
    summary: "List the published items of a category",
    access: "public",
    params: { category: { schema: ZPortfolioCategory, description: "A portfolio category" } },
    answers: { 200: { description: "Items", schema: restSuccess(z.array(ZPortfolioItemDto)) } },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/portfolio/{id}",
    tag: "Portfolio",
    summary: "Read a portfolio item",
    description: "Drafts and private items only with an admin token.",
    access: "optional",
    params: ID,
    answers: { 200: { description: "The item", schema: restSuccess(ZPortfolioItemDto) } },
    errors: [400, 404],
  },
  ...catalogWrites({
    path: "/api/portfolio",
    tag: "Portfolio",
    noun: "portfolio item",
    procedure: "portfolio",
    input: ZPortfolioInput,
    answer: ZPortfolioItemDto,
    example: portfolioExample,
    removed: { summary: "Delete a portfolio item", description: "Deleted", schema: ZDeleted },
  }),
  // ----------------------------------------------------------------------------------------- bookings
  {
    method: "post",
    path: "/api/bookings",
    tag: "Bookings",
    summary: "Book a session",
    description:
      "Public (form rate limit); the studio's opening hours apply. Send an `Idempotency-Key` header (or `idempotency_key`): a retry answers the first booking (200). A service slug (`service`) may stand for `service_id`. The proof comes back as a signed link.",
    access: "public",
    headers: {
      "Idempotency-Key": {
        schema: z.string().min(8).max(100),
        description: "Letters, digits, - and _; a retry with the same key answers the first booking",
      },
    },
    body: { schema: ZBookingCreateInput, example: bookingExample },
    answers: {
      201: { description: "Booked (pending)", schema: restMessage(ZBookingDto) },
      200: {
        description: "A retry with the same Idempotency-Key: the first booking",
        schema: restMessage(ZBookingDto),
      },
    },
    errors: [400, 409, 413, 415, 429],
  },
  {
    method: "get",
    path: "/api/bookings",
    tag: "Bookings",
    summary: "List bookings",
    description: "Newest first. Without limit, offset or cursor the whole list is streamed.",
    access: "admin",
    procedure: "bookings.list",
    query: {
      status: { schema: z.union([ZBookingStatus, z.literal("all")]), description: "One status" },
      ...bookingListQuery,
    },
    answers: { 200: { description: "Bookings", schema: ZBookingList } },
    errors: [400, 401, 403, 429],
  },
  {
    method: "get",
    path: "/api/bookings/export.csv",
    tag: "Bookings",
    summary: "Export bookings as CSV",
    access: "admin",
    procedure: "bookings.exportCsvChunk",
    query: {
      status: { schema: z.union([ZBookingStatus, z.literal("all")]), description: "One status" },
      search: bookingListQuery.search,
    },
    answers: { 200: { description: "A CSV download (header row first, CRLF)", contentType: "text/csv" } },
    errors: [400, 401, 403, 429],
  },
  {
    method: "get",
    path: "/api/bookings/stats",
    tag: "Bookings",
    summary: "Booking counts",
    access: "admin",
    procedure: "bookings.stats",
    answers: { 200: { description: "Counts per status", schema: restSuccess(ZBookingStats) } },
    errors: [401, 403, 429],
  },
  {
    method: "get",
    path: "/api/bookings/status/{status}",
    tag: "Bookings",
    summary: "List the bookings of one status",
    access: "admin",
    procedure: "bookings.list",
    params: { status: { schema: ZBookingStatus, description: "A booking status" } },
    query: bookingListQuery,
    answers: { 200: { description: "Bookings", schema: ZBookingList } },
    errors: [400, 401, 403, 429],
  },
  {
    method: "get",
    path: "/api/bookings/user/bookings",
    tag: "Bookings",
    summary: "List bookings (the specification's \"my bookings\": the admin's list)",
    access: "admin",
    procedure: "bookings.list",
    query: { status: { schema: ZBookingStatus, description: "One status" }, ...bookingListQuery },
    answers: { 200: { description: "Bookings", schema: ZBookingList } },
    errors: [400, 401, 403, 429],
  },
  {
    method: "get",
    path: "/api/bookings/{id}",
    tag: "Bookings",
    summary: "Read a booking",
    access: "admin",
    procedure: "bookings.get",
    params: ID,
    answers: {
      200: { description: "The booking (its proof as a signed link)", schema: restSuccess(ZBookingDto) },
    },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: "put",
    path: "/api/bookings/{id}",
    tag: "Bookings",
    summary: "Change a booking's status",
    access: "admin",
    procedure: "bookings.setStatus",
    params: ID,
    body: { schema: ZStatusBody, example: { status: "confirmed" } },
    answers: { 200: { description: "Changed", schema: restMessage(ZBookingDto) } },
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  {
    method: "patch",
    path: "/api/bookings/{id}/status",
    tag: "Bookings",
    summary: "Change a booking's status",
    access: "admin",
    procedure: "bookings.setStatus",
    params: ID,
    body: { schema: ZStatusBody, example: { status: "completed" } },
    answers: { 200: { description: "Changed", schema: restMessage(ZBookingDto) } },
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  {
    method: "patch",
    path: "/api/bookings/{id}/confirm",
    tag: "Bookings",
    summary: "Confirm a booking",
    access: "admin",
    procedure: "bookings.confirm",
    params: ID,
    answers: { 200: { description: "Confirmed", schema: restMessage(ZBookingDto) } },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: "delete",
    path: "/api/bookings/{id}",
    tag: "Bookings",
    summary: "Delete a booking",
    access: "admin",
    procedure: "bookings.delete",
    params: ID,
    answers: { 200: { description: "Deleted", schema: restMessage(ZDeleted) } },
    errors: [400, 401, 403, 404, 429],
  },
  // ----------------------------------------------------------------------------------------- feedback
  {
    method: "post",
    path: "/api/feedback",
    tag: "Feedback",
    summary: "Leave feedback",
    description: "Public (form rate limit); published once an admin approves it.",
    access: "public",
    body: {
      schema: ZFeedbackInput,
      example: {
        name: "Ada",
        email: "ada@example.com",
        rating: 5,
        message: "Wonderful day.",
        service_category: "photography",
      },
    },
    answers: { 201: { description: "Received", schema: restMessage(z.object({ id: z.number().int() })) } },
    errors: [400, 413, 415, 429],
  },
  {
    method: "get",
    path: "/api/feedback/approved",
    tag: "Feedback",
    summary: "Approved feedback (testimonials)",
    access: "public",
    query: { limit: { schema: z.number().int().min(1).max(100), description: "At most (default 10)" } },
    answers: { 200: { description: "Newest first", schema: restSuccess(z.array(ZPublicFeedbackDto)) } },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/feedback/stats",
    tag: "Feedback",
    summary: "Feedback figures",
    description: "Without a token: the figures of approved feedback only. With one: all of them.",
    access: "optional",
    procedure: "feedback.stats",
    answers: { 200: { description: "Figures", schema: restSuccess(ZFeedbackStats) } },
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/api/feedback/category/{category}",
    tag: "Feedback",
    summary: "Approved feedback of a category",
    access: "public",
    params: { category: { schema: ZFeedbackCategory, description: "A feedback category" } },
    query: { limit: { schema: z.number().int().min(1).max(100), description: "At most (default 10)" } },
    answers: { 200: { description: "Newest first", schema: restSuccess(z.array(ZPublicFeedbackDto)) } },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/feedback",
    tag: "Feedback",
    summary: "All feedback (admin)",
    access: "admin",
    procedure: "feedback.list",
    query: {
      limit: { schema: ZFeedbackListInput.shape.limit, description: "Page size (default 50)" },
      offset: { schema: ZFeedbackListInput.shape.offset, description: "Rows to skip" },
      status: { schema: ZFeedbackStatus, description: "One status" },
    },
    answers: { 200: { description: "Newest first", schema: restSuccess(z.array(ZFeedbackDto)) } },
    errors: [400, 401, 403, 429],
  },
  {
    method: "get",
    path: "/api/feedback/{id}",
    tag: "Feedback",
    summary: "Read feedback",
    access: "admin",
    procedure: "feedback.get",
    params: ID,
    answers: { 200: { description: "The feedback", schema: restSuccess(ZFeedbackDto) } },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: "patch",
    path: "/api/feedback/{id}/status",
    tag: "Feedback",
    summary: "Approve, reject or unpublish feedback",
    access: "admin",
    procedure: "feedback.setStatus",
    params: ID,
    body: { schema: z.object({ status: ZFeedbackStatus }), example: { status: "approved" } },
    answers: { 200: { description: "Changed", schema: restMessage(ZFeedbackDto) } },
    errors: [400, 401, 403, 404, 409, 415, 429],
  },
  {
    method: "delete",
    path: "/api/feedback/{id}",
    tag: "Feedback",
    summary: "Delete feedback",
    access: "admin",
    procedure: "feedback.delete",
    params: ID,
    answers: { 200: { description: "Deleted", schema: restMessage(ZDeleted) } },
    errors: [400, 401, 403, 404, 429],
  },
  // ------------------------------------------------------------------------------------------ contact
  {
    method: "post",
    path: "/api/contact",
    tag: "Contact",
    summary: "Send a contact message",
    description: "Public (form rate limit).",
    access: "public",
    body: {
      schema: ZContactInput,
      example: {
        name: "Ada",
        email: "ada@example.com",
        phone: "+1 555 0100",
        subject: "Wedding film",
        message: "Are you free on 12 June?",
        serviceType: "Wedding Photography",
      },
    },
    answers: { 201: { description: "Sent", schema: restMessage(z.object({ id: z.number().int() })) } },
    errors: [400, 413, 415, 429],
  },
  {
    method: "get",
    path: "/api/contact",
    tag: "Contact",
    summary: "The inbox of contact messages",
    access: "admin",
    procedure: "contact.list",
    query: {
      limit: { schema: ZContactListInput.shape.limit, description: "Page size" },
      offset: { schema: ZContactListInput.shape.offset, description: "Rows to skip" },
      unread: { schema: z.enum(["true", "false"]), description: "Unread messages only" },
    },
    answers: {
      200: {
        description: "Newest first",
        schema: restSuccess(z.array(ZContactMessageDto), {
          total: z.number().int(),
          unread: z.number().int(),
        }),
      },
    },
    errors: [400, 401, 403, 429],
  },
  {
    method: "patch",
    path: "/api/contact/{id}/read",
    tag: "Contact",
    summary: "Mark a message read (or unread)",
    access: "admin",
    procedure: "contact.setRead",
    params: ID,
    body: { schema: z.object({ read: z.boolean().optional() }), example: { read: true } },
    answers: { 200: { description: "Changed", schema: restSuccess(ZContactMessageDto) } },
    errors: [400, 401, 403, 404, 415, 429],
  },
  {
    method: "delete",
    path: "/api/contact/{id}",
    tag: "Contact",
    summary: "Delete a message",
    access: "admin",
    procedure: "contact.delete",
    params: ID,
    answers: { 200: { description: "Deleted", schema: restMessage(ZDeleted) } },
    errors: [400, 401, 403, 404, 429],
  },
  // ------------------------------------------------------------------------------------------- manage
  {
    method: "get",
    path: "/api/g/{token}/zip",
    tag: "Client galleries",
    summary: "Download a client gallery as a ZIP",
    description:
      "The download copies of the files (EXIF-clean), streamed as the archive is built (no compression, exact Content-Length, ZIP64 past 4 GB). When every file's CRC-32 is known (processed by the media pipeline) the archive is the same bytes on every request: it answers Accept-Ranges: bytes and an ETag, and a Range (with If-Range naming that ETag) gets 206 with only that part, so a broken download resumes. The link's token is the capability; behind a PIN, send the grant that galleryView.unlock answered.",
    access: "public",
    params: { token: { schema: z.string(), description: "The token from the gallery's link (/g/<token>)" } },
    query: {
      which: { schema: z.enum(["all", "favourites"]), description: "Every file, or the client's favourites" },
      grant: { schema: z.string(), description: "The PIN grant, when the gallery has a PIN" },
    },
    answers: { 200: { description: "The archive", contentType: "application/zip" } },
    // 401: the PIN grant is missing or wrong; 403: expired, or downloads off; 404: no such link, or nothing to zip.
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/api/manage/{token}",
    tag: "Client self-service",
    summary: "A client's booking, through the link in their e-mails",
    access: "public",
    params: TOKEN,
    answers: { 200: { description: "The booking as the client sees it", schema: restSuccess(ZManageView) } },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/manage/{token}/availability",
    tag: "Client self-service",
    summary: "The slots of a day the booking could move to",
    access: "public",
    params: TOKEN,
    query: { date: { schema: ZBookingDate, description: "YYYY-MM-DD" } },
    answers: { 200: { description: "The day's slots", schema: restSuccess(ZManageAvailability) } },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/manage/{token}/cancel",
    tag: "Client self-service",
    summary: "Cancel the booking",
    access: "public",
    params: TOKEN,
    answers: { 200: { description: "Cancelled (or already)", schema: ZManageAction } },
    errors: [400, 404, 409, 429],
  },
  {
    method: "post",
    path: "/api/manage/{token}/move",
    tag: "Client self-service",
    summary: "Move the booking to another free slot",
    access: "public",
    params: TOKEN,
    body: {
      schema: z.object({ date: ZBookingDate, time: ZBookingTime }),
      example: { date: "2030-06-05", time: "14:00" },
    },
    answers: { 200: { description: "Moved (or already)", schema: ZManageAction } },
    errors: [400, 404, 409, 415, 429],
  },
  // ------------------------------------------------------------------------------------------- studio
  {
    method: "get",
    path: "/api/studio/profile",
    tag: "Studio",
    summary: "The studio's details",
    access: "public",
    answers: { 200: { description: "The profile", schema: restSuccess(ZStudioProfile) } },
    errors: [],
  },
  {
    method: "put",
    path: "/api/studio/profile",
    tag: "Studio",
    summary: "Change the studio's details (the whole profile)",
    access: "admin",
    procedure: "studio.updateProfile",
    body: { schema: ZStudioProfileUpdate },
    answers: { 200: { description: "Saved", schema: restSuccess(ZStudioProfile) } },
    errors: [400, 401, 403, 413, 415, 429],
  },
  // ------------------------------------------------------------------------------------------ live
  {
    method: "get",
    path: "/api/live",
    tag: "Live events",
    summary: "The back office's live events (Server-Sent Events)",
    description:
      "Admin tokens only (not API keys). Resumes after `Last-Event-ID`. Use webhooks for integrations.",
    access: "admin",
    answers: { 200: { description: "An event stream", contentType: "text/event-stream" } },
    errors: [401, 429],
  },
  // --------------------------------------------------------------------------------------- the reference
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    access: "public",
    answers: { 200: { description: "OpenAPI 3.1", schema: z.object({ openapi: z.string() }).loose() } },
    errors: [],
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The interactive API reference",
    access: "public",
    answers: { 200: { description: "An HTML page", contentType: "text/html" } },
    errors: [],
  },
];
