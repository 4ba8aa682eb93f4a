import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InquiryInput, InquiryKind } from '../inquiry-fields';

/** POST /api/partner or /api/contact; only success or failure matters to the form. */
export function useSubmitInquiry(kind: InquiryKind) {
  return useMutation({
    mutationFn: async (body: InquiryInput): Promise<void> => {
      await (kind === 'partner' ? api.POST('/api/partner', { body }) : api.POST('/api/contact', { body }));
    },
  });
}
