import { useCallback, useState } from 'react';

export const ADMIN_TOKEN_STORAGE_KEY = 'giftcast-admin-token';

function readToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    // Storage blocked: the session lasts for this page view only.
  }
}

/** The admin's bearer token, kept in localStorage so a reload stays logged in. */
export function useAdminSession() {
  const [token, setToken] = useState<string | null>(readToken);
  // Set when the server rejected the token, so the login form can say why it is back.
  const [expired, setExpired] = useState(false);

  const logIn = useCallback((newToken: string) => {
    storeToken(newToken);
    setExpired(false);
    setToken(newToken);
  }, []);

  const logOut = useCallback(() => {
    storeToken(null);
    setExpired(false);
    setToken(null);
  }, []);

  const expire = useCallback(() => {
    storeToken(null);
    setExpired(true);
    setToken(null);
  }, []);

  return { token, expired, logIn, logOut, expire };
}
