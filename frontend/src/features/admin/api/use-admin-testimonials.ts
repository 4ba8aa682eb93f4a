import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';
import { pageQuery } from './admin-page';
import { bearer } from './admin-request';

export type Testimonial = ApiSchemas['Testimonial'];

/** The body of POST /api/admin/testimonials (and of PATCH /api/admin/testimonials/{id}, which takes any part of it). */
export type TestimonialInput = ApiSchemas['CreateTestimonialDto'];

const testimonialsQueryKey = ['admin', 'testimonials'];

export function useAdminTestimonials(token: string, page: number) {
  return useQuery({
    queryKey: [...testimonialsQueryKey, token, page],
    queryFn: () =>
      dataOf(api.GET('/api/admin/testimonials', { params: { query: pageQuery(page) }, headers: bearer(token) })),
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
    mutationFn: ({ id, input }: { id: string | null; input: TestimonialInput }): Promise<Testimonial> =>
      dataOf(
        id
          ? api.PATCH('/api/admin/testimonials/{id}', { params: { path: { id } }, body: input, headers: bearer(token) })
          : api.POST('/api/admin/testimonials', { body: input, headers: bearer(token) }),
      ),
    onSuccess: () => refreshTestimonials(queryClient),
  });
}

export function useDeleteTestimonial(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.DELETE('/api/admin/testimonials/{id}', { params: { path: { id } }, headers: bearer(token) });
    },
    onSuccess: () => refreshTestimonials(queryClient),
  });
}
