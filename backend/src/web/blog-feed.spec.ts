import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BlogPost } from '../blog/blog-post.entity';
import { blogFeedXml } from './blog-feed';

const PUBLIC_URL = 'https://gifts.example';
const NOW = new Date('2026-05-01T09:00:00Z');

const TRICKY_TITLE = '봄꽃 <팁> & "따옴표" \'s ]]> 끝';

function post(overrides: Partial<BlogPost>): BlogPost {
  const fields: BlogPost = {
    id: '6b1f9a3e-8c2d-4e5f-9a0b-1c2d3e4f5a6b',
    slug: 'spring-flowers',
    title: '봄꽃 선물',
    titleEn: 'Spring flowers',
    content: '본문',
    contentEn: null,
    excerpt: '봄꽃과 함께 영상 메시지를 보내는 방법',
    excerptEn: 'How to send a video message with spring flowers',
    thumbnailUrl: null,
    published: true,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    updatedAt: new Date('2026-03-02T00:00:00Z'),
  };
  return { ...fields, ...overrides };
}

const POSTS = [
  post({
    id: '0c9d6f0e-1111-4a2b-8c3d-000000000002',
    slug: 'tricky-title',
    title: TRICKY_TITLE,
    titleEn: null,
    excerpt: '요약 <b>굵게</b> & 끝',
    excerptEn: null,
    thumbnailUrl: 'https://cdn.example/photos/spring.JPG?w=800&h=450',
    createdAt: new Date('2026-04-10T12:30:00Z'),
    updatedAt: new Date('2026-04-11T08:00:00Z'),
  }),
  post({ thumbnailUrl: 'https://images.example/photo-12345?fit=crop' }),
  post({ id: '0c9d6f0e-1111-4a2b-8c3d-000000000003', slug: 'no-picture', thumbnailUrl: null }),
];

interface Enclosure {
  '@_url': string;
  '@_length': string;
  '@_type': string;
}
interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description: string;
  enclosure: Enclosure;
}
interface Channel {
  title: string;
  link: string;
  description: string;
  language: string;
  lastBuildDate: string;
  image: { url: string; title: string; link: string };
  'atom:link': { '@_href': string; '@_rel': string; '@_type': string };
  item?: Item[];
}

/** A character XML 1.0 forbids (the validator below does not look at characters). */
function notXml(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    (code < 0x20 && ![0x9, 0xa, 0xd].includes(code)) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** The feed as an XML parser reads it (CDATA as text, entities decoded), after checking it is well-formed. */
function parse(xml: string): { rss: { '@_version': string; '@_xmlns:atom'?: string; channel: Channel } } {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'item',
  }).parse(xml) as ReturnType<typeof parse>;
}

/** RFC 822 as RSS 2.0 takes it (four-digit year): `Wed, 01 Apr 2026 00:00:00 GMT`. */
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

const decodeHtml = (html: string) =>
  html.replace(/&#(\d+);|&(amp|lt|gt|quot);/g, (_, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : { amp: '&', lt: '<', gt: '>', quot: '"' }[name as 'amp'],
  );

const feed = (language: 'ko' | 'en', posts = POSTS) =>
  parse(blogFeedXml({ publicUrl: PUBLIC_URL, language, brand: 'Giftcast', posts, now: NOW })).rss;

