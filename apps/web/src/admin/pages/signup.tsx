import { MESSAGES, ZSignupForm } from "@studio/validators";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { storeSession } from "../../lib/auth-storage";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { AuthCard } from "../auth-card";
import { PasswordField } from "../password-field";
import { FormError, issueErrors, useFormFields } from "../ui/form-fields";

type Form = { name: string; email: string; password: string; confirmPassword: string; invite_code: string };
const EMPTY: Form = { name: "", email: "", password: "", confirmPassword: "", invite_code: "" };

export default function SignupPage() {
  usePageMeta("Admin sign up — Studio", "Create an account for the Studio back office.");
  const navigate = useNavigate();
  const { form, errors, setErrors, field } = useFormFields<Form>(EMPTY);
  const status = trpc.auth.signupStatus.useQuery();
  const register = trpc.auth.register.useMutation();
  const inviteRequired = status.data?.inviteRequired ?? false;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSignupForm.safeParse(form);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
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
        <TextField label="Full Name" autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <PasswordField label="Password" autoComplete="new-password" {...field("password")} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field("confirmPassword")} />
        {inviteRequired ? (
          <TextField label="Invite Code" autoComplete="off" {...field("invite_code")} />
        ) : null}
        <FormError message={errors._} />
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
