import type { AdminUserDto } from "@studio/validators";

/** Local-storage keys of the specification: an admin token and an admin user record. */
export const TOKEN_KEY = "adminToken";
export const USER_KEY = "adminUser";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredUser(): AdminUserDto | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as AdminUserDto) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: AdminUserDto): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/**
 * A 401 on an API call made with a stored session (expired or revoked token): forget it and go to the
 * sign-in page. Without a stored session the admin has already signed out and is on the way there.
 */
export function handleUnauthorized(): void {
  if (!getToken()) return;
  clearSession();
  if (window.location.pathname !== "/admin/login") window.location.assign("/admin/login");
}
