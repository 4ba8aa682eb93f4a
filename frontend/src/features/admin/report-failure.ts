import { showToast } from '../../components/toaster';
import { isUnauthorized } from './api/admin-request';

/**
 * A failed admin call: a rejected session sends the admin back to the login form, with nothing to
 * toast; any other failure is toasted as `toast` says.
 */
export function reportFailure(
  error: unknown,
  onSessionExpired: () => void,
  toast: { title: string; description: string },
): void {
  if (isUnauthorized(error)) onSessionExpired();
  else showToast({ type: 'error', ...toast });
}
