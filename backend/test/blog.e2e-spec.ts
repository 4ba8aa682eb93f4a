import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { validationError } from './support/contract';
import { fullPost, type PostBody, uniqueSuffix, validPost } from './support/factories';
import { expectNoWrites } from './support/no-writes';
import { startTestApp, type TestApp } from './support/test-app';

const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

const POST_FIELDS = [
  'content',
  'contentEn',
  'createdAt',
  'excerpt',
  'excerptEn',
  'id',
  'published',
  'slug',
  'thumbnailUrl',
  'title',
  'titleEn',
  'updatedAt',
];

/** The spec's messages (section 5) and their English versions, by message key. */
const MESSAGES = {
  'title.min': { ko: '제목을 5자 이상 입력해주세요', en: 'The title must be at least 5 characters' },
  'title.max': { ko: '제목은 40자 이내로 입력해주세요', en: 'The title must be 40 characters or fewer' },
  'titleEn.max': { ko: '영문 제목은 80자 이내로 입력해주세요', en: 'The English title must be 80 characters or fewer' },
  'content.min': { ko: '본문을 50자 이상 입력해주세요', en: 'The content must be at least 50 characters' },
  'content.max': { ko: '본문은 1200자 이내로 입력해주세요', en: 'The content must be 1200 characters or fewer' },
  'contentEn.max': {
    ko: '영문 본문은 2400자 이내로 입력해주세요',
    en: 'The English content must be 2400 characters or fewer',
  },
  'excerpt.min': { ko: '요약을 20자 이상 입력해주세요', en: 'The excerpt must be at least 20 characters' },
  'excerpt.max': { ko: '요약은 100자 이내로 입력해주세요', en: 'The excerpt must be 100 characters or fewer' },
  'excerptEn.max': {
    ko: '영문 요약은 200자 이내로 입력해주세요',
    en: 'The English excerpt must be 200 characters or fewer',
  },
  'field.url': { ko: '올바른 URL을 입력해주세요', en: 'Please enter a valid URL' },
  'slug.required': { ko: 'URL 슬러그를 입력해주세요', en: 'Please enter a URL slug' },
  'slug.max': { ko: 'URL 슬러그는 30자 이내로 입력해주세요', en: 'The URL slug must be 30 characters or fewer' },
  'slug.pattern': {
    ko: '소문자, 숫자, 하이픈만 사용 가능합니다',
    en: 'Only lowercase letters, numbers and hyphens are allowed',
  },
  'field.string': { ko: '문자열이어야 합니다', en: 'Must be text' },
  'field.boolean': { ko: '참 또는 거짓이어야 합니다', en: 'Must be true or false' },
  'field.unknown': { ko: '허용되지 않는 항목입니다', en: 'This field is not allowed' },
} as const;
type MessageKey = keyof typeof MESSAGES;

const NOT_FOUND = { statusCode: 404, error: '게시물을 찾을 수 없습니다' };
const SLUG_TAKEN = { statusCode: 409, error: '이미 사용 중인 URL 슬러그입니다' };

/** Exactly `n` characters (Hangul for the Korean fields, Latin for the English ones). */
const ko = (n: number) => '가'.repeat(n);
const en = (n: number) => 'a'.repeat(n);
/** A valid slug of exactly `n` characters that no other test uses. */
const slugOf = (n: number) => `${uniqueSuffix()}${'s'.repeat(30)}`.slice(0, n);

