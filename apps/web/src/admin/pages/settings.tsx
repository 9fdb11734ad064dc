import {
  MESSAGES,
  SOCIAL_NETWORK_INFO,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  STUDIO_PROFILE_LIMITS,
  type StudioProfile,
  type StudioProfileUpdate,
  ZStudioProfileUpdate,
} from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { FormError, type FormErrors } from "../ui/form-fields";
import { Icon } from "../ui/icons";
import { MediaUpload } from "../ui/media-upload";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { LocationPicker } from "./settings-map";
import { Section } from "../ui/section";

const s = MESSAGES.admin.settings;
const L = STUDIO_PROFILE_LIMITS;

/** The form's values: what the inputs hold (numbers as typed). */
type Form = {
  name: string;
  tagline: string;
  addressLines: string[];
  city: string;
  region: string;
  country: string;
  phones: string[];
  emails: string[];
  socials: Record<SocialNetwork, string>;
  latitude: string;
  longitude: string;
  zoom: string;
  about: string;
  hoursNote: string;
  replyPromise: string;
  logo: string | null;
};

function toForm(profile: StudioProfile): Form {
  // What follows other settings (the schedule's hours, the zone, the cut-off) is not the form's.
  const { openingHours: _h, timeZone: _z, changeCutoffHours: _c, updated_at: _u, ...saved } = profile;
  return {
    ...saved,
    latitude: String(profile.latitude),
    longitude: String(profile.longitude),
    zoom: String(profile.zoom),
  };
}

/** Blank list rows are dropped before checking, so each error's index is the row's own. */
function compact(form: Form): Form {
  const rows = (list: string[]) => {
    const kept = list.filter((v) => v.trim() !== "");
    return kept.length ? kept : [""];
  };
  return {
    ...form,
    addressLines: rows(form.addressLines),
    phones: rows(form.phones),
    emails: rows(form.emails),
  };
}

function toInput(form: Form): StudioProfileUpdate {
  const list = (values: string[]) => values.filter((v) => v.trim() !== "");
  return {
    ...form,
    addressLines: list(form.addressLines),
    phones: list(form.phones),
    emails: list(form.emails),
  };
}

/** Errors by field path ("phones.1", "socials.instagram"), the first per path. */
function pathErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return errors;
}

