import { DataSource } from 'typeorm';
import { parseConfig } from '../src/config/config.schema';
import { dataSourceOptions, MIGRATIONS, runMigrations } from '../src/database/data-source';
import { AddQrCodePools1795642959316 } from '../src/database/migrations/1795642959316-AddQrCodePools';
import { type FirestoreEmulator, startFirestoreEmulator } from './support/firestore-emulator';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './support/test-app';
import { createTestSchema, type TestSchema } from './support/test-database';

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: string;
  pool?: string;
}

const serials = (codes: Code[]) => codes.map((code) => code.serialNumber);

/** The app's settings for one QR store driver; Firestore needs its emulator running. */
const drivers = [
  { name: 'postgres', settings: (): Record<string, string> => ({}) },
  {
    name: 'firestore',
    settings: (emulator: FirestoreEmulator): Record<string, string> => ({
      QR_STORE: 'firestore',
      FIREBASE_PROJECT_ID: emulator.newProjectId(),
      FIRESTORE_EMULATOR_HOST: emulator.host,
    }),
  },
];

describe.each(drivers)('QR pools over HTTP ($name store)', ({ name, settings }) => {
  let emulator: FirestoreEmulator | undefined;
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    if (name === 'firestore') emulator = await startFirestoreEmulator();
    // Under the old rule every unused code from #0003 on was offered on /try.
    t = await startTestApp({ TRY_SERIAL_FROM: '0003', ...settings(emulator!) });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(async () => {
    await t.close();
    // firebase-admin ends its listen streams shortly after the app closes them.
    if (emulator) await new Promise((resolve) => setTimeout(resolve, 1000));
    emulator?.stop();
  });

  async function generate(body: object): Promise<Code[]> {
    const response = await t.http.post('/api/admin/qr').set(auth).send(body).expect(201);
    return response.body.items;
  }

  async function available(): Promise<Code[]> {
    return (await t.http.get('/api/qr/available').expect(200)).body;
  }

  it('generates print codes unless asked for try codes, and refuses any other pool', async () => {
    const printed = await generate({ count: 2 });
    expect(printed.map((code) => [code.serialNumber, code.pool])).toEqual([
      ['0001', 'print'],
      ['0002', 'print'],
    ]);
    const offered = await generate({ count: 3, pool: 'try' });
    expect(offered.map((code) => [code.serialNumber, code.pool])).toEqual([
      ['0003', 'try'],
      ['0004', 'try'],
      ['0005', 'try'],
    ]);
    expect((await generate({ count: 1, pool: 'print' }))[0].pool).toBe('print');
    for (const pool of ['vip', '', null, 1, 'TRY']) {
      const response = await t.http
        .post('/api/admin/qr')
        .set({ ...auth, 'Accept-Language': 'en' })
        .send({ count: 1, pool });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'pool', message: 'The pool must be try or print' }]);
    }
  });

  it('documents the pool in the OpenAPI description', async () => {
    const { body } = await t.http.get('/api/docs/openapi.json').expect(200);
    expect(body.components.schemas.GenerateQrCodesDto.properties.pool).toMatchObject({
      enum: ['try', 'print'],
      default: 'print',
    });
    const parameters: { name: string; schema: { enum?: string[] } }[] = body.paths['/api/admin/qr'].get.parameters;
    expect(parameters.find((parameter) => parameter.name === 'pool')?.schema.enum).toEqual(['try', 'print']);
  });

  it('never offers a print code generated after try codes on /try, nor on its stream', async () => {
    const client = await SseClient.connect(`${t.url}/api/qr/available/stream`);
    try {
      const tries = await generate({ count: 2, pool: 'try' });
      await client.waitForSnapshot<Code[]>((codes) => tries.every((code) => codes.some((c) => c.id === code.id)));
      const prints = await generate({ count: 3 });
      const printIds = new Set(prints.map((code) => code.id));
      expect(Math.min(...prints.map((code) => Number(code.serialNumber)))).toBeGreaterThan(
        Math.max(...tries.map((code) => Number(code.serialNumber))),
      );
      // A later try code proves that the stream has sent what followed the print codes.
      const [later] = await generate({ count: 1, pool: 'try' });
      await client.waitForSnapshot<Code[]>((codes) => codes.some((c) => c.id === later.id));

      const listed = await available();
      expect(listed.filter((code) => printIds.has(code.id))).toEqual([]);
      expect(serials(listed)).toEqual(expect.arrayContaining(serials([...tries, later])));
      for (const snapshot of client.snapshots<Code[]>()) {
        expect(snapshot.filter((code) => printIds.has(code.id))).toEqual([]);
      }
      // Only try codes, still in the contract's shape (no pool field on the public list).
      expect(Object.keys(listed[0]).sort()).toEqual(['id', 'qrToken', 'serialNumber', 'status']);
      const pools = await t.http.get('/api/admin/qr?pageSize=200').set(auth).expect(200);
      const poolOf = new Map(pools.body.items.map((code: Code) => [code.id, code.pool]));
      expect(listed.map((code) => poolOf.get(code.id))).toEqual(listed.map(() => 'try'));
    } finally {
      client.close();
    }
  });

  it('a print code taken back into circulation still stays off /try', async () => {
    const [code] = await generate({ count: 1 });
    await t.http.patch(`/api/admin/qr/${code.id}`).set(auth).send({ status: 'disabled' }).expect(200);
    await t.http.patch(`/api/admin/qr/${code.id}`).set(auth).send({ status: 'unused' }).expect(200);
    expect((await available()).some((c) => c.id === code.id)).toBe(false);
  });

  it('filters the admin list by pool, with the counts of that pool', async () => {
    const all = await t.http.get('/api/admin/qr?pageSize=200').set(auth).expect(200);
    const byPool = (pool: string) => (all.body.items as Code[]).filter((code) => code.pool === pool);
    for (const pool of ['try', 'print']) {
      const response = await t.http.get(`/api/admin/qr?pool=${pool}&pageSize=200`).set(auth).expect(200);
      expect(serials(response.body.items)).toEqual(serials(byPool(pool)));
      expect(response.body.total).toBe(byPool(pool).length);
      expect(response.body.counts.unused).toBe(byPool(pool).filter((code) => code.status === 'unused').length);
    }
    expect(byPool('try').length + byPool('print').length).toBe(all.body.total);

    const firstPrint = byPool('print')[0];
    const search = await t.http
      .get(`/api/admin/qr?pool=print&status=unused&serial=${firstPrint.serialNumber}`)
      .set(auth)
      .expect(200);
    expect(serials(search.body.items)).toEqual([firstPrint.serialNumber]);
    expect((await t.http.get(`/api/admin/qr?pool=try&serial=${firstPrint.serialNumber}`).set(auth)).body.total).toBe(0);

    const refused = await t.http.get('/api/admin/qr?pool=all').set(auth).expect(400);
    expect(refused.body.details).toEqual([{ field: 'pool', message: 'QR 코드 용도는 try 또는 print여야 합니다' }]);
  });
});

