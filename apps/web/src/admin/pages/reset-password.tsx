import { MESSAGES, ZPassword } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { errorMessage, trpc } from "../../lib/trpc";
import { AuthCard } from "../auth-card";
import { PasswordField } from "../password-field";
import { FormError } from "../ui/form-fields";

const m = MESSAGES.auth;

function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm text-white/70">
      <Link to="/admin/login" className="font-semibold text-accent hover:underline">
        {m.backToSignIn}
      </Link>
    </p>
  );
}

/** "Forgot password?": asks for the address; the answer is the same whether or not an account has it. */
function RequestLink() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const request = trpc.auth.requestPasswordReset.useMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setDone((await request.mutateAsync({ email })).message);
    } catch (e) {
      setError(errorMessage(e, MESSAGES.common.serverError));
    }
  };
  return (
    <AuthCard title={m.resetTitle} subtitle={m.resetRequestSubtitle}>
      {done ? (
        <p role="status" className="rounded-lg bg-white/5 px-4 py-3 text-sm text-white/85">
          {done}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <FormError message={error} />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? m.sendingResetLink : m.sendResetLink}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

/** The link from the e-mail: a new password, twice. */
function ChoosePassword({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "confirm"; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = trpc.auth.resetPassword.useMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) {
      return setProblem({
        field: "password",
        message: parsed.error.issues[0]?.message ?? m.passwordRequired,
      });
    }
    if (password !== confirm) return setProblem({ field: "confirm", message: m.passwordsDoNotMatch });
    setProblem(null);
    try {
      setDone((await reset.mutateAsync({ token, password })).message);
    } catch (e) {
      setError(errorMessage(e, MESSAGES.common.serverError));
    }
  };
  return (
    <AuthCard title={m.resetTitle} subtitle={m.resetChooseSubtitle}>
      {done ? (
        <p role="status" className="rounded-lg bg-white/5 px-4 py-3 text-sm text-white/85">
          {done}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <PasswordField
            label={m.newPassword}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problem?.field === "password" ? problem.message : null}
            autoComplete="new-password"
          />
          <PasswordField
            label={m.confirmNewPassword}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={problem?.field === "confirm" ? problem.message : null}
            autoComplete="new-password"
          />
          <FormError message={error} />
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? m.settingNewPassword : m.setNewPassword}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  usePageMeta("Reset password — Studio", "Choose a new password for the Studio back office.");
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <ChoosePassword token={token} /> : <RequestLink />;
}
