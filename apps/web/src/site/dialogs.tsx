import { FORM_PAGE_PATHS } from "@studio/validators";
import {
  createContext,
  type MouseEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { earlyActionProps } from "../lib/early-actions";
import type { FeedbackPrefill } from "./feedback/feedback-link";

/**
 * The booking and feedback dialogs open from many places (header, hero, cards, floating buttons) and
 * are loaded only when first wanted; they unmount on close, which resets them completely.
 */
// Each dialog's code and the API client it needs are fetched together (one round trip, not two).
const withData = <T,>(load: Promise<T>) =>
  Promise.all([load, import("../app/data-provider")]).then(([module]) => module);
const loadBooking = () => withData(import("./booking/booking-dialog"));
const loadFeedback = () => withData(import("./feedback/feedback-dialog"));
const BookingDialog = lazy(loadBooking);
const FeedbackDialog = lazy(loadFeedback);

type DialogsApi = {
  openBooking: (serviceId?: number) => void;
  openFeedback: () => void;
  /** Warms the dialog chunks (hover/focus on a trigger) so opening feels instant. */
  preload: () => void;
};

const DialogsContext = createContext<DialogsApi>({
  openBooking: () => undefined,
  openFeedback: () => undefined,
  preload: () => undefined,
});

export function SiteDialogsProvider({ children }: { children: ReactNode }) {
  const [booking, setBooking] = useState<{ serviceId?: number } | null>(null);
  const [feedback, setFeedback] = useState<{ initial: FeedbackPrefill | null } | null>(null);
  const openBooking = useCallback((serviceId?: number) => setBooking({ serviceId }), []);
  const openFeedback = useCallback(() => setFeedback({ initial: null }), []);
  // The "thank you" e-mail's link (/?feedback=1&name=…) opens the dialog filled in, once. Its reader is fetched
  // only for such a link: no page's first script carries it.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has("feedback")) return;
    void import("./feedback/feedback-link").then(({ feedbackPrefillFrom, withoutFeedbackParams }) => {
      const initial = feedbackPrefillFrom(window.location.search);
      if (!initial) return;
      window.history.replaceState(window.history.state, "", withoutFeedbackParams(window.location.href));
      setFeedback({ initial });
    });
  }, []);
  const preload = useCallback(() => {
    void loadBooking();
    void loadFeedback();
  }, []);
  const api = useMemo(() => ({ openBooking, openFeedback, preload }), [openBooking, openFeedback, preload]);
  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {booking ? <BookingDialog serviceId={booking.serviceId} onClose={() => setBooking(null)} /> : null}
        {feedback ? <FeedbackDialog initial={feedback.initial} onClose={() => setFeedback(null)} /> : null}
      </Suspense>
    </DialogsContext.Provider>
  );
}

export function useSiteDialogs(): DialogsApi {
  return useContext(DialogsContext);
}

/**
 * Props for a Book Now button: opens the booking dialog, warms it on hover/focus. A tap before the button is
 * live is replayed once it is (early-actions.ts).
 */
export function useBookNow(serviceId?: number) {
  const { openBooking, preload } = useSiteDialogs();
  return {
    onClick: () => openBooking(serviceId),
    onPointerEnter: preload,
    onFocus: preload,
    ...earlyActionProps(serviceId === undefined ? "booking" : `booking:${serviceId}`),
  };
}

/**
 * Props for a Share Feedback link: to the feedback page (the form that works without JavaScript); once the page
 * is live it opens the feedback dialog there instead.
 */
export function useFeedbackLink() {
  const { openFeedback, preload } = useSiteDialogs();
  return {
    href: FORM_PAGE_PATHS.feedback,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      openFeedback();
    },
    onPointerEnter: preload,
    onFocus: preload,
    ...earlyActionProps("feedback"),
  } as const;
}