describe('blog: /api/posts', () => {
  let t: TestApp;
  let token: string;
  const bearer = () => `Bearer ${token}`;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.adminToken();
  });
  afterAll(() => t.close());

  function create(body: PostBody, language?: string) {
    const request = t.http.post('/api/posts').set('Authorization', bearer());
    if (language) request.set('Accept-Language', language);
    return request.send(body);
  }

  async function createdPost(body: PostBody) {
    const response = await create(body);
    expect(response.status).toBe(201);
    return response.body as Record<string, unknown> & { id: string; slug: string; updatedAt: string };
  }

  function patch(id: string, body: PostBody) {
    return t.http.patch(`/api/posts/${id}`).set('Authorization', bearer()).send(body);
  }

  function publicList(query = '') {
    return t.http.get(`/api/posts${query}`).expect(200);
  }

  function adminList(query = '') {
    return t.http.get(`/api/posts${query}`).set('Authorization', bearer()).expect(200);
  }

  describe('POST /api/posts', () => {
    it('answers 201 with exactly the contract fields and null for every absent optional field', async () => {
      const body = validPost();
      const response = await create(body).expect(201);
      expect(Object.keys(response.body).sort()).toEqual(POST_FIELDS);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: body.title,
        titleEn: null,
        content: body.content,
        contentEn: null,
        excerpt: body.excerpt,
        excerptEn: null,
        thumbnailUrl: null,
        slug: body.slug,
        published: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      for (const stamp of [response.body.createdAt, response.body.updatedAt]) {
        expect(new Date(stamp).toISOString()).toBe(stamp);
        expect(Math.abs(Date.now() - Date.parse(stamp))).toBeLessThan(60_000);
      }
    });

    it('stores and returns every field of a full post', async () => {
      const body = fullPost();
      const created = await createdPost(body);
      expect(created).toMatchObject(body);
      const bySlug = await t.http.get(`/api/posts/slug/${created.slug}`).expect(200);
      expect(bySlug.body).toEqual(created);
    });

    it('makes a post a draft (published false) unless told otherwise', async () => {
      const created = await createdPost(validPost());
      expect(created.published).toBe(false);
      await t.http.get(`/api/posts/slug/${created.slug}`).expect(404);
    });

    it("stores an empty thumbnailUrl ('') as null", async () => {
      expect((await createdPost(validPost({ thumbnailUrl: '' }))).thumbnailUrl).toBeNull();
    });

    it('stores empty English fields as null', async () => {
      const created = await createdPost(validPost({ titleEn: '', contentEn: '  ', excerptEn: '' }));
      expect(created).toMatchObject({ titleEn: null, contentEn: null, excerptEn: null });
    });

    it.each<[string, PostBody]>([
      ['a title of exactly 5 characters', { title: ko(5) }],
      ['a title of exactly 40 characters', { title: ko(40) }],
      ['a titleEn of exactly 80 characters', { titleEn: en(80) }],
      ['a content of exactly 50 characters', { content: ko(50) }],
      ['a content of exactly 1200 characters', { content: ko(1200) }],
      ['a contentEn of exactly 2400 characters', { contentEn: en(2400) }],
      ['an excerpt of exactly 20 characters', { excerpt: ko(20) }],
      ['an excerpt of exactly 100 characters', { excerpt: ko(100) }],
      ['an excerptEn of exactly 200 characters', { excerptEn: en(200) }],
      ['an https thumbnailUrl', { thumbnailUrl: 'https://cdn.example.com/images/rose.png?w=600' }],
      ['an http thumbnailUrl', { thumbnailUrl: 'http://example.com/a.jpg' }],
      ['a slug of 1 character', { slug: slugOf(1) }],
      ['a slug of exactly 30 characters', { slug: slugOf(30) }],
      ['a slug of lowercase letters, digits and hyphens', { slug: `gift-2025-${uniqueSuffix()}` }],
      ['published true', { published: true }],
      ['published false', { published: false }],
    ])('accepts %s', async (_, overrides) => {
      const created = await createdPost(validPost(overrides));
      expect(created).toMatchObject(overrides);
    });

    it.each<[string, PostBody, string, MessageKey]>([
      ['a title of 4 characters', { title: ko(4) }, 'title', 'title.min'],
      ['a title of 4 characters once trimmed', { title: `  ${ko(4)}  ` }, 'title', 'title.min'],
      ['a missing title', { title: undefined }, 'title', 'title.min'],
      ['a title of 41 characters', { title: ko(41) }, 'title', 'title.max'],
      ['a title that is a number', { title: 1234567 }, 'title', 'field.string'],
      ['a titleEn of 81 characters', { titleEn: en(81) }, 'titleEn', 'titleEn.max'],
      ['a content of 49 characters', { content: ko(49) }, 'content', 'content.min'],
      ['a missing content', { content: undefined }, 'content', 'content.min'],
      ['a content of 1201 characters', { content: ko(1201) }, 'content', 'content.max'],
      ['a contentEn of 2401 characters', { contentEn: en(2401) }, 'contentEn', 'contentEn.max'],
      ['an excerpt of 19 characters', { excerpt: ko(19) }, 'excerpt', 'excerpt.min'],
      ['a missing excerpt', { excerpt: undefined }, 'excerpt', 'excerpt.min'],
      ['an excerpt of 101 characters', { excerpt: ko(101) }, 'excerpt', 'excerpt.max'],
      ['an excerptEn of 201 characters', { excerptEn: en(201) }, 'excerptEn', 'excerptEn.max'],
      ["the thumbnailUrl 'not a url'", { thumbnailUrl: 'not a url' }, 'thumbnailUrl', 'field.url'],
      ['a javascript: thumbnailUrl', { thumbnailUrl: 'javascript:alert(1)' }, 'thumbnailUrl', 'field.url'],
      ['published null', { published: null }, 'published', 'field.boolean'],
      ["published 'true' (a string)", { published: 'true' }, 'published', 'field.boolean'],
      ['an ftp thumbnailUrl', { thumbnailUrl: 'ftp://example.com/a.png' }, 'thumbnailUrl', 'field.url'],
      ['an empty slug', { slug: '' }, 'slug', 'slug.required'],
      ['a missing slug', { slug: undefined }, 'slug', 'slug.required'],
      ['a slug of 31 characters', { slug: slugOf(31) }, 'slug', 'slug.max'],
      ['a slug with uppercase letters', { slug: 'Gift-Ideas' }, 'slug', 'slug.pattern'],
      ['a slug with a space', { slug: 'gift ideas' }, 'slug', 'slug.pattern'],
      ['a slug with an underscore', { slug: 'gift_ideas' }, 'slug', 'slug.pattern'],
      ['a slug in Korean', { slug: '선물-아이디어' }, 'slug', 'slug.pattern'],
      ['a slug with a slash', { slug: 'gift/ideas' }, 'slug', 'slug.pattern'],
      ['a slug that is a number', { slug: 42 }, 'slug', 'field.string'],
      ["published 'yes'", { published: 'yes' }, 'published', 'field.boolean'],
      ['an unknown field', { author: 'admin' }, 'author', 'field.unknown'],
    ])('rejects %s', async (_, overrides, field, key) => {
      for (const language of ['ko', 'en'] as const) {
        const response = await expectNoWrites(t, () => create(validPost(overrides), language));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationError([{ field, message: MESSAGES[key][language] }], language));
      }
    });

    it('answers 400 to a NUL character in the content, and stores nothing', async () => {
      const response = await expectNoWrites(t, () => create(validPost({ content: `${ko(60)}\u0000` })));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: '잘못된 요청입니다' });
    });

    it('answers 409 for a slug that is already taken, and stores nothing', async () => {
      const existing = await createdPost(validPost());
      const response = await expectNoWrites(t, () => create(validPost({ slug: existing.slug })));
      expect(response.status).toBe(409);
      expect(response.body).toEqual(SLUG_TAKEN);
    });

    it('answers 409 in English with Accept-Language: en', async () => {
      const existing = await createdPost(validPost());
      const response = await create(validPost({ slug: existing.slug }), 'en').expect(409);
      expect(response.body).toEqual({ statusCode: 409, error: 'This URL slug is already in use' });
    });
  });

  describe('PATCH /api/posts/:id', () => {
    it('changes only the fields it is given and answers 200 with the whole post', async () => {
      const original = await createdPost(fullPost());
      const response = await patch(original.id, { title: '바뀐 제목입니다' }).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(POST_FIELDS);
      expect(response.body).toEqual({ ...original, title: '바뀐 제목입니다', updatedAt: expect.any(String) });
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(original.updatedAt));
      const stored = await t.http.get(`/api/posts/slug/${original.slug}`).expect(200);
      expect(stored.body).toEqual(response.body);
    });

    it('publishes a draft', async () => {
      const draft = await createdPost(validPost());
      await patch(draft.id, { published: true }).expect(200);
      const list = await publicList('?published=true');
      expect(list.body.map((p: { id: string }) => p.id)).toContain(draft.id);
    });

    it('clears an optional field set to null or empty', async () => {
      const original = await createdPost(fullPost());
      const response = await patch(original.id, { titleEn: null, thumbnailUrl: '' }).expect(200);
      expect(response.body).toMatchObject({ titleEn: null, thumbnailUrl: null, contentEn: original.contentEn });
    });

    it('keeps its own slug without a conflict', async () => {
      const original = await createdPost(validPost());
      await patch(original.id, { slug: original.slug, title: '같은 슬러그 유지' }).expect(200);
    });

    it("answers 409 when the new slug is another post's, and changes nothing", async () => {
      const first = await createdPost(validPost());
      const second = await createdPost(validPost());
      const response = await patch(second.id, { slug: first.slug }).expect(409);
      expect(response.body).toEqual(SLUG_TAKEN);
      const stored = await adminList();
      expect(stored.body.find((p: { id: string }) => p.id === second.id)).toEqual(second);
    });

    it('answers 400 for title null, and changes nothing', async () => {
      const original = await createdPost(validPost());
      const response = await patch(original.id, { title: null }).expect(400);
      expect(response.body).toEqual(validationError([{ field: 'title', message: MESSAGES['title.min'].ko }]));
      const stored = await adminList();
      expect(stored.body.find((p: { id: string }) => p.id === original.id)).toEqual(original);
    });

    it.each<[string, PostBody, string, MessageKey]>([
      ['a title of 41 characters', { title: ko(41) }, 'title', 'title.max'],
      ['an excerpt of 19 characters', { excerpt: ko(19) }, 'excerpt', 'excerpt.min'],
      ['an uppercase slug', { slug: 'Upper' }, 'slug', 'slug.pattern'],
      ['an empty slug', { slug: '' }, 'slug', 'slug.required'],
      ['content null', { content: null }, 'content', 'content.min'],
      ['published null', { published: null }, 'published', 'field.boolean'],
    ])('answers 400 for %s', async (_, body, field, key) => {
      const original = await createdPost(validPost());
      const response = await patch(original.id, body).expect(400);
      expect(response.body).toEqual(validationError([{ field, message: MESSAGES[key].ko }]));
    });

    it('answers 404 for an unknown id', async () => {
      const response = await patch(randomUUID(), { title: '없는 글의 제목' }).expect(404);
      expect(response.body).toEqual(NOT_FOUND);
    });

    it.each(['not-a-uuid', '123', "1' OR '1'='1"])('answers 404 for the malformed id %p', async (id) => {
      const response = await patch(encodeURIComponent(id), { title: '없는 글의 제목' }).expect(404);
      expect(response.body).toEqual(NOT_FOUND);
    });
  });

  describe('DELETE /api/posts/:id', () => {
    it('answers 204, then the post is gone (404 for every way to reach it)', async () => {
      const post = await createdPost(fullPost());
      const response = await t.http.delete(`/api/posts/${post.id}`).set('Authorization', bearer()).expect(204);
      expect(response.text).toBe('');
      const again = await t.http.delete(`/api/posts/${post.id}`).set('Authorization', bearer()).expect(404);
      expect(again.body).toEqual(NOT_FOUND);
      await t.http.get(`/api/posts/slug/${post.slug}`).set('Authorization', bearer()).expect(404);
      await patch(post.id, { title: '지워진 글의 제목' }).expect(404);
      const rows = await t.db.query('SELECT 1 FROM blog_posts WHERE id = $1', [post.id]);
      expect(rows).toHaveLength(0);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const response = await t.http.delete(`/api/posts/${id}`).set('Authorization', bearer()).expect(404);
        expect(response.body).toEqual(NOT_FOUND);
      }
    });
  });

  describe('reading posts', () => {
    let older: { id: string; slug: string };
    let draft: { id: string; slug: string };
    let newer: { id: string; slug: string };

    beforeAll(async () => {
      older = await createdPost(validPost({ published: true }));
      draft = await createdPost(validPost({ published: false }));
      newer = await createdPost(validPost({ published: true }));
    });

    const ids = (posts: { id: string }[]) => posts.map((p) => p.id);
    const expectNewestFirst = (posts: { createdAt: string }[]) => {
      const stamps = posts.map((p) => Date.parse(p.createdAt));
      expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    };

    it('GET /api/posts?published=true lists published posts only, newest first, in the contract shape', async () => {
      const { body } = await publicList('?published=true');
      expect(body.every((p: { published: boolean }) => p.published)).toBe(true);
      expectNewestFirst(body);
      const mine = ids(body).filter((id) => [older.id, draft.id, newer.id].includes(id));
      expect(mine).toEqual([newer.id, older.id]);
      for (const post of body) expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
    });

    it.each(['', '?published=true', '?published=false', '?published=all', '?published=1', '?published='])(
      'never returns a draft to GET /api/posts%s without a token',
      async (query) => {
        const { body } = await publicList(query);
        expect(body.length).toBeGreaterThan(0);
        expect(body.filter((p: { published: boolean }) => !p.published)).toEqual([]);
        expect(ids(body)).not.toContain(draft.id);
      },
    );

    it('answers 404 for a draft by slug without a token', async () => {
      const response = await t.http.get(`/api/posts/slug/${draft.slug}`).expect(404);
      expect(response.body).toEqual(NOT_FOUND);
    });

    it('returns a published post by slug without a token', async () => {
      const response = await t.http.get(`/api/posts/slug/${newer.slug}`).expect(200);
      expect(response.body).toEqual(newer);
    });

    it('answers 400, not 500, to a slug with a NUL character', async () => {
      const response = await t.http.get('/api/posts/slug/a%00b').expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: '잘못된 요청입니다' });
    });

    it('answers 404 for an unknown slug', async () => {
      const response = await t.http.get(`/api/posts/slug/no-such-post-${uniqueSuffix()}`).expect(404);
      expect(response.body).toEqual(NOT_FOUND);
    });

    it('lists drafts too for a valid admin token, newest first', async () => {
      for (const query of ['', '?published=false']) {
        const { body } = await adminList(query);
        expectNewestFirst(body);
        const mine = ids(body).filter((id) => [older.id, draft.id, newer.id].includes(id));
        expect(mine).toEqual([newer.id, draft.id, older.id]);
      }
    });

    it('lists only published posts for ?published=true even with an admin token', async () => {
      const { body } = await adminList('?published=true');
      expect(ids(body)).not.toContain(draft.id);
      expect(body.every((p: { published: boolean }) => p.published)).toBe(true);
    });

    it('returns a draft by slug to a valid admin token', async () => {
      const response = await t.http.get(`/api/posts/slug/${draft.slug}`).set('Authorization', bearer()).expect(200);
      expect(response.body).toEqual(draft);
    });

    describe('with an invalid token (never a silent public list)', () => {
      const expired = () =>
        new JwtService({ secret: JWT_SECRET }).sign({ sub: 'admin', exp: Math.floor(Date.now() / 1000) - 60 });
      const forged = () =>
        new JwtService({ secret: 'another-secret-that-is-long-enough-000000' }).sign({ sub: 'admin' });
      const cases: [string, () => string][] = [
        ['an expired token', () => `Bearer ${expired()}`],
        ['a token signed with another secret', () => `Bearer ${forged()}`],
        ['a malformed token', () => 'Bearer not-a-jwt'],
        ['an empty Authorization header', () => ''],
      ];

      it.each(cases)('answers 401 to GET /api/posts with %s', async (_, header) => {
        for (const query of ['', '?published=true', '?published=false']) {
          const response = await t.http.get(`/api/posts${query}`).set('Authorization', header()).expect(401);
          expect(response.body).toEqual({ statusCode: 401, error: expect.any(String) });
          expect(JSON.stringify(response.body)).not.toContain(draft.slug);
        }
      });

      it.each(cases)('answers 401 to GET /api/posts/slug/:slug with %s', async (_, header) => {
        for (const slug of [draft.slug, newer.slug]) {
          const response = await t.http.get(`/api/posts/slug/${slug}`).set('Authorization', header()).expect(401);
          expect(response.body).toEqual({ statusCode: 401, error: expect.any(String) });
        }
      });
    });
  });
});
