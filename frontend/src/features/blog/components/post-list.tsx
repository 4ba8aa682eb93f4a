import { EmptyState, SimpleGrid, Text } from '@chakra-ui/react';
import { Newspaper } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { usePublishedPosts } from '../api/use-published-posts';
import { PostCard } from './post-card';

export function PostList() {
  const { t } = useTranslation();
  const { data: posts, isPending, isError } = usePublishedPosts();

  if (isPending) return <LoadingState label={t('blog.loading')} />;

  if (isError) {
    return (
      <Text role="alert" color="fg.error" textAlign="center" py="12">
        {t('blog.fetchError')}
      </Text>
    );
  }

  if (posts.length === 0) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator color="colorPalette.fg">
            <Newspaper aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title as="h2">{t('blog.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('blog.emptyDescription')}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  return (
    <>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}
