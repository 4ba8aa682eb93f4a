import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminPost, PostInput } from './admin-post';
import { adminRequest } from './admin-request';

export const adminPostsQueryKey = ['admin', 'posts'];

/** Every post, drafts included, newest first. */
export function useAdminPosts(token: string) {
  return useQuery<AdminPost[]>({
    queryKey: [...adminPostsQueryKey, token],
    queryFn: async () => {
      const res = await adminRequest(token, 'GET', '/api/posts');
      const posts = (await res.json()) as AdminPost[];
      return [...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  });
}

// The public list and detail pages cache posts under keys starting with '/api/posts'.
function refreshPosts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPostsQueryKey }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/posts'),
    }),
  ]);
}

/** Creates a post, or updates the one with `id`. */
export function useSavePost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: PostInput }): Promise<AdminPost> => {
      const res = id
        ? await adminRequest(token, 'PATCH', `/api/posts/${encodeURIComponent(id)}`, input)
        : await adminRequest(token, 'POST', '/api/posts', input);
      return (await res.json()) as AdminPost;
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
