/**
 * Client galleries (issue 30). `galleries.*`: the back office (admins and the owner; every change audited).
 * `galleryView.*`: the client's page, public, where the link's token is the capability.
 */
import {
  ZDeleted,
  ZGalleryClientView,
  ZGalleryDetail,
  ZGalleryEventDto,
  ZGalleryItemsPage,
  ZGallerySelection,
  ZGallerySummary,
  ZGalleryDownload,
  ZGalleryFavourite,
  ZGalleryInput,
  ZGalleryItemAdd,
  ZGalleryItemRef,
  ZGalleryItemsInput,
  ZGalleryNote,
  ZGalleryOrder,
  ZGallerySetAdd,
  ZGallerySetRef,
  ZGallerySetRename,
  ZGalleryToken,
  ZGalleryUnlock,
  ZGalleryUpdate,
  ZId,
} from "@studio/validators";
import { z } from "zod";
import {
  addGalleryItem,
  addGallerySet,
  createGallery,
  deleteGallery,
  deleteGalleryItem,
  deleteGallerySet,
  galleryEvents,
  gallerySelection,
  getGallery,
  listGalleries,
  orderGalleryItems,
  regenerateGalleryLink,
  renameGallerySet,
  reopenGallerySelection,
  sendGalleryToClient,
  setGalleryCover,
  updateGallery,
} from "../domain/galleries/admin";
import {
  downloadLink,
  galleryItemsPage,
  openGallery,
  sendSelection,
  setFavourite,
  setNote,
  unlockGallery,
} from "../domain/galleries/client";
import { adminProcedure, publicProcedure, router } from "../trpc";

const ZGalleryRef = z.object({ id: z.number() });

export const galleriesRouter = router({
  list: adminProcedure.output(z.array(ZGallerySummary)).query(({ ctx }) => listGalleries(ctx)),
  get: adminProcedure
    .input(ZId)
    .output(ZGalleryDetail)
    .query(({ ctx, input }) => getGallery(ctx, input.id)),
  create: adminProcedure
    .input(ZGalleryInput)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => createGallery(ctx, input)),
  update: adminProcedure
    .input(ZGalleryUpdate)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => updateGallery(ctx, input)),
  delete: adminProcedure
    .input(ZId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteGallery(ctx, input.id)),
  addSet: adminProcedure
    .input(ZGallerySetAdd)
    .output(ZGalleryRef.extend({ set_id: z.number() }))
    .mutation(({ ctx, input }) => addGallerySet(ctx, input)),
  renameSet: adminProcedure
    .input(ZGallerySetRename)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => renameGallerySet(ctx, input)),
  deleteSet: adminProcedure
    .input(ZGallerySetRef)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => deleteGallerySet(ctx, input)),
  addItem: adminProcedure
    .input(ZGalleryItemAdd)
    .output(ZGalleryRef.extend({ item_id: z.number() }))
    .mutation(({ ctx, input }) => addGalleryItem(ctx, input)),
  orderItems: adminProcedure
    .input(ZGalleryOrder)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => orderGalleryItems(ctx, input)),
  deleteItem: adminProcedure
    .input(ZGalleryItemRef)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => deleteGalleryItem(ctx, input)),
  setCover: adminProcedure
    .input(ZGalleryItemRef)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => setGalleryCover(ctx, input)),
  regenerateLink: adminProcedure
    .input(ZId)
    .output(ZGalleryRef.extend({ url: z.string() }))
    .mutation(({ ctx, input }) => regenerateGalleryLink(ctx, input.id)),
  reopenSelection: adminProcedure
    .input(ZId)
    .output(ZGalleryRef)
    .mutation(({ ctx, input }) => reopenGallerySelection(ctx, input.id)),
  sendToClient: adminProcedure
    .input(ZId)
    .output(ZGalleryRef.extend({ mail_id: z.number() }))
    .mutation(({ ctx, input }) => sendGalleryToClient(ctx, input.id)),
  selection: adminProcedure
    .input(ZId)
    .output(ZGallerySelection)
    .query(({ ctx, input }) => gallerySelection(ctx, input.id)),
  events: adminProcedure
    .input(ZId)
    .output(z.array(ZGalleryEventDto))
    .query(({ ctx, input }) => galleryEvents(ctx, input.id)),
});

export const galleryViewRouter = router({
  open: publicProcedure
    .input(ZGalleryToken)
    .output(ZGalleryClientView)
    .query(({ ctx, input }) => openGallery(ctx, input.token)),
  items: publicProcedure
    .input(ZGalleryItemsInput)
    .output(ZGalleryItemsPage)
    .query(({ ctx, input }) => galleryItemsPage(ctx, input)),
  favourite: publicProcedure
    .input(ZGalleryFavourite)
    .output(z.object({ favourite: z.boolean(), favourite_count: z.number() }))
    .mutation(({ ctx, input }) => setFavourite(ctx, input)),
  note: publicProcedure
    .input(ZGalleryNote)
    .output(z.object({ note: z.string() }))
    .mutation(({ ctx, input }) => setNote(ctx, input)),
  sendSelection: publicProcedure
    .input(ZGalleryToken)
    .output(z.object({ selection_state: z.literal("sent"), count: z.number() }))
    .mutation(({ ctx, input }) => sendSelection(ctx, input.token)),
  unlock: publicProcedure
    .input(ZGalleryUnlock)
    .output(z.object({ grant: z.string() }))
    .mutation(({ ctx, input }) => unlockGallery(ctx, input)),
  download: publicProcedure
    .input(ZGalleryDownload)
    .output(z.object({ url: z.string(), name: z.string() }))
    .mutation(({ ctx, input }) => downloadLink(ctx, input)),
});
