import { Card, Heading, Image, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';
import { formatLongDate } from '../../../lib/format-date';
import type { Post } from '../../../lib/post';
import { localizePost } from '../api/post';
import { postPath } from '../post-url';

export function PostCard({ post }: { post: Post }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const { title, excerpt } = localizePost(post, language);
  const href = postPath(post.slug);

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
          // The intrinsic 16:9 size reserves the card's space before the image arrives.
          htmlWidth={640}
          htmlHeight={360}
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
        <Link asChild color="colorPalette.fg" fontWeight="semibold" minH="11">
          {/* The title in the link's own text (not only an aria-label): a list of 'Read more' links
              tells a screen reader's link list, and a search engine, where each one goes. */}
          <PageLink to={href}>
            {t('blog.readMore')}
            <VisuallyHidden>{t('blog.readMoreTitle', { title })}</VisuallyHidden>
            <ArrowRight aria-hidden size={16} />
          </PageLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}
