import { MESSAGES } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { storeSession } from "../../lib/auth-storage";
import { errorMessage, trpc } from "../../lib/trpc";
import { AuthCard } from "../auth-card";
import { PasswordField } from "../password-field";
import { FormError } from "../ui/form-fields";

export default function LoginPage() {
  usePageMeta("Admin sign in — Studio", "Sign in to the Studio back office.");
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await login.mutateAsync({ email, password });
      storeSession(result.token, result.user);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith("/admin/") ? from : "/admin/dashboard", { replace: true });
    } catch (e) {
      setError(errorMessage(e, MESSAGES.auth.loginFailed));
    }
  };

  return (
    <AuthCard title="Admin Sign In" subtitle="Manage services, portfolio, bookings and feedback.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <PasswordField
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/admin/reset-password" className="text-accent hover:underline">
            {MESSAGES.auth.forgotPassword}
          </Link>
        </p>
        <FormError message={error} />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-white/70">
        Don't have an account?{" "}
        <Link to="/admin/signup" className="font-semibold text-accent hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
