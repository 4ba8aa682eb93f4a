import { Box, Container } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { PostList } from '../features/blog/components/post-list';
import { useBlogFeed } from '../features/blog/hooks/use-blog-feed';
import { NewsletterBox } from '../features/newsletter/components/newsletter-box';

export function BlogPage() {
  const { t } = useTranslation();
  const feed = useBlogFeed();

  return (
    <>
      <PageHead title={t('blog.title')} description={t('blog.description')} feed={feed} />
      <PageIntro heading={t('blog.heading')} intro={t('blog.subheading')} />
      <Container maxW="6xl">
        <PostList />
        <Box maxW="3xl" mx="auto" mt={{ base: '12', md: '16' }}>
          <NewsletterBox />
        </Box>
      </Container>
    </>
  );
}
