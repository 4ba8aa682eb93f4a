import { Button, Container, Heading, Image, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { PageHead } from '../../../components/page-head';
import { PageLink } from '../../../components/page-link';
import { formatLongDate } from '../../../lib/format-date';
import { localizePost } from '../api/post';
import { usePost } from '../api/use-post';
import { useBlogFeed } from '../hooks/use-blog-feed';
import { postImageUrl, postPath, postUrl } from '../post-url';
import { PostBody } from './post-body';
import { ShareSection } from './share-section';

function BackToBlog() {
  const { t } = useTranslation();
  return (
    <Link asChild color="fg.muted" fontWeight="medium" minH="11" alignSelf="flex-start">
      <PageLink to="/blog">
        <ArrowLeft aria-hidden size={16} />
        {t('blog.backToBlog')}
      </PageLink>
    </Link>
  );
}

interface PostDetailProps {
  slug: string;
  /** Shown under a found post's share section, above the back button (the subscribe box). */
  children?: ReactNode;
}

/** A post's page: loading, the post itself, or "not found" when the fetch fails. */
export function PostDetail({ slug, children }: PostDetailProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const { data: post, isPending, isError } = usePost(slug);
  const feed = useBlogFeed();

  if (isPending) {
    return (
      <>
        <PageHead title={t('blog.title')} description={t('blog.description')} feed={feed} />
        <LoadingState label={t('site.loading')} />
      </>
    );
  }

  if (isError) {
    return (
      <Container maxW="3xl" py={{ base: '10', md: '16' }}>
        <PageHead title={t('blog.notFoundTitle')} description={t('blog.notFoundDescription')} noIndex feed={feed} />
        <Stack gap="5">
          <Heading as="h1" size="2xl">
            {t('blog.notFoundTitle')}
          </Heading>
          <Text color="fg.muted">{t('blog.notFoundDescription')}</Text>
          <Button asChild size="lg" alignSelf="flex-start" rounded="full">
            <PageLink to="/blog">{t('blog.backToList')}</PageLink>
          </Button>
        </Stack>
      </Container>
    );
  }

  const { title, excerpt, content } = localizePost(post, language);

  return (
    <Container as="article" maxW="3xl" py={{ base: '8', md: '12' }}>
      <PageHead
        title={title}
        description={excerpt}
        path={postPath(post.slug)}
        image={post.thumbnailUrl || undefined}
        feed={feed}
        article={{ publishedTime: post.createdAt, modifiedTime: post.updatedAt }}
      />
      <Stack gap="6">
        <BackToBlog />
        {post.thumbnailUrl && (
          <Image
            src={post.thumbnailUrl}
            alt=""
            aspectRatio={16 / 9}
            objectFit="cover"
            w="full"
            htmlWidth={1280}
            htmlHeight={720}
            // The first thing on the page: fetched early, not lazily.
            fetchPriority="high"
            rounded="xl"
            bg="colorPalette.subtle"
          />
        )}
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            <VisuallyHidden>{t('blog.publishedOn')} </VisuallyHidden>
            <time dateTime={post.createdAt}>{formatLongDate(post.createdAt, language)}</time>
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} lineHeight="1.3">
            {title}
          </Heading>
        </Stack>
        <PostBody content={content} />
        <ShareSection
          post={{
            url: postUrl(post.slug, language),
            title,
            description: excerpt,
            imageUrl: postImageUrl(post.thumbnailUrl, language),
          }}
        />
        {children}
        <Button asChild size="lg" variant="outline" alignSelf="flex-start" rounded="full">
          <PageLink to="/blog">{t('blog.backToList')}</PageLink>
        </Button>
      </Stack>
    </Container>
  );
}