describe('the blog feed (RSS 2.0)', () => {
  it('is RSS 2.0 with the channel elements the specification requires, in Korean by default', () => {
    const rss = feed('ko');
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel).toMatchObject({
      title: 'Giftcast 블로그',
      link: `${PUBLIC_URL}/blog`,
      description: expect.stringContaining('Giftcast'),
      language: 'ko',
      image: { url: `${PUBLIC_URL}/media/share-ko.jpg`, title: 'Giftcast 블로그', link: `${PUBLIC_URL}/blog` },
    });
    // Its own address, with the namespace the element needs declared.
    expect(rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(rss.channel['atom:link']).toEqual({
      '@_href': `${PUBLIC_URL}/blog/feed.xml`,
      '@_rel': 'self',
      '@_type': 'application/rss+xml',
    });
  });

  it('has every post with its title, link, publication date, summary and thumbnail, newest first', () => {
    const items = feed('ko').channel.item!;
    expect(items.map((item) => item.link)).toEqual([
      `${PUBLIC_URL}/blog/tricky-title`,
      `${PUBLIC_URL}/blog/spring-flowers`,
      `${PUBLIC_URL}/blog/no-picture`,
    ]);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['title', 'link', 'guid', 'pubDate', 'description', 'enclosure']),
      );
    }
    expect(items[1]).toMatchObject({
      title: '봄꽃 선물',
      description: '봄꽃과 함께 영상 메시지를 보내는 방법',
      guid: { '#text': 'urn:uuid:6b1f9a3e-8c2d-4e5f-9a0b-1c2d3e4f5a6b', '@_isPermaLink': 'false' },
    });
  });

  it('dates each post in RFC 822 (its publication) and the channel by the latest change of a post', () => {
    const { channel } = feed('ko');
    const dates = [channel.lastBuildDate, ...channel.item!.map((item) => item.pubDate)];
    for (const date of dates) expect(date).toMatch(RFC_822);
    expect(new Date(channel.item![0].pubDate).toISOString()).toBe('2026-04-10T12:30:00.000Z');
    expect(new Date(channel.lastBuildDate).toISOString()).toBe('2026-04-11T08:00:00.000Z');
  });

  it('states every link as an absolute address on the public origin', () => {
    const { channel } = feed('en');
    const links = [
      channel.link,
      channel['atom:link']['@_href'],
      channel.image.url,
      ...channel.item!.map((i) => i.link),
    ];
    for (const link of links) {
      expect(URL.canParse(link)).toBe(true);
      expect(new URL(link).origin).toBe(PUBLIC_URL);
    }
  });

  it.each([
    ['several CDATA ends', 'a]]>b]]>c ]]>', 'a]]>b]]>c ]]>'],
    ['a CDATA end that would open an item of its own', 'x]]>y]]><item><title>injected</title></item><![CDATA[', null],
    ['characters XML cannot carry', '봄꽃\u000b선물\u0000 \uffff끝\ud800', '봄꽃선물 끝'],
  ])('keeps the feed one well-formed item per post for a title with %s', (_, title, shown) => {
    const xml = blogFeedXml({
      publicUrl: PUBLIC_URL,
      language: 'ko',
      brand: 'Giftcast',
      posts: [post({ title, excerpt: `${title} 요약` })],
      now: NOW,
    });
    expect([...xml].filter(notXml)).toEqual([]);
    const items = parse(xml).rss.channel.item!;
    expect(items).toHaveLength(1);
    expect(items[0].title).toBe(shown ?? title);
    expect(decodeHtml(items[0].description)).toBe(`${shown ?? title} 요약`);
  });

  it('keeps a title with <, &, quotes and a CDATA end as the text it is, and escapes the summary as HTML', () => {
    const xml = blogFeedXml({ publicUrl: PUBLIC_URL, language: 'ko', brand: 'Giftcast', posts: POSTS, now: NOW });
    const [item] = parse(xml).rss.channel.item!;
    expect(item.title).toBe(TRICKY_TITLE);
    // The description is HTML (RSS 2.0): the summary's text shows as written, not as markup.
    expect(item.description).toBe('요약 &#60;b&#62;굵게&#60;/b&#62; &#38; 끝');
    expect(decodeHtml(item.description)).toBe('요약 <b>굵게</b> & 끝');
    expect(xml).not.toContain('<b>');
  });

  it('gives the thumbnail as an enclosure with its type, or the site picture where the post has none', () => {
    const items = feed('en').channel.item!;
    expect(items.map((item) => item.enclosure)).toEqual([
      { '@_url': 'https://cdn.example/photos/spring.JPG?w=800&h=450', '@_length': '0', '@_type': 'image/jpeg' },
      // The address names no type: announced as such, not guessed.
      {
        '@_url': 'https://images.example/photo-12345?fit=crop',
        '@_length': '0',
        '@_type': 'application/octet-stream',
      },
      { '@_url': `${PUBLIC_URL}/media/share-en.jpg`, '@_length': '0', '@_type': 'image/jpeg' },
    ]);
  });

  it('in English: English texts and addresses, Korean where a post has no English', () => {
    const { channel } = feed('en');
    expect(channel).toMatchObject({
      title: 'Giftcast Blog',
      link: `${PUBLIC_URL}/blog?lang=en`,
      language: 'en',
      'atom:link': { '@_href': `${PUBLIC_URL}/blog/feed.xml?lang=en` },
    });
    expect(channel.item!.map((item) => [item.title, item.link])).toEqual([
      [TRICKY_TITLE, `${PUBLIC_URL}/blog/tricky-title?lang=en`],
      ['Spring flowers', `${PUBLIC_URL}/blog/spring-flowers?lang=en`],
      ['Spring flowers', `${PUBLIC_URL}/blog/no-picture?lang=en`],
    ]);
    expect(channel.item![1].description).toBe('How to send a video message with spring flowers');
  });

  it('without posts is still a valid channel, dated when it was built', () => {
    const { channel } = feed('ko', []);
    expect(channel.item).toBeUndefined();
    expect(channel.title).toBe('Giftcast 블로그');
    expect(new Date(channel.lastBuildDate).toISOString()).toBe(NOW.toISOString());
  });
});
