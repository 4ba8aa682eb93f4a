import { useEffect } from 'react';
import { isUnauthorized } from './api/admin-request';

/** A list whose load was refused for the token sends the admin back to the login form. */
export function useExpireOnUnauthorized(error: unknown, onSessionExpired: () => void) {
  useEffect(() => {
    if (isUnauthorized(error)) onSessionExpired();
  }, [error, onSessionExpired]);
}
