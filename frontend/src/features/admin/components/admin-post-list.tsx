import { Badge, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { Post } from '../../../lib/post';
import type { NewsletterCampaign } from '../api/use-admin-newsletters';
import { AdminRecordList } from './admin-record-list';
import { NewsletterProgress } from './newsletter-progress';

interface AdminPostListProps {
  /** One page of posts. */
  posts: Post[] | undefined;
  /** The search the posts were found by; '' for none. */
  search?: string;
  /** The newest campaigns; a post that never sent one has none. */
  newsletters?: NewsletterCampaign[];
  isLoading: boolean;
  isError: boolean;
  deletingId: string | null;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** A page of posts, drafts marked, each with edit and delete. */
export function AdminPostList({
  posts,
  search = '',
  newsletters = [],
  isLoading,
  isError,
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
      query={{ isLoading, isError, error: null }}
      items={posts ?? []}
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
        <>
          <Button size={{ base: 'md', md: 'sm' }} variant="outline" onClick={() => onEdit(post)}>
            <Pencil aria-hidden />
            {t('admin.edit')}
          </Button>
          <Button
            size={{ base: 'md', md: 'sm' }}
            variant="outline"
            colorPalette="red"
            loading={deletingId === post.id}
            onClick={() => onDelete(post)}
          >
            <Trash2 aria-hidden />
            {t('admin.delete')}
          </Button>
        </>
      )}
    />
  );
}
