import { startTestApp, type TestApp } from './support/test-app';
import { expectNoWrites } from './support/no-writes';

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
      for (const email of ['a@example.com', 'b@example.com', '=cmd@example.com']) {
        await t.http.post('/api/subscribe').send({ email }).expect(201);
      }
      const [{ unsubscribe_token }] = await t.db.query(
        `SELECT unsubscribe_token FROM blog_subscribers WHERE email = 'b@example.com'`,
      );
      await t.http.post('/api/unsubscribe').send({ token: unsubscribe_token }).expect(200);
    });

    it('lists subscribers with active and inactive counts, without their tokens', async () => {
      const response = await t.http.get('/api/admin/subscribers').set(auth).expect(200);
      expect(response.body.counts).toEqual({ active: 2, inactive: 1 });
      expect(response.body.total).toBe(3);
      expect(Object.keys(response.body.items[0]).sort()).toEqual(['active', 'email', 'id', 'language', 'subscribedAt']);
      const inactive = await t.http.get('/api/admin/subscribers?active=false').set(auth).expect(200);
      expect(inactive.body.items.map((s: { email: string }) => s.email)).toEqual(['b@example.com']);
    });

    it('exports every subscriber as CSV that spreadsheets do not run as formulas', async () => {
      const response = await t.http.get('/api/admin/subscribers/export.csv').set(auth).expect(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('giftcast-subscribers.csv');
      const lines = response.text.trim().split('\r\n');
      expect(lines[0]).toBe('email,language,active,subscribedAt');
      expect(lines).toHaveLength(4);
      expect(lines.some((l) => l.startsWith('"\'=cmd@example.com"'))).toBe(true);
      expect(lines.some((l) => l.startsWith('"b@example.com","ko","false"'))).toBe(true);
    });
  });
});
