import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import type { Post } from '../../../lib/post';
import { pageQuery } from './admin-page';
import type { PostInput } from './admin-post';
import { bearer } from './admin-request';

export const adminPostsQueryKey = ['admin', 'posts'];

/** One page of every post, drafts included, newest first; `search` is found in the slug or a title. */
export function useAdminPosts(token: string, page: number, search = '') {
  return useQuery({
    queryKey: [...adminPostsQueryKey, token, page, search],
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/posts', {
          params: { query: { ...pageQuery(page), q: search || undefined } },
          headers: bearer(token),
        }),
      ),
    // Paging or searching keeps the current posts on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

// The public list and detail pages cache posts under keys starting with '/api/posts'.
function refreshPosts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostsQueryKey }),
    // Publishing starts a newsletter; its progress should show without a reload.
    queryClient.invalidateQueries({ queryKey: ['admin', 'newsletters'] }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/posts'),
    }),
  ]);
}

/** Creates a post, or updates the one with `id`. */
export function useSavePost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PostInput }): Promise<Post> =>
      dataOf(
        id
          ? api.PATCH('/api/posts/{id}', { params: { path: { id } }, body: input, headers: bearer(token) })
          : api.POST('/api/posts', { body: input, headers: bearer(token) }),
      ),
    onSuccess: () => refreshPosts(queryClient),
  });
}

export function useDeletePost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.DELETE('/api/posts/{id}', { params: { path: { id } }, headers: bearer(token) });
    },
    onSuccess: () => refreshPosts(queryClient),
  });
}
