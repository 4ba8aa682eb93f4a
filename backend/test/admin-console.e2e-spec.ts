import { expectContractError, validationError } from './support/contract';
import { fullPost, uniqueSuffix, validPost } from './support/factories';
import { subscribeConfirmed } from './support/newsletter';
import { startTestApp, type TestApp } from './support/test-app';
import { expectNoWrites } from './support/no-writes';

interface ListedPost {
  id: string;
  slug: string;
  published: boolean;
  createdAt: string;
}
const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

describe('admin console calls', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  describe('inquiries', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 3; i++) {
        await t.http
          .post('/api/contact')
          .send({ name: `Contact ${i}`, email: `c${i}@example.com`, message: 'A question about gifts.' })
          .expect(201);
      }
      await t.http
        .post('/api/partner')
        .send({ name: 'Flower Shop', email: 'shop@example.com', message: 'We would like to partner.' })
        .expect(201);
    });

    it('lists inquiries newest first, filtered by type and paged', async () => {
      const all = await t.http.get('/api/admin/inquiries').set(auth).expect(200);
      expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
      expect(all.body.items[0].name).toBe('Flower Shop');
      const partners = await t.http.get('/api/admin/inquiries?type=partner').set(auth).expect(200);
      expect(partners.body.items.map((i: { submissionType: string }) => i.submissionType)).toEqual(['partner']);
      const paged = await t.http.get('/api/admin/inquiries?type=contact&page=2&pageSize=2').set(auth).expect(200);
      expect(paged.body.items.map((i: { name: string }) => i.name)).toEqual(['Contact 1']);
      await t.http.get('/api/admin/inquiries?type=spam').set(auth).expect(400);
    });

    it('shows one inquiry, and 404 for an unknown or malformed id', async () => {
      const [first] = (await t.http.get('/api/admin/inquiries').set(auth).expect(200)).body.items;
      const detail = await t.http.get(`/api/admin/inquiries/${first.id}`).set(auth).expect(200);
      expect(detail.body).toMatchObject({ name: 'Flower Shop', message: 'We would like to partner.' });
      await t.http.get('/api/admin/inquiries/00000000-0000-4000-8000-000000000000').set(auth).expect(404);
      await t.http.get('/api/admin/inquiries/nope').set(auth).expect(404);
    });
  });

  describe('posts', () => {
    /** Oldest first, as created; drafts at 1 and 3. */
    let created: ListedPost[];
    const newestFirst = () => [...created].reverse();
    const list = (query: Record<string, string | number | string[]> = {}) =>
      t.http.get('/api/admin/posts').query(query).set(auth);

    beforeAll(async () => {
      created = [];
      for (let i = 0; i < 5; i++) {
        const response = await t.http
          .post('/api/posts')
          .set(auth)
          .send(validPost({ published: i % 2 === 0 }))
          .expect(201);
        created.push(response.body);
      }
    });

    it('lists every post, drafts included, newest first, 50 to a page by default', async () => {
      const { body } = await list().expect(200);
      expect(body).toEqual({ items: newestFirst(), total: 5, page: 1, pageSize: 50 });
      expect(body.items.filter((p: ListedPost) => !p.published)).toHaveLength(2);
    });

    it('gives its items exactly as GET /api/posts gives them to an admin', async () => {
      const paged = await list().expect(200);
      const whole = await t.http.get('/api/posts').set(auth).expect(200);
      expect(paged.body.items).toEqual(whole.body);
    });

    it('pages with page and pageSize, the last page holding the rest', async () => {
      const order = ids(newestFirst());
      const second = await list({ page: 2, pageSize: 2 }).expect(200);
      expect(second.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(ids(second.body.items)).toEqual(order.slice(2, 4));
      const last = await list({ page: 3, pageSize: 2 }).expect(200);
      expect(ids(last.body.items)).toEqual(order.slice(4));
    });

    it.each([4, 100_000])('answers page %p past the end with no items and the total', async (page) => {
      const { body } = await list({ page, pageSize: 2 }).expect(200);
      expect(body).toEqual({ items: [], total: 5, page, pageSize: 2 });
    });

    it('accepts pageSize 200, the largest page', async () => {
      const { body } = await list({ pageSize: 200 }).expect(200);
      expect(body).toEqual({ items: newestFirst(), total: 5, page: 1, pageSize: 200 });
    });

    it.each([
      ['pageSize', { pageSize: 201 }],
      ['pageSize', { pageSize: 0 }],
      ['pageSize', { pageSize: 'ten' }],
      ['page', { page: 0 }],
      ['page', { page: 1.5 }],
      ['page', { page: 100_001 }],
    ])('answers 400 in the contract shape to a bad %s (%p)', async (field, query) => {
      const response = await list(query).expect(400);
      expect(response.body).toEqual(validationError([{ field, message: '정수여야 합니다' }]));
      const english = await list(query).set('Accept-Language', 'en').expect(400);
      expect(english.body).toEqual(validationError([{ field, message: 'Must be a whole number' }], 'en'));
    });

    it('answers 401 without a token, and with a bad one', async () => {
      const anonymous = await t.http.get('/api/admin/posts').expect(401);
      expect(anonymous.body).toEqual({ statusCode: 401, error: '관리자 로그인이 필요합니다' });
      const forged = await t.http.get('/api/admin/posts').set('Authorization', 'Bearer not-a-jwt').expect(401);
      expect(forged.body).toEqual({ statusCode: 401, error: expect.any(String) });
      expect(JSON.stringify(forged.body)).not.toContain(created[1].slug);
    });

    it('keeps posts created in the same instant in one order, so no page repeats or skips one', async () => {
      const tiedPosts = created.slice(0, 4);
      const newest = created[4];
      await t.db.query(
        'UPDATE blog_posts SET created_at = (SELECT created_at FROM blog_posts WHERE id = $1) WHERE id = ANY($2)',
        [tiedPosts[1].id, ids(tiedPosts)],
      );
      const { body } = await list().expect(200);
      expect(ids(body.items)).toEqual([newest.id, ...ids(tiedPosts).sort().reverse()]);
      const oneByOne: string[] = [];
      for (let page = 1; page <= 5; page++) {
        oneByOne.push(...ids((await list({ page, pageSize: 1 }).expect(200)).body.items));
      }
      expect(oneByOne).toEqual(ids(body.items));
    });

    describe('searching with q', () => {
      const suffix = uniqueSuffix();
      let tulip: ListedPost;
      let cake: ListedPost;
      let orchid: ListedPost;

      beforeAll(async () => {
        const create = async (body: object) =>
          (await t.http.post('/api/posts').set(auth).send(body).expect(201)).body as ListedPost;
        tulip = await create(validPost({ slug: `tulip-${suffix}`, title: '튤립 꽃다발 선물', published: true }));
        cake = await create(
          fullPost({ slug: `cake-${suffix}`, title: '케이크와 함께 보내요', titleEn: 'A birthday CAKE' }),
        );
        orchid = await create(
          validPost({ slug: `orchid-${suffix}`, title: '난초 화분 돌보기', titleEn: 'Orchids: 100% care_tips' }),
        );
      });

      it.each([
        ['the slug, ignoring case', 'TULIP-', () => [tulip]],
        ['the Korean title', '꽃다발', () => [tulip]],
        ['the English title, ignoring case', 'Birthday cake', () => [cake]],
        ['a draft', 'orchid', () => [orchid]],
        ['text with a %', '100%', () => [orchid]],
        ['a % literally', '%', () => [orchid]],
        ['a _ literally', '_', () => [orchid]],
        // Unescaped, the backslash would make the % literal and find the orchid post.
        ['a backslash literally (none has one)', '\\%', () => []],
      ])('finds %s (%p)', async (_, q, expected) => {
        const { body } = await list({ q }).expect(200);
        expect(body).toEqual({ items: expected(), total: expected().length, page: 1, pageSize: 50 });
      });

      it('pages the matches and trims the search', async () => {
        // The five posts above share the factory's title; the cake post does not.
        const all = await list({ q: '  영상 편지  ' }).expect(200);
        expect(all.body.total).toBe(5);
        const second = await list({ q: '영상 편지', page: 2, pageSize: 3 }).expect(200);
        expect(second.body).toEqual({ items: all.body.items.slice(3), total: 5, page: 2, pageSize: 3 });
      });

      it.each(['', '   '])('lists everything for the empty search %p', async (q) => {
        const { body } = await list({ q }).expect(200);
        expect(body.total).toBe(8);
      });

      it('accepts a search of 100 characters and answers 400 to 101', async () => {
        expect((await list({ q: 'a'.repeat(100) }).expect(200)).body).toMatchObject({ items: [], total: 0 });
        const response = await list({ q: 'a'.repeat(101) }).expect(400);
        expect(response.body).toEqual(validationError([{ field: 'q', message: '검색어는 100자 이내로 입력해주세요' }]));
        const english = await list({ q: 'a'.repeat(101) })
          .set('Accept-Language', 'en')
          .expect(400);
        expect(english.body).toEqual(
          validationError([{ field: 'q', message: 'The search must be 100 characters or fewer' }], 'en'),
        );
      });

      it('answers 400 to q given twice', async () => {
        const response = await list({ q: ['tulip', 'cake'] }).expect(400);
        expect(response.body).toEqual(validationError([{ field: 'q', message: '문자열이어야 합니다' }]));
      });

      it('answers 400, not 500, to a NUL character in the search', async () => {
        const response = await t.http.get('/api/admin/posts?q=a%00b').set(auth).expect(400);
        expect(response.body).toEqual({ statusCode: 400, error: '잘못된 요청입니다' });
      });
    });
  });

  describe('testimonials', () => {
    const valid = { name: '김민지', role: '꽃집 운영', content: '손님들이 정말 좋아하세요. 감사합니다!' };

    it('creates with the spec defaults (rating 5, not featured), edits and deletes', async () => {
      const created = await t.http.post('/api/admin/testimonials').set(auth).send(valid).expect(201);
      expect(created.body).toMatchObject({ ...valid, rating: '5', featured: false, nameEn: null, imageUrl: null });
      const featured = await t.http
        .patch(`/api/admin/testimonials/${created.body.id}`)
        .set(auth)
        .send({ featured: true, nameEn: 'Minji Kim', rating: '4', imageUrl: 'https://example.com/a.jpg' })
        .expect(200);
      expect(featured.body).toMatchObject({ featured: true, nameEn: 'Minji Kim', rating: '4' });
      const shown = await t.http.get('/api/testimonials/featured').expect(200);
      expect(shown.body.map((x: { id: string }) => x.id)).toContain(created.body.id);
      await t.http.delete(`/api/admin/testimonials/${created.body.id}`).set(auth).expect(204);
      await t.http.delete(`/api/admin/testimonials/${created.body.id}`).set(auth).expect(404);
      const list = await t.http.get('/api/admin/testimonials').set(auth).expect(200);
      expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(created.body.id);
    });

    it.each([
      ['name', { name: '김' }, '이름을 2자 이상 입력해주세요'],
      ['role', { role: '꽃' }, '역할/직책을 입력해주세요'],
      ['content', { content: '123456789' }, '후기를 10자 이상 입력해주세요'],
      ['imageUrl', { imageUrl: 'not a url' }, '올바른 URL을 입력해주세요'],
      ['videoUrl', { videoUrl: 'ftp://example.com/v.mp4' }, '올바른 URL을 입력해주세요'],
      ['rating', { rating: '6' }, '평점은 1에서 5 사이의 숫자여야 합니다'],
      ['rating', { rating: null }, '평점은 1에서 5 사이의 숫자여야 합니다'],
      ['featured', { featured: null }, '참 또는 거짓이어야 합니다'],
    ])('rejects a bad %s with the spec message and writes nothing', async (field, change, message) => {
      const response = await expectNoWrites(t, () =>
        t.http
          .post('/api/admin/testimonials')
          .set(auth)
          .send({ ...valid, ...change }),
      );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field, message }]);
    });

    it.each([
      ['rating', { rating: null }],
      ['featured', { featured: null }],
    ])('refuses an edit setting %s to null and changes nothing', async (field, change) => {
      const created = await t.http.post('/api/admin/testimonials').set(auth).send(valid).expect(201);
      const response = await t.http.patch(`/api/admin/testimonials/${created.body.id}`).set(auth).send(change);
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field, message: expect.any(String) }]);
      const [stored] = await t.db.query('SELECT rating, featured FROM testimonials WHERE id = $1', [created.body.id]);
      expect(stored).toEqual({ rating: '5', featured: false });
      await t.http.delete(`/api/admin/testimonials/${created.body.id}`).set(auth).expect(204);
    });

    it('accepts names, roles and reviews exactly at their minimum and empty optional URLs', async () => {
      await t.http
        .post('/api/admin/testimonials')
        .set(auth)
        .send({ name: '김민', role: '꽃집', content: '1234567890', imageUrl: '', videoUrl: '' })
        .expect(201);
    });
  });

  describe('subscribers', () => {
    beforeAll(async () => {
      await subscribeConfirmed(t, 'a@example.com');
      const welcome = await subscribeConfirmed(t, 'b@example.com');
      const token = /\/unsubscribe\?token=([\w-]+)/.exec(welcome.text ?? '')![1];
      await t.http.post('/api/unsubscribe').send({ token }).expect(200);
      await t.http.post('/api/subscribe').send({ email: '=cmd@example.com' }).expect(200);
    });

    it("lists subscribers with each one's status and the count of each, without their tokens", async () => {
      const response = await t.http.get('/api/admin/subscribers').set(auth).expect(200);
      expect(response.body.counts).toEqual({ pending: 1, active: 1, unsubscribed: 1 });
      expect(response.body.total).toBe(3);
      expect(Object.keys(response.body.items[0]).sort()).toEqual(['email', 'id', 'language', 'status', 'subscribedAt']);
      const statuses = Object.fromEntries(
        (response.body.items as { email: string; status: string }[]).map((s) => [s.email, s.status]),
      );
      expect(statuses).toEqual({
        'a@example.com': 'active',
        'b@example.com': 'unsubscribed',
        '=cmd@example.com': 'pending',
      });
      for (const status of ['pending', 'active', 'unsubscribed']) {
        const filtered = await t.http.get(`/api/admin/subscribers?status=${status}`).set(auth).expect(200);
        expect(filtered.body.items.map((s: { status: string }) => s.status)).toEqual([status]);
        expect(filtered.body.total).toBe(1);
      }
      const unknown = await t.http.get('/api/admin/subscribers?status=inactive').set(auth);
      expectContractError(unknown, 400);
    });

    it('exports every subscriber as CSV that spreadsheets do not run as formulas', async () => {
      const response = await t.http.get('/api/admin/subscribers/export.csv').set(auth).expect(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('giftcast-subscribers.csv');
      const lines = response.text.trim().split('\r\n');
      expect(lines[0]).toBe('email,language,status,subscribedAt');
      expect(lines).toHaveLength(4);
      expect(lines.some((l) => l.startsWith('"\'=cmd@example.com"'))).toBe(true);
      expect(lines.some((l) => l.startsWith('"b@example.com","ko","unsubscribed"'))).toBe(true);
      expect(lines.some((l) => l.startsWith('"a@example.com","ko","active"'))).toBe(true);
      expect(lines.some((l) => l.startsWith('"\'=cmd@example.com","ko","pending"'))).toBe(true);
    });
  });
});
