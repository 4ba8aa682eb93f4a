import type { Language } from '@giftcast/contract/language';
import { Feed } from 'feed';
import { lookup } from 'mime-types';
import type { BlogPost } from '../blog/blog-post.entity';
import { blogFeedTitle, blogFeedUrl, feedLastChanged, inLanguageAt } from './blog-feed-link';
import { inLanguage, shareImageUrl } from './post-head';
import { escapeHtml } from './web-pages';

const FEED_DESCRIPTIONS = {
  ko: (brand: string) => `선물에 마음을 더하는 아이디어와 ${brand} 소식`,
  en: (brand: string) => `Ideas for adding heart to your gifts, and news from ${brand}`,
} as const;

/**
 * A post's picture and its media type for the feed's enclosure: the post's thumbnail, else the
 * site's share picture (as the post's og:image). A thumbnail whose address names no image type
 * (no file extension) is announced as bytes of an unknown type rather than as a guessed one.
 */
function thumbnail(post: BlogPost, publicUrl: string, language: Language): { url: string; type: string } {
  const url =
    post.thumbnailUrl && URL.canParse(post.thumbnailUrl) ? post.thumbnailUrl : shareImageUrl(publicUrl, language);
  const type = lookup(new URL(url).pathname);
  return { url, type: type && type.startsWith('image/') ? type : 'application/octet-stream' };
}

/** Characters XML 1.0 cannot carry at all, escaped or not: C0 controls but tab and newlines, lone surrogates, U+FFFE/F. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * A post's text as the feed can carry it: without the characters XML forbids (a pasted vertical
 * tab would make every reader refuse the whole feed), and with every `]]>` split out of the CDATA
 * it is written in. The `feed` library's writer (xml-js) splits only the first one; the later
 * ones are split here the same way, so a text holding several stays one text.
 */
function feedText(text: string): string {
  const [first, ...rest] = text.replace(NOT_XML, '').split(']]>');
  return rest.length === 0 ? first : `${first}]]>${rest.join(']]]]><![CDATA[>')}`;
}

export interface BlogFeedInput {
  publicUrl: string;
  language: Language;
  brand: string;
  /** The published posts, newest first. */
  posts: BlogPost[];
  /** When the feed was built, for its lastBuildDate when no post says when the blog last changed. */
  now: Date;
}

/**
 * The blog's RSS 2.0 feed in one language, written by the `feed` library: each published post's
 * title, link, publication date, summary and thumbnail. Titles are plain text (RSS 2.0); a
 * description holds HTML, so the summary's text is escaped as HTML before it goes in.
 */
export function blogFeedXml({ publicUrl, language, brand, posts, now }: BlogFeedInput): string {
  const blogUrl = inLanguageAt(`${publicUrl}/blog`, language);
  const feed = new Feed({
    title: blogFeedTitle(brand, language),
    description: FEED_DESCRIPTIONS[language](brand),
    link: blogUrl,
    language,
    updated: feedLastChanged(posts) ?? now,
    image: shareImageUrl(publicUrl, language),
    copyright: `© ${brand}`,
    feedLinks: { rss: blogFeedUrl(publicUrl, language) },
    generator: false,
  });
  for (const post of posts) {
    feed.addItem({
      title: feedText(inLanguage(post.title, post.titleEn, language)),
      link: inLanguageAt(`${publicUrl}/blog/${encodeURIComponent(post.slug)}`, language),
      // Stays the post's own when its slug changes, so readers never see it as a new post.
      guid: `urn:uuid:${post.id}`,
      date: post.createdAt,
      description: feedText(escapeHtml(inLanguage(post.excerpt, post.excerptEn, language))),
      image: thumbnail(post, publicUrl, language),
    });
  }
  return feed.rss2();
}
