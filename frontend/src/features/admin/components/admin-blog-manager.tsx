import { Button, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Plus, Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import type { Post } from '../../../lib/post';
import { pageCount } from '../api/admin-page';
import { isUnauthorized } from '../api/admin-request';
import { useAdminNewsletters } from '../api/use-admin-newsletters';
import { POST_SEARCH_MAX_LENGTH, useAdminPosts, useDeletePost } from '../api/use-admin-posts';
import { postDraft, type Draft } from '../editor-draft';
import { emptyPostValues, postToFormValues, type PostFormValues } from '../post-form-schema';
import { AdminPager } from './admin-pager';
import { AdminPostList } from './admin-post-list';
import { PostEditor } from './post-editor';

interface AdminBlogManagerProps {
  token: string;
  /** The server rejected the token; the editor's draft stays stored for after the next login. */
  onSessionExpired: () => void;
}

/** The signed-in admin's blog screen: the editor and every post, a page at a time. */
export function AdminBlogManager({ token, onSessionExpired }: AdminBlogManagerProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const posts = useAdminPosts(token, page, search);
  const deletePost = useDeletePost(token);
  // Progress is extra: while the campaigns endpoint fails (or is missing) the posts still show.
  const newsletters = useAdminNewsletters(token);
  // A draft left by a session that expired mid-edit reopens the editor with its text.
  const [editor, setEditor] = useState<Draft<PostFormValues> | null>(postDraft.read);
  // Bumped on every open, so opening (even the same post again) starts from a fresh form.
  const [editorKey, setEditorKey] = useState(0);

  useEffect(() => {
    if (isUnauthorized(posts.error) || isUnauthorized(newsletters.error)) onSessionExpired();
  }, [posts.error, newsletters.error, onSessionExpired]);

  // Deleting the only post of the last page (here or elsewhere) leaves the page empty: step back.
  const lastPage = posts.data ? pageCount(posts.data) : 1;
  useEffect(() => {
    if (posts.data && !posts.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [posts.data, posts.isPlaceholderData, page, lastPage]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchInput.trim());
    setPage(1);
  };

  const openEditor = (next: Draft<PostFormValues>) => {
    postDraft.clear();
    setEditor(next);
    setEditorKey((key) => key + 1);
  };

  const onDelete = (post: Post) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('admin.deleted') });
        if (editor?.id === post.id) {
          postDraft.clear();
          setEditor(null);
        }
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          onSessionExpired();
          return;
        }
        showToast({ type: 'error', title: t('admin.error'), description: t('admin.deleteFailed') });
      },
    });
  };

  return (
    <Stack gap="8">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('admin.title')}
          </Heading>
          <Text color="fg.muted" role="status">
            {t('admin.loggedIn')}
          </Text>
        </Stack>
        <Button onClick={() => openEditor({ id: null, values: emptyPostValues })}>
          <Plus aria-hidden />
          {t('admin.newPost')}
        </Button>
      </Flex>

      {editor && (
        <PostEditor
          key={editorKey}
          token={token}
          draft={editor}
          onClose={() => setEditor(null)}
          onUnauthorized={onSessionExpired}
        />
      )}

      <Stack as="section" gap="4" aria-labelledby="admin-posts-heading">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="admin-posts-heading">
            {t('admin.postsHeading')}
          </Heading>
          <form onSubmit={onSearch} role="search" aria-label={t('admin.postSearch.label')}>
            <HStack gap="2">
              <Input
                aria-label={t('admin.postSearch.field')}
                placeholder={t('admin.postSearch.placeholder')}
                maxLength={POST_SEARCH_MAX_LENGTH}
                maxW="16rem"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
              />
              <Button type="submit" variant="outline">
                <Search aria-hidden />
                {t('admin.postSearch.submit')}
              </Button>
            </HStack>
          </form>
        </Flex>
        <AdminPostList
          posts={posts.data?.items}
          search={search}
          newsletters={newsletters.data?.items}
          isLoading={posts.isLoading}
          isError={posts.isError && !isUnauthorized(posts.error)}
          deletingId={deletePost.isPending ? (deletePost.variables ?? null) : null}
          onEdit={(post) => openEditor({ id: post.id, values: postToFormValues(post) })}
          onDelete={onDelete}
        />
        {posts.data && (
          <AdminPager
            page={page}
            total={posts.data.total}
            pageSize={posts.data.pageSize}
            label={t('admin.postPagerLabel')}
            onPageChange={setPage}
          />
        )}
      </Stack>
    </Stack>
  );
}
