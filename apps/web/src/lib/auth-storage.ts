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

/** Any 401 on an API call: forget the admin session and go to the sign-in page. */
export function handleUnauthorized(): void {
  clearSession();
  if (window.location.pathname !== "/admin/login") window.location.assign("/admin/login");
}
