import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { pagedUrl, type Page } from './admin-page';
import type { Testimonial } from '../../../lib/testimonial';
import { adminJson, adminRequest } from './admin-request';

export type { Testimonial };

/** The body of POST /api/admin/testimonials and PATCH /api/admin/testimonials/{id}. */
export type TestimonialInput = Omit<Testimonial, 'id' | 'createdAt'>;

const testimonialsQueryKey = ['admin', 'testimonials'];

export function useAdminTestimonials(token: string, page: number) {
  return useQuery({
    queryKey: [...testimonialsQueryKey, token, page],
    queryFn: () => adminJson<Page<Testimonial>>(token, 'GET', pagedUrl('/api/admin/testimonials', page)),
    placeholderData: keepPreviousData,
  });
}

// The home page's section caches the featured ones under '/api/testimonials/featured'.
function refreshTestimonials(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: testimonialsQueryKey }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/testimonials'),
    }),
  ]);
}

/** Creates a testimonial, or updates the one with `id`. */
export function useSaveTestimonial(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TestimonialInput }) =>
      id
        ? adminJson<Testimonial>(token, 'PATCH', `/api/admin/testimonials/${encodeURIComponent(id)}`, input)
        : adminJson<Testimonial>(token, 'POST', '/api/admin/testimonials', input),
    onSuccess: () => refreshTestimonials(queryClient),
  });
}

export function useDeleteTestimonial(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await adminRequest(token, 'DELETE', `/api/admin/testimonials/${encodeURIComponent(id)}`);
    },
    onSuccess: () => refreshTestimonials(queryClient),
  });
}
