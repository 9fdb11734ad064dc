import { FEEDBACK_CATEGORIES, MESSAGES, RATING, TIMINGS } from "@studio/validators";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useEffect, useId, useState } from "react";
import { DataProvider } from "../../app/data-provider";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { trpc } from "../../lib/trpc";
import { CheckIcon, StarIcon } from "../components/icons";
import { PORTFOLIO_LABELS } from "../lib/labels";
import { isEmail } from "../lib/validation";
import type { FeedbackPrefill } from "./feedback-link";

type Values = { name: string; email: string; rating: number; message: string; service_category: string };
type Field = keyof Values;
type Problem = { field: Field; message: string };

/** Section 5, in order: the first failing rule is the one shown (after trimming). */
export function firstProblem(v: Values): Problem | null {
  const m = MESSAGES.feedback;
  if (!v.name.trim()) return { field: "name", message: m.nameRequired };
  if (!v.email.trim()) return { field: "email", message: m.emailRequired };
  if (!isEmail(v.email)) return { field: "email", message: m.emailInvalid };
  if (v.rating < RATING.min || v.rating > RATING.max) return { field: "rating", message: m.ratingRequired };
  if (!v.message.trim()) return { field: "message", message: m.messageRequired };
  return null;
}

const EMPTY: Values = { name: "", email: "", rating: 0, message: "", service_category: "" };

function StarRating({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (v: number) => void;
  error: string | undefined;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  const errorId = useId();
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-white/85">Rating</legend>
      <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            onMouseEnter={() => setHover(n)}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name="feedback-rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            <StarIcon
              className={`h-8 w-8 transition ${n <= shown ? "scale-105 text-accent" : "text-white/20"}`}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function FeedbackForm({
  onClose,
  onSubmittingChange,
  initial,
}: {
  onClose: () => void;
  onSubmittingChange: (v: boolean) => void;
  initial?: FeedbackPrefill | null;
}) {
  const utils = trpc.useUtils();
  const submit = trpc.feedback.submit.useMutation();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...initial }));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);

  useEffect(() => {
    if (!thanks) return;
    const timer = setTimeout(() => {
      onClose();
      void utils.feedback.approved.invalidate();
      void utils.feedback.summary.invalidate();
    }, TIMINGS.feedbackSuccessCloseMs);
    return () => clearTimeout(timer);
  }, [thanks, onClose, utils]);

  const change = <K extends Field>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblem(null);
    setServerError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = firstProblem(values);
    setProblem(found);
    setServerError(null);
    if (found) return;
    onSubmittingChange(true);
    try {
      const answer = await submit.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        rating: values.rating,
        message: values.message.trim(),
        service_category: values.service_category as (typeof FEEDBACK_CATEGORIES)[number] | "",
      });
      setThanks(answer.message || MESSAGES.feedback.submitted);
    } catch (error) {
      // An answer from the server carries its reason; a failed request gets the retry message.
      setServerError(
        error instanceof TRPCClientError && error.data
          ? error.message || MESSAGES.feedback.failed
          : MESSAGES.feedback.failedRetry,
      );
    } finally {
      onSubmittingChange(false);
    }
  };

  if (thanks) {
    return (
      <div className="py-8 text-center" role="status">
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
          <CheckIcon className="h-8 w-8" />
        </span>
        <p className="mt-5 font-display text-2xl font-bold text-white">Thank You!</p>
        <p className="mt-2 text-white/75">{thanks}</p>
      </div>
    );
  }

  // The first problem, in the specification's order, shows under its own field.
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => change("name", e.target.value)}
        error={errorOf("name")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => change("email", e.target.value)}
        error={errorOf("email")}
      />
      <StarRating value={values.rating} onChange={(n) => change("rating", n)} error={errorOf("rating")} />
      <TextAreaField
        label="Message"
        rows={4}
        value={values.message}
        onChange={(e) => change("message", e.target.value)}
        error={errorOf("message")}
        placeholder="How was working with us?"
      />
      <SelectField
        label="Service Category"
        value={values.service_category}
        onChange={(e) => change("service_category", e.target.value)}
      >
        <option value="">General</option>
        {FEEDBACK_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {PORTFOLIO_LABELS[c]}
          </option>
        ))}
      </SelectField>
      {serverError ? (
        <p
          id="feedback-error"
          role="alert"
          className="rounded-xl border border-red-500/30 bg-red-950/50 px-4 py-3 text-sm text-red-100"
        >
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end pt-2">
        <button
          type="submit"
          disabled={submit.isPending}
          className="rounded-full bg-accent px-7 py-3 font-semibold text-black transition hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
        >
          {submit.isPending ? "Submitting..." : "Submit Feedback"}
        </button>
      </div>
    </form>
  );
}

/** Feedback dialog (lazy chunk): editing → submitting (cannot close) → Thank You → closes after 2 s. */
export default function FeedbackDialog({
  onClose,
  initial,
}: {
  onClose: () => void;
  /** Filled in from the link in the studio's "thank you" e-mail (feedback-link.ts). */
  initial?: FeedbackPrefill | null;
}) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <DataProvider>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Share Your Experience"
        description="Your feedback is published after a quick review."
        locked={submitting}
      >
        <FeedbackForm onClose={onClose} onSubmittingChange={setSubmitting} initial={initial} />
      </Dialog>
    </DataProvider>
  );
}
