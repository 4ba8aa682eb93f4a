import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client';
import { bearer } from './admin-request';

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

/**
 * Asks the server to end `token` for good. The console forgets it at once either way; where the
 * call fails (offline, server down) the token still ends at its expiry.
 */
function endOnServer(token: string) {
  void api.POST('/api/admin/logout', { headers: bearer(token) }).catch(() => undefined);
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
    if (token) endOnServer(token);
    storeToken(null);
    setExpired(false);
    setToken(null);
  }, [token]);

  const expire = useCallback(() => {
    storeToken(null);
    setExpired(true);
    setToken(null);
  }, []);

  return { token, expired, logIn, logOut, expire };
}