/** A list of like inputs (address lines, phones, e-mails) with add and remove. */
function ListFields({
  name,
  values,
  max,
  label,
  addLabel,
  type = "text",
  autoComplete,
  errors,
  onChange,
}: {
  name: "addressLines" | "phones" | "emails";
  values: string[];
  max: number;
  label: (n: number) => string;
  addLabel: string;
  type?: string;
  autoComplete?: string;
  errors: FormErrors;
  onChange: (values: string[]) => void;
}) {
  const listError = errors[name];
  return (
    <div className="grid grid-cols-1 gap-3">
      {values.map((value, index) => (
        // Rows are positional: their index is their identity (the server names errors by it).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="flex items-start gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={label(index + 1)}
            type={type}
            autoComplete={autoComplete}
            value={value}
            maxLength={name === "addressLines" ? L.line : undefined}
            error={errors[`${name}.${index}`] ?? (index === 0 ? listError : undefined)}
            onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
          />
          {values.length > 1 ? (
            <button
              type="button"
              onClick={() => onChange(values.filter((_, i) => i !== index))}
              aria-label={s.remove(label(index + 1))}
              className="mt-7 rounded-full p-2.5 text-white/70 hover:bg-white/10 hover:text-white"
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      ))}
      {values.length < max ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onChange([...values, ""])}>
            {addLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ProfileForm({ profile }: { profile: StudioProfile }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const save = trpc.studio.updateProfile.useMutation();
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploading, setUploading] = useState(false);

  /** Sets one value; its errors (and the form's own message) go. */
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const next: FormErrors = {};
      for (const [path, message] of Object.entries(e))
        if (path !== "_" && path !== key && !path.startsWith(`${String(key)}.`)) next[path] = message;
      return next;
    });
  };
  const text = (
    key: "name" | "tagline" | "city" | "region" | "country" | "about" | "hoursNote" | "replyPromise",
  ) => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const current = compact(form);
    setForm(current);
    const parsed = ZStudioProfileUpdate.safeParse(toInput(current));
    if (!parsed.success) {
      setErrors(pathErrors(parsed.error.issues));
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      // The public pages of this tab read the same query: they show the change at once.
      utils.site.profile.setData(undefined, saved);
      setForm(toForm(saved));
      setErrors({});
      toast.show(s.saved, "success");
    } catch (error) {
      setErrors(callErrors(error, s.saveFailed));
    }
  };

  const errorCount = Object.values(errors).filter(Boolean).length;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={s.title} className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section bodyClassName="grid grid-cols-1 gap-4" id="settings-identity" title={s.identity}>
          <TextField label={s.name} autoComplete="organization" maxLength={L.name} {...text("name")} />
          <TextField label={s.tagline} maxLength={L.tagline} {...text("tagline")} />
          <div>
            <MediaUpload
              label={s.logo}
              endpoint="/api/services/upload-image"
              accept="image/png,image/jpeg,image/gif,image/webp"
              value={form.logo}
              onChange={(url) => set("logo", url)}
              onBusyChange={setUploading}
              hint={s.logoHint}
            />
            {errors.logo ? (
              <p role="alert" className="mt-1 text-sm text-red-400">
                {errors.logo}
              </p>
            ) : null}
          </div>
        </Section>

        <Section bodyClassName="grid grid-cols-1 gap-4" id="settings-address" title={s.address}>
          <ListFields
            name="addressLines"
            values={form.addressLines}
            max={L.addressLines}
            label={s.addressLine}
            addLabel={s.addLine}
            autoComplete="off"
            errors={errors}
            onChange={(v) => set("addressLines", v)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={s.city} maxLength={L.line} {...text("city")} />
            <TextField label={s.region} maxLength={L.line} {...text("region")} />
          </div>
          <TextField label={s.country} maxLength={L.line} {...text("country")} />
        </Section>

        <Section bodyClassName="grid grid-cols-1 gap-4" id="settings-contact" title={s.contact}>
          <ListFields
            name="phones"
            values={form.phones}
            max={L.phones}
            label={s.phone}
            addLabel={s.addPhone}
            type="tel"
            autoComplete="off"
            errors={errors}
            onChange={(v) => set("phones", v)}
          />
          <ListFields
            name="emails"
            values={form.emails}
            max={L.emails}
            label={s.email}
            addLabel={s.addEmail}
            type="email"
            autoComplete="off"
            errors={errors}
            onChange={(v) => set("emails", v)}
          />
        </Section>

        <Section
          bodyClassName="grid grid-cols-1 gap-4"
          id="settings-socials"
          title={s.socials}
          text={s.socialsHint}
        >
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={SOCIAL_NETWORK_INFO[network].label}
              type="url"
              inputMode="url"
              placeholder={`https://${SOCIAL_NETWORK_INFO[network].hosts[0]}/…`}
              value={form.socials[network]}
              error={errors[`socials.${network}`]}
              onChange={(e) => {
                const value = e.target.value;
                setForm((f) => ({ ...f, socials: { ...f.socials, [network]: value } }));
                setErrors((prev) => ({ ...prev, [`socials.${network}`]: "", _: "" }));
              }}
            />
          ))}
        </Section>
      </div>

      <Section bodyClassName="grid grid-cols-1 gap-4" id="settings-map" title={s.map} text={s.mapHint}>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <LocationPicker
            latitude={form.latitude}
            longitude={form.longitude}
            zoom={form.zoom}
            onPick={(lat, lng) => {
              set("latitude", lat);
              set("longitude", lng);
            }}
            onZoom={(zoom) => set("zoom", zoom)}
          />
          <div className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
            <TextField
              label={s.latitude}
              inputMode="decimal"
              value={form.latitude}
              error={errors.latitude}
              onChange={(e) => set("latitude", e.target.value)}
            />
            <TextField
              label={s.longitude}
              inputMode="decimal"
              value={form.longitude}
              error={errors.longitude}
              onChange={(e) => set("longitude", e.target.value)}
            />
            <TextField
              label={s.zoom}
              inputMode="numeric"
              value={form.zoom}
              error={errors.zoom}
              onChange={(e) => set("zoom", e.target.value)}
            />
          </div>
        </div>
      </Section>

      <Section
        bodyClassName="grid grid-cols-1 gap-4"
        id="settings-about"
        title={s.aboutSection}
        text={s.aboutHint}
      >
        <TextAreaField label={s.about} rows={8} maxLength={L.about} {...text("about")} />
      </Section>

      <Section bodyClassName="grid grid-cols-1 gap-4" id="settings-hours" title={s.hours} text={s.hoursHint}>
        <TextField label={s.hoursNote} maxLength={L.hoursNote} {...text("hoursNote")} />
        <TextAreaField label={s.replyPromise} rows={3} maxLength={L.replyPromise} {...text("replyPromise")} />
      </Section>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-ink-line bg-ink/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <FormError
          message={errors._ ?? (errorCount ? MESSAGES.common.invalidInput : undefined)}
          className="mr-auto"
        />
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? MESSAGES.admin.common.saving : s.save}
        </Button>
      </div>
    </form>
  );
}

/** The studio profile: every detail the public site shows about the studio. */
export default function SettingsPage() {
  const instantText = useInstantFormat();
  const profile = trpc.site.profile.useQuery(undefined, { staleTime: 0 });
  // The public pages' provider seeds this query with the page's first profile (time 0): the form waits for
  // the server's. Later refetches do not reset what is being typed; a save puts its answer in the form.
  const loaded = profile.data !== undefined && profile.dataUpdatedAt > 0;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={s.title}
        subtitle={
          <>
            {s.subtitle}{" "}
            {loaded ? (
              <span className="text-white/55">
                {profile.data.updated_at ? s.lastSaved(instantText(profile.data.updated_at)) : s.neverSaved}
              </span>
            ) : null}
          </>
        }
      />
      {profile.isError && !loaded ? (
        <div className="grid justify-items-start gap-3">
          <FormError message={errorMessage(profile.error, s.loadFailed)} />
          <Button variant="secondary" onClick={() => profile.refetch()}>
            {MESSAGES.admin.common.retry}
          </Button>
        </div>
      ) : !loaded ? (
        <p role="status" className="flex items-center gap-3 py-10 text-white/70">
          <Spinner /> {MESSAGES.admin.common.loading}
        </p>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </div>
  );
}