describe('the migration that gives codes their pool', () => {
  let schema: TestSchema;
  let saved: string | undefined;

  beforeEach(async () => {
    saved = process.env.TRY_SERIAL_FROM;
    schema = await createTestSchema();
    // The schema as it was before pools, with codes in it.
    const env = parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env;
    const before = new DataSource({
      ...dataSourceOptions(env),
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddQrCodePools1795642959316)),
    });
    await before.initialize();
    await before.runMigrations();
    await before.query(`
      INSERT INTO qr_codes (serial_number, qr_token, status) VALUES
        ('0001', 'migration-token-0001-aaaa', 'unused'),
        ('0499', 'migration-token-0499-aaaa', 'recorded'),
        ('0500', 'migration-token-0500-aaaa', 'unused'),
        ('0501', 'migration-token-0501-aaaa', 'disabled'),
        ('0999', 'migration-token-0999-aaaa', 'unused'),
        ('10000', 'migration-token-10000-aaa', 'unused')`);
    await before.destroy();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    if (saved === undefined) delete process.env.TRY_SERIAL_FROM;
    else process.env.TRY_SERIAL_FROM = saved;
    await schema.drop();
  });

  it('makes codes from TRY_SERIAL_FROM on try codes and the rest print codes, as /try offered them', async () => {
    process.env.TRY_SERIAL_FROM = '0500';
    const t = await startTestApp({ TRY_SERIAL_FROM: '0500' }, { schema }); // migrates on start
    try {
      expect(serials((await t.http.get('/api/qr/available').expect(200)).body)).toEqual(['0500', '0999', '10000']);
      const auth = { Authorization: `Bearer ${await t.adminToken()}` };
      const list = async (pool: string) =>
        serials((await t.http.get(`/api/admin/qr?pool=${pool}`).set(auth).expect(200)).body.items);
      expect(await list('print')).toEqual(['0001', '0499']);
      expect(await list('try')).toEqual(['0500', '0501', '0999', '10000']);
      // New codes still continue the serials, in the pool they are generated for.
      const created = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
      expect(created.body.items[0]).toEqual(expect.objectContaining({ serialNumber: '10001', pool: 'print' }));
      expect(serials((await t.http.get('/api/qr/available').expect(200)).body)).toEqual(['0500', '0999', '10000']);
    } finally {
      await t.close();
    }
  });

  it('uses the default #0500 without the setting, reads another one, and can be undone', async () => {
    const pools = async (url: string) => {
      const db = await new DataSource(
        dataSourceOptions(parseConfig({ NODE_ENV: 'test', DATABASE_URL: url }).env),
      ).initialize();
      try {
        const rows: { serial_number: string; pool: string }[] = await db.query(
          'SELECT serial_number, pool FROM qr_codes ORDER BY serial_value',
        );
        return rows.map((row) => `${row.serial_number}:${row.pool}`);
      } finally {
        await db.destroy();
      }
    };
    const env = parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env;

    delete process.env.TRY_SERIAL_FROM;
    expect(await runMigrations(env)).toContain('AddQrCodePools1795642959316');
    expect(await pools(schema.url)).toEqual([
      '0001:print',
      '0499:print',
      '0500:try',
      '0501:try',
      '0999:try',
      '10000:try',
    ]);

    const db = await new DataSource(dataSourceOptions(env)).initialize();
    // Back to before the pools: the migrations after it first.
    for (let i = MIGRATIONS.indexOf(AddQrCodePools1795642959316); i < MIGRATIONS.length; i += 1) {
      await db.undoLastMigration();
    }
    const columns = await db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'qr_codes'`,
      [schema.name],
    );
    expect(columns.map((c: { column_name: string }) => c.column_name)).not.toContain('pool');
    await db.destroy();

    process.env.TRY_SERIAL_FROM = '1000';
    await runMigrations(env);
    expect(await pools(schema.url)).toEqual([
      '0001:print',
      '0499:print',
      '0500:print',
      '0501:print',
      '0999:print',
      '10000:try',
    ]);
  });

  it('stops rather than guess when TRY_SERIAL_FROM is not digits', async () => {
    process.env.TRY_SERIAL_FROM = 'five hundred';
    jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM reports the failed migration
    const env = parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env;
    await expect(runMigrations(env)).rejects.toThrow(/TRY_SERIAL_FROM: must be digits/);
  });
});
