import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post } from '../../../lib/post';
import { pagedUrl, type Page } from './admin-page';
import type { PostInput } from './admin-post';
import { adminJson, adminRequest } from './admin-request';

export const adminPostsQueryKey = ['admin', 'posts'];

/** The longest search the API takes. */
export const POST_SEARCH_MAX_LENGTH = 100;

/** One page of every post, drafts included, newest first; `search` is found in the slug or a title. */
export function useAdminPosts(token: string, page: number, search = '') {
  return useQuery({
    queryKey: [...adminPostsQueryKey, token, page, search],
    queryFn: () => adminJson<Page<Post>>(token, 'GET', pagedUrl('/api/admin/posts', page, { q: search })),
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
    mutationFn: async ({ id, input }: { id: string | null; input: PostInput }): Promise<Post> => {
      const res = id
        ? await adminRequest(token, 'PATCH', `/api/posts/${encodeURIComponent(id)}`, input)
        : await adminRequest(token, 'POST', '/api/posts', input);
      return (await res.json()) as Post;
    },
    onSuccess: () => refreshPosts(queryClient),
  });
}

export function useDeletePost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await adminRequest(token, 'DELETE', `/api/posts/${encodeURIComponent(id)}`);
    },
    onSuccess: () => refreshPosts(queryClient),
  });
}
