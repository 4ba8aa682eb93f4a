import { useMutation } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n';
import { videoPath } from './message';

/** DELETE the message with the key only its giver's browser holds; the code is unused again. */
export function useTakeBack(qrToken: string) {
  return useMutation({
    mutationFn: async (ownerKey: string): Promise<void> => {
      const res = await fetch(videoPath(qrToken), {
        method: 'DELETE',
        headers: { 'X-Owner-Key': ownerKey, 'Accept-Language': currentLanguage() },
        credentials: 'include',
      });
      // The api client's error form, so that errorMessage() finds the server's text.
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    },
  });
}
