import { rmSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fullPost } from './support/factories';
import { PUBLIC_URL, startTestApp, type TestApp } from './support/test-app';
import { tinyWebBuild } from './support/web-build';

interface FeedItem {
  title: string;
  link: string;
  pubDate: string;
  description: string;
  enclosure: { '@_url': string; '@_type': string };
}

/** The feed as a feed reader reads it, after checking it is well-formed XML. */
async function readFeed(app: TestApp, query = ''): Promise<FeedItem[]> {
  const response = await app.http.get(`/blog/feed.xml${query}`).expect(200);
  expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(XMLValidator.validate(response.text)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(
    response.text,
  ) as { rss: { channel: { item?: FeedItem[] } } };
  return parsed.rss.channel.item ?? [];
}

const links = (items: FeedItem[]) => items.map((item) => item.link);

/**
 * The blog feed over HTTP against PostgreSQL, served by two replicas sharing one database: a post
 * changed through one shows in the other's feed at its next request, as nothing is kept past a change.
 */
describe('the blog feed', () => {
  const webRoot = tinyWebBuild();
  let one: TestApp;
  let other: TestApp;
  let token: string;

  beforeAll(async () => {
    one = await startTestApp({ WEB_ROOT: webRoot });
    other = await startTestApp({ WEB_ROOT: webRoot }, { schema: one.schema });
    token = await one.adminToken();
  });

  afterAll(async () => {
    await other?.close();
    await one?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const admin = (method: 'post' | 'patch' | 'delete', path: string) =>
    one.http[method](path).set('Authorization', `Bearer ${token}`);

  it('never shows a draft, shows a post once it is published, edited and gone once it is deleted, on every replica', async () => {
    const title = '봄꽃 <팁> & "따옴표"';
    const created = await admin('post', '/api/posts')
      .send(fullPost({ title, titleEn: 'Spring <tips> & "quotes"', published: false }))
      .expect(201);
    const { id, slug } = created.body as { id: string; slug: string };
    const link = `${PUBLIC_URL}/blog/${slug}`;

    // Both replicas have built (and keep) their feed without the draft.
    expect(links(await readFeed(one))).not.toContain(link);
    expect(links(await readFeed(other))).not.toContain(link);

    await admin('patch', `/api/posts/${id}`).send({ published: true }).expect(200);
    const published = (await readFeed(other)).find((item) => item.link === link);
    expect(published).toMatchObject({
      title,
      description: expect.stringContaining('QR'),
      enclosure: { '@_url': 'https://images.example.com/gift.jpg', '@_type': 'image/jpeg' },
    });
    // RFC 822 dates to the second.
    expect(Date.parse(published!.pubDate)).toBe(Math.floor(Date.parse(created.body.createdAt) / 1000) * 1000);
    const english = (await readFeed(other, '?lang=en')).find((item) => item.link === `${link}?lang=en`);
    expect(english?.title).toBe('Spring <tips> & "quotes"');

    await admin('patch', `/api/posts/${id}`).send({ title: '고쳐 쓴 봄꽃 제목' }).expect(200);
    expect((await readFeed(other)).find((item) => item.link === link)?.title).toBe('고쳐 쓴 봄꽃 제목');

    await admin('patch', `/api/posts/${id}`).send({ published: false }).expect(200);
    expect(links(await readFeed(other))).not.toContain(link);

    await admin('patch', `/api/posts/${id}`).send({ published: true }).expect(200);
    expect(links(await readFeed(other))).toContain(link);
    await admin('delete', `/api/posts/${id}`).expect(204);
    expect(links(await readFeed(other))).not.toContain(link);
    expect(links(await readFeed(one))).not.toContain(link);
  });

  it('lists the published posts newest first, as the blog does', async () => {
    for (const n of [1, 2]) {
      await admin('post', '/api/posts')
        .send(fullPost({ slug: `feed-order-${n}` }))
        .expect(201);
    }
    const order = links(await readFeed(one)).filter((url) => url.includes('/blog/feed-order-'));
    expect(order).toEqual([`${PUBLIC_URL}/blog/feed-order-2`, `${PUBLIC_URL}/blog/feed-order-1`]);
  });
});
