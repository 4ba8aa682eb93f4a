import { useCallback, useState } from 'react';

export const ADMIN_TOKEN_STORAGE_KEY = 'giftcast-admin-token';

function readToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The admin's bearer token, kept in localStorage so a reload stays logged in. */
export function useAdminSession() {
  const [token, setToken] = useState<string | null>(readToken);

  const logIn = useCallback((newToken: string) => {
    try {
      localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, newToken);
    } catch {
      // Logged in for this page view only.
    }
    setToken(newToken);
  }, []);

  const logOut = useCallback(() => {
    try {
      localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
    setToken(null);
  }, []);

  return { token, logIn, logOut };
}
