import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './support/test-app';

interface Code {
  id: string;
  serialNumber: string;
}

const FULL = {
  ko: '지금은 실시간 목록을 보는 사람이 너무 많습니다. 잠시 후 다시 시도해주세요',
  en: 'Too many people are following the live list right now. Please try again shortly',
};

/** A refused stream: the contract's 503 in the request's language, with Retry-After. */
function expectFull(client: SseClient, language: 'ko' | 'en' = 'ko'): void {
  expect(client.status).toBe(503);
  expect(client.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(client.body)).toEqual({ statusCode: 503, error: FULL[language] });
  expect(Number(client.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('the live /try list is capped in all and per address', () => {
  let t: TestApp;
  const open: SseClient[] = [];
  let addresses = 0;
  /** An address of its own for each test, named by X-Forwarded-For as the trusted local proxy would. */
  const newAddress = () => `203.0.113.${++addresses}`;

  beforeAll(async () => {
    // Streams that outlive every test: only the caps end them here.
    t = await startTestApp({ STREAM_MAX_CLIENTS: '6', STREAM_MAX_PER_ADDRESS: '3', STREAM_LIFETIME_SECONDS: '3600' });
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => t.close());

  async function stream(address: string, language?: string): Promise<SseClient> {
    const client = await SseClient.connect(`${t.url}/api/qr/available/stream`, {
      'X-Forwarded-For': address,
      ...(language ? { 'Accept-Language': language } : {}),
    });
    if (client.status === 200) open.push(client);
    else await client.ended;
    return client;
  }

  /** Until the server has seen the closed streams go: a slot is free once it has. */
  async function streamOnceFreed(address: string): Promise<SseClient> {
    for (;;) {
      const client = await stream(address);
      if (client.status === 200) return client;
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }

  it('serves STREAM_MAX_PER_ADDRESS streams to one address and refuses the next with a 503 and Retry-After, in the visitor language', async () => {
    const visitor = newAddress();
    for (let served = 0; served < 3; served++) expect((await stream(visitor)).status).toBe(200);

    expectFull(await stream(visitor));
    expectFull(await stream(visitor, 'en-US,en;q=0.9'), 'en');
    expect((await stream(newAddress())).status).toBe(200);

    open.shift()!.close();
    expect((await streamOnceFreed(visitor)).status).toBe(200);
  });

  it('serves STREAM_MAX_CLIENTS streams in all and refuses the next from any address, while every other route answers', async () => {
    for (let served = 0; served < 6; served++) expect((await stream(newAddress())).status).toBe(200);

    expectFull(await stream(newAddress()));
    expectFull(await stream(newAddress(), 'en'), 'en');
    await t.http.get('/api/health').expect(200);
    await t.http.get('/api/qr/available').expect(200);
    // The streams held meanwhile are served as before.
    await Promise.all(open.map((client) => client.waitForSnapshot(() => true)));

    open.shift()!.close();
    expect((await streamOnceFreed(newAddress())).status).toBe(200);
  });
});

describe('a live /try stream lasts STREAM_LIFETIME_SECONDS at most', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp({ STREAM_LIFETIME_SECONDS: '2' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    await t.http.post('/api/admin/qr').set(auth).send({ count: 3, pool: 'try' }).expect(201);
  });
  afterAll(() => t.close());

  it('ends after its lifetime, having told the browser when to reconnect, and a reconnect gets the current list', async () => {
    const first = await SseClient.connect(`${t.url}/api/qr/available/stream`);
    const [list] = await Promise.all([first.waitForSnapshot<Code[]>((codes) => codes.length === 3), first.ended]);
    expect(first.retries).toHaveLength(1);
    expect(first.retries[0]).toBeGreaterThanOrEqual(1000);

    // Taken while no stream is open: the reconnect's first snapshot carries it.
    await t.http.patch(`/api/admin/qr/${list[0].id}`).set(auth).send({ status: 'disabled' }).expect(200);
    const again = await SseClient.connect(`${t.url}/api/qr/available/stream`);
    try {
      expect(await again.waitForSnapshot<Code[]>(() => true)).toEqual(list.slice(1));
    } finally {
      again.close();
    }
  });
});
