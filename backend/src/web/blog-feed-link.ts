import type { Language } from '@giftcast/contract/language';
import type { BlogPost } from '../blog/blog-post.entity';

/** The blog's RSS 2.0 feed: Korean at this path, English with `?lang=en`, as the pages are. */
export const BLOG_FEED_PATH = '/blog/feed.xml';

export const BLOG_FEED_TYPE = 'application/rss+xml';

/** An address of the site in a language: as it is for Korean, with `?lang=en` for English. */
export const inLanguageAt = (url: string, language: Language) => (language === 'en' ? `${url}?lang=en` : url);

/** The feed's address in a language, on the public origin. */
export const blogFeedUrl = (publicUrl: string, language: Language) =>
  inLanguageAt(`${publicUrl}${BLOG_FEED_PATH}`, language);

/** The feed's name, as feed readers list it and as the blog pages' head links name it. */
export function blogFeedTitle(brand: string, language: Language): string {
  return language === 'en' ? `${brand} Blog` : `${brand} 블로그`;
}

/** When the feed last changed: the newest change of a published post; undefined without posts. */
export function feedLastChanged(posts: Pick<BlogPost, 'updatedAt'>[]): Date | undefined {
  return posts.reduce<Date | undefined>(
    (latest, { updatedAt }) => (!latest || updatedAt > latest ? updatedAt : latest),
    undefined,
  );
}
