import { Card, Heading, Image, Link, Text } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../components/page-link';
import { formatLongDate } from '../../../lib/format-date';
import { localizePost, type Post } from '../api/post';

export function PostCard({ post }: { post: Post }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const { title, excerpt } = localizePost(post, language);
  const href = `/blog/${encodeURIComponent(post.slug)}`;

  return (
    <Card.Root as="article" overflow="hidden" variant="outline" h="full">
      {post.thumbnailUrl && (
        // Decorative: the title next to it says what the post is about.
        <Image
          src={post.thumbnailUrl}
          alt=""
          aspectRatio={16 / 9}
          objectFit="cover"
          w="full"
          loading="lazy"
          bg="colorPalette.subtle"
        />
      )}
      <Card.Body gap="2">
        <Text asChild fontSize="sm" color="fg.muted">
          <time dateTime={post.createdAt}>{formatLongDate(post.createdAt, language)}</time>
        </Text>
        <Heading as="h2" size="lg" lineHeight="1.4">
          {title}
        </Heading>
        <Text color="fg.muted" lineClamp={3}>
          {excerpt}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Link asChild color="colorPalette.fg" fontWeight="semibold" minH="10">
          <PageLink to={href} aria-label={t('blog.readMoreAbout', { title })}>
            {t('blog.readMore')}
            <ArrowRight aria-hidden size={16} />
          </PageLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}
