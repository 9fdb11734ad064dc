import {
  type AdminListItem,
  type AdminUserDto,
  type InviteListItem,
  MESSAGES,
  ZAdminProfileInput,
  ZChangePasswordInput,
} from "@studio/validators";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { clearSession, getStoredUser, getToken, storeSession } from "../../lib/auth-storage";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { PasswordField } from "../password-field";
import { useConfirm } from "../ui/confirm-dialog";
import { FormError, issueErrors, useFormFields } from "../ui/form-fields";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { Section } from "../ui/section";

const t = MESSAGES.admin.team;
const serverError = MESSAGES.common.serverError;

function Success({ message }: { message: string | null }) {
  return (
    <p role="status" className={message ? "text-sm text-green-300" : "sr-only"}>
      {message ?? ""}
    </p>
  );
}

function RoleBadge({ role }: { role: AdminUserDto["role"] }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        role === "owner"
          ? "bg-accent/15 text-amber-200 ring-accent/40"
          : "bg-white/10 text-white ring-white/20"
      }`}
    >
      {role === "owner" ? t.owner : t.admin}
    </span>
  );
}

const INVITE_TONES: Record<InviteListItem["status"], string> = {
  active: "bg-green-500/15 text-green-200 ring-green-500/40",
  used: "bg-blue-500/15 text-blue-200 ring-blue-500/40",
  expired: "bg-zinc-500/20 text-zinc-200 ring-zinc-400/40",
  revoked: "bg-red-500/15 text-red-200 ring-red-500/40",
};

/**
 * My name and e-mail; the shell's header and the stored session follow the change. A new e-mail needs my current
 * password and is used only once the link mailed to it confirms it: until then it shows as pending.
 */
function DetailsForm({ user }: { user: AdminUserDto }) {
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const pending = trpc.auth.pendingEmail.useQuery();
  const { form, setForm, errors, setErrors, field } = useFormFields({
    name: user.name,
    email: user.email,
    current_password: "",
  });
  const [done, setDone] = useState<string | null>(null);
  const changesEmail = form.email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = ZAdminProfileInput.safeParse({
      name: form.name,
      email: form.email,
      current_password: changesEmail ? form.current_password : undefined,
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    if (changesEmail && !form.current_password)
      return setErrors({ current_password: MESSAGES.auth.currentPasswordForEmail });
    try {
      const saved = await update.mutateAsync(parsed.data);
      utils.auth.me.setData(undefined, saved.user);
      utils.auth.pendingEmail.setData(undefined, { pending_email: saved.pending_email });
      const token = getToken();
      if (token) storeSession(token, saved.user);
      void utils.admins.list.invalidate();
      setForm({ name: saved.user.name, email: saved.user.email, current_password: "" });
      setDone(saved.message);
    } catch (error) {
      setErrors(callErrors(error, serverError));
    }
  };

  const pendingEmail = pending.data?.pending_email ?? null;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="team-details" className="grid content-start gap-4">
      <h3 id="team-details" className="text-sm font-semibold text-white/85">
        {t.details}
      </h3>
      <TextField label={t.name} autoComplete="name" {...field("name")} />
      <div className="grid gap-1.5">
        <TextField label={t.email} type="email" autoComplete="email" {...field("email")} />
        {pendingEmail ? (
          <p className="text-sm break-words text-amber-200">
            {MESSAGES.auth.emailPendingConfirmation(pendingEmail)}
          </p>
        ) : null}
      </div>
      {changesEmail ? (
        <PasswordField
          label={t.currentPassword}
          autoComplete="current-password"
          {...field("current_password")}
        />
      ) : null}
      <FormError message={errors._} />
      <Success message={done} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? MESSAGES.admin.common.saving : t.saveDetails}
        </Button>
      </div>
    </form>
  );
}

/** Current password required; the server ends every other session of mine and keeps this one. */
function PasswordForm() {
  const change = trpc.auth.changePassword.useMutation();
  const empty = { current: "", next: "", confirm: "" };
  const { form, setForm, errors, setErrors, field } = useFormFields(empty);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = ZChangePasswordInput.safeParse({ current: form.current, next: form.next });
    const found = parsed.success ? {} : issueErrors(parsed.error.issues);
    if (!found.next && form.next !== form.confirm) found.confirm = MESSAGES.auth.passwordsDoNotMatch;
    if (!parsed.success || Object.keys(found).length) return setErrors(found);
    try {
      const result = await change.mutateAsync(parsed.data);
      setForm(empty);
      setDone(result.message);
    } catch (error) {
      setErrors(callErrors(error, serverError));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="team-password" className="grid content-start gap-4">
      <h3 id="team-password" className="text-sm font-semibold text-white/85">
        {t.changePassword}
      </h3>
      <PasswordField label={t.currentPassword} autoComplete="current-password" {...field("current")} />
      <PasswordField label={t.newPassword} autoComplete="new-password" {...field("next")} />
      <PasswordField label={t.confirmPassword} autoComplete="new-password" {...field("confirm")} />
      <FormError message={errors._} />
      <Success message={done} />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? MESSAGES.admin.common.saving : t.changePassword}
        </Button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [dialog, ask] = useConfirm();
  const signOut = trpc.auth.signOutEverywhere.useMutation();

  const onClick = async () => {
    const ok = await ask({
      title: t.signOutEverywhere,
      message: t.signOutEverywhereConfirm,
      confirmLabel: t.signOutEverywhere,
    });
    if (!ok) return;
    try {
      await signOut.mutateAsync();
    } catch (error) {
      return toast.show(errorMessage(error, serverError), "error");
    }
    // As the Logout button does: forget the token and leave before the cache is dropped.
    clearSession();
    navigate("/admin/login", { replace: true });
    await queryClient.cancelQueries();
    queryClient.clear();
  };

  return (
    <div className="flex flex-col gap-3 border-t border-ink-line pt-4 @xl:flex-row @xl:items-center @xl:justify-between">
      <div>
        <h3 className="text-sm font-semibold text-white/85">{t.sessions}</h3>
        <p className="mt-1 text-sm text-white/70">{t.sessionsText}</p>
      </div>
      <Button
        variant="danger"
        onClick={onClick}
        disabled={signOut.isPending}
        className="shrink-0 self-start @xl:self-auto"
      >
        {t.signOutEverywhere}
      </Button>
      {dialog}
    </div>
  );
}

function AdminsList({ me }: { me: AdminUserDto | null }) {
  const instantText = useInstantFormat();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [dialog, ask] = useConfirm();
  const admins = trpc.admins.list.useQuery();
  const remove = trpc.admins.remove.useMutation();
  const transfer = trpc.admins.transferOwnership.useMutation();
  const isOwner = me?.role === "owner";

  const onRemove = async (admin: AdminListItem) => {
    const ok = await ask({
      title: t.removeTitle,
      message: t.removeConfirm(admin.name, admin.email),
      confirmLabel: t.remove,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: admin.id });
      toast.show(MESSAGES.auth.adminRemoved, "success");
    } catch (error) {
      toast.show(errorMessage(error, serverError), "error");
    }
    await utils.admins.list.invalidate();
  };

  const onTransfer = async (admin: AdminListItem) => {
    const ok = await ask({
      title: t.transferTitle,
      message: t.transferConfirm(admin.name),
      confirmLabel: t.makeOwner,
      variant: "primary",
    });
    if (!ok) return;
    try {
      const list = await transfer.mutateAsync({ id: admin.id });
      utils.admins.list.setData(undefined, list);
      const mine = list.find((a) => a.id === me?.id);
      if (mine) {
        const user = { id: mine.id, name: mine.name, email: mine.email, role: mine.role };
        utils.auth.me.setData(undefined, user);
        const token = getToken();
        if (token) storeSession(token, user);
      }
      toast.show(MESSAGES.auth.ownershipTransferred, "success");
    } catch (error) {
      toast.show(errorMessage(error, serverError), "error");
      await utils.admins.list.invalidate();
    }
  };

  if (admins.isPending)
    return (
      <p role="status" className="flex items-center gap-3 text-white/70">
        <Spinner /> {MESSAGES.admin.common.loading}
      </p>
    );
  if (admins.isError) return <FormError message={errorMessage(admins.error, t.loadFailed)} />;

  return (
    <>
      {isOwner ? null : <p className="mb-3 text-sm text-white/70">{t.ownerHint}</p>}
      <ul className="divide-y divide-ink-line rounded-xl border border-ink-line" aria-label={t.admins}>
        {admins.data.map((admin) => {
          const self = admin.id === me?.id;
          return (
            <li
              key={admin.id}
              data-testid="admin-row"
              className="flex flex-col gap-3 p-4 @xl:flex-row @xl:items-center @xl:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                  <span className="break-words">{admin.name}</span>
                  {self ? <span className="text-sm font-normal text-white/60">{t.you}</span> : null}
                  <RoleBadge role={admin.role} />
                </p>
                <p className="break-all text-sm text-white/75">{admin.email}</p>
                <p className="mt-1 text-xs text-white/60">
                  {t.columns.lastSignIn}:{" "}
                  {admin.last_sign_in_at ? (
                    <time dateTime={admin.last_sign_in_at}>{instantText(admin.last_sign_in_at)}</time>
                  ) : (
                    t.never
                  )}
                </p>
              </div>
              {isOwner && !self ? (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t.makeOwnerOf(admin.name)}
                    onClick={() => onTransfer(admin)}
                    disabled={transfer.isPending}
                  >
                    {t.makeOwner}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t.removeAdmin(admin.name)}
                    onClick={() => onRemove(admin)}
                    disabled={remove.isPending}
                  >
                    {t.remove}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {dialog}
    </>
  );
}

function InvitesList() {
  const instantText = useInstantFormat();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [dialog, ask] = useConfirm();
  const invites = trpc.admins.invites.useQuery();
  const create = trpc.auth.createInvite.useMutation();
  const revoke = trpc.admins.revokeInvite.useMutation();
  const [created, setCreated] = useState<{ code: string; expires_at: string } | null>(null);

  const onCreate = async () => {
    try {
      setCreated(await create.mutateAsync());
      await utils.admins.invites.invalidate();
    } catch (error) {
      toast.show(errorMessage(error, serverError), "error");
    }
  };

  const onRevoke = async (invite: InviteListItem) => {
    const ok = await ask({
      title: t.revokeTitle,
      message: t.revokeConfirm(invite.id),
      confirmLabel: t.revoke,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync({ id: invite.id });
      toast.show(MESSAGES.auth.inviteRevoked, "success");
    } catch (error) {
      toast.show(errorMessage(error, serverError), "error");
    }
    await utils.admins.invites.invalidate();
  };

  return (
    <>
      <div className="mb-4 flex flex-col gap-3">
        <div>
          <Button size="sm" onClick={onCreate} disabled={create.isPending}>
            {create.isPending ? MESSAGES.admin.confirmDialog.working : t.createInvite}
          </Button>
        </div>
        {created ? (
          <div className="rounded-xl border border-accent/40 bg-ink p-3">
            <p className="text-xs text-white/70">{t.newCode}</p>
            <p
              className="mt-1 select-all break-all font-mono text-sm text-amber-300"
              data-testid="invite-code"
            >
              {created.code}
            </p>
            <p className="mt-1 text-xs text-white/60">{t.validUntil(instantText(created.expires_at))}</p>
          </div>
        ) : null}
      </div>
      {invites.isPending ? (
        <p role="status" className="flex items-center gap-3 text-white/70">
          <Spinner /> {MESSAGES.admin.common.loading}
        </p>
      ) : invites.isError ? (
        <FormError message={errorMessage(invites.error, t.loadFailed)} />
      ) : invites.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-line p-4 text-sm text-white/70">
          {t.noInvites}
        </p>
      ) : (
        <ul className="divide-y divide-ink-line rounded-xl border border-ink-line" aria-label={t.invites}>
          {invites.data.map((invite) => (
            <li
              key={invite.id}
              data-testid="invite-row"
              className="flex flex-col gap-3 p-4 @xl:flex-row @xl:items-center @xl:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm text-white">{t.maskedCode(invite.id)}</span>
                  <span
                    data-status={invite.status}
                    className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${INVITE_TONES[invite.status]}`}
                  >
                    {t.status[invite.status]}
                  </span>
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-white/70">
                  <dt className="text-white/55">{t.inviteColumns.created}</dt>
                  <dd>
                    {instantText(invite.created_at)} {t.createdBy(invite.created_by)}
                  </dd>
                  <dt className="text-white/55">{t.inviteColumns.expires}</dt>
                  <dd>{instantText(invite.expires_at)}</dd>
                  <dt className="text-white/55">{t.inviteColumns.usedBy}</dt>
                  <dd className="break-all">
                    {invite.used_by_email
                      ? `${invite.used_by_email}${invite.used_at ? ` ${t.usedAt(instantText(invite.used_at))}` : ""}`
                      : t.notUsed}
                  </dd>
                  {invite.revoked_at ? (
                    <>
                      <dt className="text-white/55">{t.status.revoked}</dt>
                      <dd>{instantText(invite.revoked_at)}</dd>
                    </>
                  ) : null}
                </dl>
              </div>
              {invite.status === "active" ? (
                <div className="shrink-0">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t.revokeInvite(invite.id)}
                    onClick={() => onRevoke(invite)}
                    disabled={revoke.isPending}
                  >
                    {t.revoke}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </>
  );
}

/** The Team page: my account, the studio's admins (owner: remove, transfer ownership) and invite codes. */
export default function TeamPage() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data ?? getStoredUser();

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="grid gap-6">
        <Section bodyClassName="@container" id="team-account" title={t.account}>
          <div className="grid gap-8 lg:grid-cols-2">
            {user ? <DetailsForm key={user.id} user={user} /> : null}
            <PasswordForm />
          </div>
          <div className="mt-6">
            <SignOutEverywhere />
          </div>
        </Section>
        <Section bodyClassName="@container" id="team-admins" title={t.admins}>
          <AdminsList me={user} />
        </Section>
        <Section bodyClassName="@container" id="team-invites" title={t.invites} text={t.invitesText}>
          <InvitesList />
        </Section>
      </div>
    </div>
  );
}
