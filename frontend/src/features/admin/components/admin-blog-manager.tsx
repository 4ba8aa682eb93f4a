import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LogOut, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toaster';
import type { AdminPost } from '../api/admin-post';
import { isUnauthorized } from '../api/admin-request';
import { useAdminPosts, useDeletePost } from '../api/use-admin-posts';
import { clearDraft, readDraft, type EditorDraft } from '../editor-draft';
import { emptyPostValues, postToFormValues } from '../post-form-schema';
import { AdminPostList } from './admin-post-list';
import { PostEditor } from './post-editor';

interface AdminBlogManagerProps {
  token: string;
  onLogOut: () => void;
  /** The server rejected the token; the editor's draft stays stored for after the next login. */
  onSessionExpired: () => void;
}

/** The signed-in admin's blog screen: the editor and every post. */
export function AdminBlogManager({ token, onLogOut, onSessionExpired }: AdminBlogManagerProps) {
  const { t } = useTranslation();
  const posts = useAdminPosts(token);
  const deletePost = useDeletePost(token);
  // A draft left by a session that expired mid-edit reopens the editor with its text.
  const [editor, setEditor] = useState<EditorDraft | null>(readDraft);
  // Bumped on every open, so opening (even the same post again) starts from a fresh form.
  const [editorKey, setEditorKey] = useState(0);

  useEffect(() => {
    if (isUnauthorized(posts.error)) onSessionExpired();
  }, [posts.error, onSessionExpired]);

  const openEditor = (next: EditorDraft) => {
    clearDraft();
    setEditor(next);
    setEditorKey((key) => key + 1);
  };

  const logOut = () => {
    clearDraft();
    onLogOut();
  };

  const onDelete = (post: AdminPost) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('admin.deleted') });
        if (editor?.postId === post.id) {
          clearDraft();
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
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
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
          <Flex gap="2" wrap="wrap">
            <Button onClick={() => openEditor({ postId: null, values: emptyPostValues })}>
              <Plus aria-hidden />
              {t('admin.newPost')}
            </Button>
            <Button variant="outline" onClick={logOut}>
              <LogOut aria-hidden />
              {t('admin.logout')}
            </Button>
          </Flex>
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
          <Heading as="h2" size="lg" id="admin-posts-heading">
            {t('admin.postsHeading')}
          </Heading>
          <AdminPostList
            posts={posts.data}
            isLoading={posts.isLoading}
            isError={posts.isError && !isUnauthorized(posts.error)}
            deletingId={deletePost.isPending ? (deletePost.variables ?? null) : null}
            onEdit={(post) => openEditor({ postId: post.id, values: postToFormValues(post) })}
            onDelete={onDelete}
          />
        </Stack>
      </Stack>
    </Container>
  );
}
