import { Badge, Flex, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from '../../../lib/i18n';
import type { Post } from '../../../lib/post';
import type { ApiSchemas } from '../../../lib/api-client';
import type { NewsletterCampaign } from '../api/use-admin-newsletters';
import type { AdminListQuery } from './admin-list-states';
import { AdminRecordList } from './admin-record-list';
import { NewsletterProgress } from './newsletter-progress';
import { RecordEditButtons } from './record-edit-buttons';

interface AdminPostListProps {
  /** The query of one page of posts. */
  posts: AdminListQuery & { data?: ApiSchemas['PostPage'] };
  /** The search the posts were found by; '' for none. */
  search?: string;
  /** The newest campaigns; a post that never sent one has none. */
  newsletters?: NewsletterCampaign[];
  deletingId: string | null;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** A page of posts, drafts marked, each with edit and delete. */
export function AdminPostList({
  posts,
  search = '',
  newsletters = [],
  deletingId,
  onEdit,
  onDelete,
}: AdminPostListProps) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  // Newest first, so the first campaign seen for a post is its latest.
  const campaignByPost = new Map<string, NewsletterCampaign>();
  for (const campaign of newsletters) {
    if (!campaignByPost.has(campaign.postId)) campaignByPost.set(campaign.postId, campaign);
  }

  return (
    <AdminRecordList
      query={posts}
      items={posts.data?.items ?? []}
      texts={{
        label: t('admin.postsHeading'),
        loading: t('admin.loading'),
        fetchFailed: t('admin.fetchFailed'),
        empty: search ? t('admin.postSearch.noMatch', { search }) : t('admin.noPosts'),
      }}
      testId="admin-post"
      itemKey={(post) => post.id}
      summary={(post) => (
        <>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge colorPalette={post.published ? 'green' : 'gray'} variant={post.published ? 'subtle' : 'outline'}>
              {t(post.published ? 'admin.published' : 'admin.draft')}
            </Badge>
            <Heading as="h3" size="sm">
              {post.title}
            </Heading>
          </Flex>
          <Text textStyle="sm" color="fg.muted">
            /blog/{post.slug} · {dateFormat.format(new Date(post.createdAt))}
          </Text>
          {campaignByPost.has(post.id) && <NewsletterProgress campaign={campaignByPost.get(post.id)!} />}
        </>
      )}
      actions={(post) => (
        <RecordEditButtons
          onEdit={() => onEdit(post)}
          onDelete={() => onDelete(post)}
          deleting={deletingId === post.id}
        />
      )}
    />
  );
}
