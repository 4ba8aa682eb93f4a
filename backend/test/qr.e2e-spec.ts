import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { SseClient } from './support/sse-client';
import { ADMIN_PASSWORD, PUBLIC_URL, startTestApp, type TestApp } from './support/test-app';
import { createTestSchema, type TestSchema } from './support/test-database';

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: string;
}

function decodePng(bytes: Buffer): { width: number; height: number; text: string | undefined } {
  const png = PNG.sync.read(bytes);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, text: decoded?.data };
}

describe('QR codes over HTTP', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp({ TRY_SERIAL_FROM: '0500' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  async function generate(count: number, pool?: 'try' | 'print'): Promise<Code[]> {
    const response = await t.http.post('/api/admin/qr').set(auth).send({ count, pool }).expect(201);
    return response.body.items;
  }

  describe('generation (admin)', () => {
    it('numbers new codes after the highest serial, zero-padded, with long URL-safe tokens', async () => {
      const first = await generate(3);
      expect(first.map((c) => c.serialNumber)).toEqual(['0001', '0002', '0003']);
      const next = await generate(2);
      expect(next.map((c) => c.serialNumber)).toEqual(['0004', '0005']);
      for (const code of [...first, ...next]) {
        expect(code.status).toBe('unused');
        expect(code.qrToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      }
      expect(new Set([...first, ...next].map((c) => c.qrToken)).size).toBe(5);
    });

    it('accepts 1 and 1000 codes at a time and rejects 0, 1001 and non-integers', async () => {
      for (const count of [0, 1001, 2.5, '10', null]) {
        const response = await t.http.post('/api/admin/qr').set(auth).send({ count }).expect(400);
        expect(response.body.details[0]).toEqual({
          field: 'count',
          message: '한 번에 1개에서 1000개까지 만들 수 있습니다',
        });
      }
      const before = await t.http.get('/api/admin/qr').set(auth).expect(200);
      const created = await generate(1000);
      expect(created).toHaveLength(1000);
      const serials = created.map((c) => Number(c.serialNumber));
      expect(serials[0]).toBe(before.body.total + 1);
      expect(serials[999]).toBe(before.body.total + 1000);
    });

    it('continues past 9999 and orders 10000 after 9999', async () => {
      // Bring the highest serial to 9998 directly, then let the API generate across the boundary.
      await t.db.query(`INSERT INTO qr_codes (serial_number, qr_token) VALUES ('9998', 'boundary-token-000000000000')`);
      const created = await generate(3);
      expect(created.map((c) => c.serialNumber)).toEqual(['9999', '10000', '10001']);
      const page = await t.http.get('/api/admin/qr?serial=999&pageSize=200').set(auth).expect(200);
      const serials: string[] = page.body.items.map((c: Code) => c.serialNumber);
      expect(serials.indexOf('9999')).toBeLessThan(serials.length);
      const all = await t.http.get('/api/admin/qr?serial=100&pageSize=200').set(auth).expect(200);
      const tail: string[] = all.body.items.map((c: Code) => c.serialNumber).filter((s: string) => s.length === 5);
      expect(tail).toEqual(['10000', '10001']);
    });
  });

  describe('admin list and status changes', () => {
    it('lists by serial with a status filter, a serial search, paging and counts per status', async () => {
      const response = await t.http.get('/api/admin/qr?page=2&pageSize=10').set(auth).expect(200);
      expect(response.body.items).toHaveLength(10);
      expect(response.body.page).toBe(2);
      expect(response.body.items[0].serialNumber).toBe('0011');
      expect(response.body.counts).toEqual(expect.objectContaining({ unused: response.body.total, disabled: 0 }));
      const search = await t.http.get('/api/admin/qr?serial=0004').set(auth).expect(200);
      expect(search.body.items.map((c: Code) => c.serialNumber)).toEqual(['0004']);
      await t.http.get('/api/admin/qr?status=lost').set(auth).expect(400);
      await t.http.get('/api/admin/qr?pageSize=201').set(auth).expect(400);
    });

    it('disables and re-enables a code, and refuses codes that hold a message', async () => {
      const [code] = await generate(1);
      const disabled = await t.http
        .patch(`/api/admin/qr/${code.id}`)
        .set(auth)
        .send({ status: 'disabled' })
        .expect(200);
      expect(disabled.body.status).toBe('disabled');
      await t.http.patch(`/api/admin/qr/${code.id}`).set(auth).send({ status: 'unused' }).expect(200);
      await t.http.patch(`/api/admin/qr/${code.id}`).set(auth).send({ status: 'recorded' }).expect(400);
      await t.db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [code.id]);
      const locked = await t.http
        .patch(`/api/admin/qr/${code.id}`)
        .set({ ...auth, 'Accept-Language': 'en' })
        .send({ status: 'disabled' })
        .expect(409);
      expect(locked.body.error).toBe('A QR code that holds or held a message cannot be changed by hand');
      await t.http
        .patch('/api/admin/qr/00000000-0000-4000-8000-000000000000')
        .set(auth)
        .send({ status: 'disabled' })
        .expect(404);
      await t.http.patch('/api/admin/qr/not-a-uuid').set(auth).send({ status: 'disabled' }).expect(404);
    });
  });

  describe('the public list for /try', () => {
    it('offers unused codes of the try pool, ascending, at most 100, in the contract shape', async () => {
      expect((await t.http.get('/api/qr/available').expect(200)).body).toEqual([]); // all print so far
      const tries = await generate(110, 'try');
      await t.http.patch(`/api/admin/qr/${tries[0].id}`).set(auth).send({ status: 'disabled' }).expect(200);
      const response = await t.http.get('/api/qr/available').expect(200);
      const codes: Code[] = response.body;
      expect(codes).toHaveLength(100);
      expect(codes.map((c) => c.id)).toEqual(tries.slice(1, 101).map((c) => c.id));
      expect(Object.keys(codes[0]).sort()).toEqual(['id', 'qrToken', 'serialNumber', 'status']);
      const values = codes.map((c) => Number(c.serialNumber));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(codes.every((c) => c.status === 'unused')).toBe(true);
    });
  });

  describe('QR images', () => {
    it('draws exact 200 and 300 pixel PNGs of the verification link, cacheable for long', async () => {
      const [code] = (await t.http.get('/api/qr/available').expect(200)).body as Code[];
      for (const size of [200, 300]) {
        const response = await fetch(`${t.url}/api/qr/${code.qrToken}/image.png?size=${size}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(response.headers.get('cache-control')).toContain('max-age=31536000');
        const image = decodePng(Buffer.from(await response.arrayBuffer()));
        expect(image).toEqual({ width: size, height: size, text: `${PUBLIC_URL}/v/${code.qrToken}` });
      }
    });

    it('answers 404 for an unknown token and 400 for other sizes', async () => {
      const [code] = (await t.http.get('/api/qr/available').expect(200)).body as Code[];
      await t.http.get('/api/qr/unknown-token-0000000000/image.png?size=200').expect(404);
      await t.http.get('/api/qr/..%2f..%2fetc/image.png').expect(404);
      for (const size of ['250', '0', 'big', '200.5']) {
        await t.http.get(`/api/qr/${code.qrToken}/image.png?size=${size}`).expect(400);
      }
    });
  });

  describe('the live stream', () => {
    it('sends a snapshot on connect and a new one after every admin change', async () => {
      const client = await SseClient.connect(`${t.url}/api/qr/available/stream`);
      try {
        expect(client.headers['content-type']).toContain('text/event-stream');
        const [first] = await Promise.all([client.waitForSnapshot<Code[]>(() => true)]);
        const target = first[0];
        await t.http.patch(`/api/admin/qr/${target.id}`).set(auth).send({ status: 'disabled' }).expect(200);
        const after = await client.waitForSnapshot<Code[]>((codes) => !codes.some((c) => c.id === target.id), 1);
        expect(after[0].serialNumber).not.toBe(target.serialNumber);
        await t.http.patch(`/api/admin/qr/${target.id}`).set(auth).send({ status: 'unused' }).expect(200);
        await client.waitForSnapshot<Code[]>((codes) => codes[0].id === target.id, 2);
      } finally {
        client.close();
      }
    });
  });
});

describe('QR changes across replicas', () => {
  let schema: TestSchema;
  let a: TestApp;
  let b: BackendProcess;

  beforeAll(async () => {
    schema = await createTestSchema();
    a = await startTestApp({}, { schema });
    b = await startBackendProcess({
      DATABASE_URL: schema.url,
      ADMIN_PASSWORD,
      JWT_SECRET: 'another-replica-secret-0123456789-abcdef',
      S3_ENDPOINT: a.storage.endpoint,
      S3_BUCKET: 'giftcast-test',
      S3_ACCESS_KEY_ID: a.storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: a.storage.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
  });
  afterAll(async () => {
    await b.stop();
    await a.close();
    await schema.drop();
  });

  it('a status change made through one backend process reaches a stream client of another within a second', async () => {
    const token = await a.adminToken();
    const created = await a.http
      .post('/api/admin/qr')
      .set({ Authorization: `Bearer ${token}` })
      .send({ count: 510, pool: 'try' });
    expect(created.status).toBe(201);
    const client = await SseClient.connect(`${b.url}/api/qr/available/stream`);
    try {
      const first = await client.waitForSnapshot<Code[]>((codes) => codes.length > 0);
      const changedAt = Date.now();
      await a.http
        .patch(`/api/admin/qr/${first[0].id}`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ status: 'disabled' })
        .expect(200);
      await client.waitForSnapshot<Code[]>((codes) => codes[0].id !== first[0].id, 1, 1000);
      const received = client.events[client.events.length - 1].receivedAt;
      expect(received - changedAt).toBeLessThan(1000);
    } finally {
      client.close();
    }
  });
});
