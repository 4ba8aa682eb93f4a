import { Button, Flex, Heading, Input, Stack } from '@chakra-ui/react';
import { POST_SEARCH_MAX_LENGTH } from '@giftcast/contract/limits';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import type { Post } from '../../../lib/post';
import { pageCount } from '../api/admin-page';
import { useAdminNewsletters } from '../api/use-admin-newsletters';
import { useAdminPosts, useDeletePost } from '../api/use-admin-posts';
import { postDraft } from '../editor-draft';
import { emptyPostValues, postToFormValues } from '../post-form-schema';
import { reportFailure } from '../report-failure';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { useOpenEditor } from '../use-open-editor';
import type { AdminSectionProps } from './admin-console-shell';
import { AdminPager } from './admin-pager';
import { AdminPostList } from './admin-post-list';
import { AdminScreenHeader } from './admin-screen-header';
import { AdminSearchForm } from './admin-search-form';
import { PostEditor } from './post-editor';

/** The signed-in admin's blog screen: the editor and every post, a page at a time. */
export function AdminBlogManager({ token, onSessionExpired }: AdminSectionProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const posts = useAdminPosts(token, page, search);
  const deletePost = useDeletePost(token);
  // Progress is extra: while the campaigns endpoint fails (or is missing) the posts still show.
  const newsletters = useAdminNewsletters(token);
  const editor = useOpenEditor(postDraft);
  useExpireOnUnauthorized(posts.error, onSessionExpired);
  useExpireOnUnauthorized(newsletters.error, onSessionExpired);

  // Deleting the only post of the last page (here or elsewhere) leaves the page empty: step back.
  const lastPage = posts.data ? pageCount(posts.data) : 1;
  if (posts.data && !posts.isPlaceholderData && page > lastPage) setPage(lastPage);

  const onDelete = (post: Post) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('admin.deleted') });
        editor.forget(post.id);
      },
      onError: (error) =>
        reportFailure(error, onSessionExpired, { title: t('admin.error'), description: t('admin.deleteFailed') }),
    });
  };

  return (
    <Stack gap="8">
      <AdminScreenHeader
        title={t('admin.title')}
        description={<span role="status">{t('admin.loggedIn')}</span>}
        action={
          <Button onClick={() => editor.open({ id: null, values: emptyPostValues })}>
            <Plus aria-hidden />
            {t('admin.newPost')}
          </Button>
        }
      />

      {editor.draft && (
        <PostEditor
          key={editor.key}
          token={token}
          draft={editor.draft}
          onClose={editor.close}
          onUnauthorized={onSessionExpired}
        />
      )}

      <Stack as="section" gap="4" aria-labelledby="admin-posts-heading">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="admin-posts-heading">
            {t('admin.postsHeading')}
          </Heading>
          <AdminSearchForm
            label={t('admin.postSearch.label')}
            onSearch={() => {
              setSearch(searchInput.trim());
              setPage(1);
            }}
          >
            <Input
              aria-label={t('admin.postSearch.field')}
              placeholder={t('admin.postSearch.placeholder')}
              maxLength={POST_SEARCH_MAX_LENGTH}
              maxW="16rem"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
            />
          </AdminSearchForm>
        </Flex>
        <AdminPostList
          posts={posts}
          search={search}
          newsletters={newsletters.data?.items}
          deletingId={deletePost.isPending ? (deletePost.variables ?? null) : null}
          onEdit={(post) => editor.open({ id: post.id, values: postToFormValues(post) })}
          onDelete={onDelete}
        />
        <AdminPager page={page} list={posts.data} label={t('admin.postPagerLabel')} onPageChange={setPage} />
      </Stack>
    </Stack>
  );
}
