import { Box, Container } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { HydrateInTask } from '../components/hydrate-in-task';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { StaticContent } from '../components/static-content';
import { PostList } from '../features/blog/components/post-list';
import { NewsletterBox } from '../features/newsletter/components/newsletter-box';

export function BlogPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('blog.title')} description={t('blog.description')} />
      <StaticContent>
        <PageIntro heading={t('blog.heading')} intro={t('blog.subheading')} />
      </StaticContent>
      <Container maxW="6xl">
        <PostList />
        <Box maxW="3xl" mx="auto" mt={{ base: '12', md: '16' }}>
          <HydrateInTask>
            <NewsletterBox />
          </HydrateInTask>
        </Box>
      </Container>
    </>
  );
}
