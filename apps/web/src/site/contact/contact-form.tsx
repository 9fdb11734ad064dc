import { CONTACT_SERVICE_TYPES, FORM_PAGE_PATHS, isPhoneNumber, MESSAGES } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { CheckIcon } from "../components/icons";
import { isEmail } from "../lib/validation";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "", serviceType: "" };
type Fields = typeof EMPTY;
type Errors = Partial<Record<keyof Fields, string>>;

function validate(values: Fields): Errors {
  const m = MESSAGES.contact;
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = m.nameRequired;
  if (!values.email.trim()) errors.email = m.emailRequired;
  else if (!isEmail(values.email)) errors.email = m.emailInvalid;
  if (values.phone.trim() && !isPhoneNumber(values.phone)) errors.phone = MESSAGES.common.phoneInvalid;
  if (!values.subject.trim()) errors.subject = m.subjectRequired;
  if (!values.message.trim()) errors.message = m.messageRequired;
  return errors;
}

/** What the form holds now (its fields are uncontrolled: text typed before the page was live is kept). */
function valuesOf(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  const read = (key: keyof Fields) => {
    const value = data.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: read("name"),
    email: read("email"),
    phone: read("phone"),
    subject: read("subject"),
    message: read("message"),
    serviceType: read("serviceType"),
  };
}

/**
 * Contact form: idle → sending → success (form cleared) | error. The API client loads on submit. Without
 * JavaScript (or before the page is live) it is a plain form post to the contact page, which the server answers
 * with a page (apps/server/src/form-pages.ts).
 */
export function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const clear = (key: keyof Fields) => () => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setResult(null);
    const showErrors = (found: Errors) => {
      setErrors(found);
      const first = Object.keys(found)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    };
    const values = valuesOf(form);
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSending(true);
    const api = await import("./contact-api").catch(() => null);
    if (!api) {
      setSending(false);
      setResult({ ok: false, text: MESSAGES.contact.failed });
      return;
    }
    try {
      await api.sendContact({
        name: values.name,
        email: values.email,
        phone: values.phone,
        subject: values.subject,
        message: values.message,
        serviceType: values.serviceType as (typeof CONTACT_SERVICE_TYPES)[number] | "",
      });
      form.reset();
      setErrors({});
      setResult({ ok: true, text: MESSAGES.contact.sent });
    } catch (error) {
      // The server named what is wrong (a subject over the length limit): those fields say it, and nothing
      // else does. Only an answer without a field of this form to point at is a failure to send.
      const named = Object.entries(api.fieldErrors(error)).filter(([key]) => key in EMPTY);
      if (named.length > 0) showErrors(Object.fromEntries(named) as Errors);
      else setResult({ ok: false, text: MESSAGES.contact.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      method="post"
      action={FORM_PAGE_PATHS.contact}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          onChange={clear("name")}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          onChange={clear("email")}
          error={errors.email}
        />
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          onChange={clear("phone")}
          error={errors.phone}
        />
        <SelectField
          label="Service Type (optional)"
          name="serviceType"
          onChange={clear("serviceType")}
          error={errors.serviceType}
        >
          <option value="">Select a service type</option>
          {CONTACT_SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Subject" name="subject" required onChange={clear("subject")} error={errors.subject} />
      <TextAreaField
        label="Message"
        name="message"
        rows={5}
        required
        onChange={clear("message")}
        error={errors.message}
      />
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`flex items-start gap-2 rounded-xl border px-4 py-3 text-sm ${
            result.ok
              ? "border-emerald-500/30 bg-emerald-950/50 text-emerald-100"
              : "border-red-500/30 bg-red-950/50 text-red-100"
          }`}
        >
          {result.ok ? <CheckIcon className="mt-0.5 h-4 w-4 shrink-0" /> : null}
          {result.text}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-accent px-6 py-3.5 font-semibold text-black transition hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
