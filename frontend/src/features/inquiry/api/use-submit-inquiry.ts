import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { InquiryInput, InquiryKind } from '../inquiry-fields';

/** POST /api/partner or /api/contact; only success or failure matters to the form. */
export function useSubmitInquiry(kind: InquiryKind) {
  return useMutation({
    mutationFn: async (input: InquiryInput): Promise<void> => {
      await apiRequest('POST', `/api/${kind}`, input);
    },
  });
}
