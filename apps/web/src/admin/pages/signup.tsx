import { MESSAGES, ZSignupForm } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { storeSession } from "../../lib/auth-storage";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { AuthCard } from "../auth-card";
import { PasswordField } from "../password-field";

type Form = { name: string; email: string; password: string; confirmPassword: string; invite_code: string };
const EMPTY: Form = { name: "", email: "", password: "", confirmPassword: "", invite_code: "" };

export default function SignupPage() {
  usePageMeta("Admin sign up — Studio", "Create an account for the Studio back office.");
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form | "_", string>>>({});
  const status = trpc.auth.signupStatus.useQuery();
  const register = trpc.auth.register.useMutation();
  const inviteRequired = status.data?.inviteRequired ?? false;

  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSignupForm.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      // The confirmation is never sent.
      const result = await register.mutateAsync({
        name: form.name,
        email: form.email,
        password: form.password,
        invite_code: form.invite_code.trim() || undefined,
      });
      storeSession(result.token, result.user);
      navigate("/admin/dashboard", { replace: true });
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: errorMessage(e, MESSAGES.auth.registerFailed) });
    }
  };

  return (
    <AuthCard
      title="Create Admin Account"
      subtitle={
        inviteRequired
          ? "Sign-up is by invitation: enter the invite code you were given."
          : "The first account becomes the studio owner."
      }
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <TextField
          label="Full Name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set("name")(e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set("email")(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          value={form.password}
          onChange={set("password")}
          autoComplete="new-password"
          error={errors.password}
        />
        <PasswordField
          label="Confirm Password"
          value={form.confirmPassword}
          onChange={set("confirmPassword")}
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        {inviteRequired ? (
          <TextField
            label="Invite Code"
            autoComplete="off"
            value={form.invite_code}
            onChange={(e) => set("invite_code")(e.target.value)}
            error={errors.invite_code}
          />
        ) : null}
        {errors._ ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-950/60 px-3 py-2 text-sm text-red-200"
          >
            {errors._}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-white/70">
        Already have an account?{" "}
        <Link to="/admin/login" className="font-semibold text-accent hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
