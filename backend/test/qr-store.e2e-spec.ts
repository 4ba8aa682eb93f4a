import { CommonModule } from '../src/common/common.module';
import { MetricsModule } from '../src/metrics/metrics.module';
import { randomBytes, randomUUID } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { DataSource } from 'typeorm';
import { appConfig } from '../src/config/app-config';
import { ConfigModule } from '../src/config/config.module';
import { ConfigError, type Env, parseConfig } from '../src/config/config.schema';
import { dataSourceOptions, runMigrations } from '../src/database/data-source';
import { DatabaseModule } from '../src/database/database.module';
import { FirestoreQrStore, QR_COLLECTION } from '../src/qr/firestore-qr.store';
import { PostgresQrStore } from '../src/qr/postgres-qr.store';
import type { QrCode } from '../src/qr/qr-code';
import { QrModule } from '../src/qr/qr.module';
import { type QrPageQuery, QrStore } from '../src/qr/qr-store';
import { type FirestoreEmulator, startFirestoreEmulator } from './support/firestore-emulator';
import { TcpOutage } from './support/fault-proxy';
import { createTestSchema, TEST_DATABASE_URL } from './support/test-database';

/** An empty QR store backend (a PostgreSQL schema, a Firestore project); replicas are stores on it. */
interface Backend {
  env: Env;
  /** A new, started store on this backend: another replica of the application. */
  replica(): Promise<QrStore>;
  close(): Promise<void>;
}

interface Driver {
  name: 'postgres' | 'firestore';
  store: abstract new (...args: never[]) => QrStore;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  backend(): Promise<Backend>;
}

function testEnv(overrides: Record<string, string>): Env {
  return parseConfig({ NODE_ENV: 'test', DATABASE_URL: TEST_DATABASE_URL, ...overrides }).env;
}

/** A real PostgreSQL on a fresh schema; not embedded, so changes travel by LISTEN/NOTIFY. */
const postgres: Driver = {
  name: 'postgres',
  store: PostgresQrStore,
  setUp: () => Promise.resolve(),
  tearDown: () => Promise.resolve(),
  async backend() {
    const schema = await createTestSchema();
    const env = testEnv({ DATABASE_URL: schema.url, DATABASE_POOL_SIZE: '4' });
    await runMigrations(env);
    const closers: (() => Promise<void>)[] = [];
    return {
      env,
      async replica() {
        const dataSource = await new DataSource(dataSourceOptions(env)).initialize();
        const store = new PostgresQrStore(dataSource, appConfig(env));
        closers.push(async () => {
          await store.onModuleDestroy();
          await dataSource.destroy();
        });
        await store.onModuleInit();
        return store;
      },
      async close() {
        for (const close of closers.reverse()) await close();
        await schema.drop();
      },
    };
  },
};

let emulator: FirestoreEmulator | undefined;

function firestoreEnv(overrides: Record<string, string> = {}): Env {
  if (!emulator) throw new Error('the Firestore emulator is not running');
  return testEnv({
    QR_STORE: 'firestore',
    FIREBASE_PROJECT_ID: emulator.newProjectId(),
    FIRESTORE_EMULATOR_HOST: emulator.host,
    ...overrides,
  });
}

/** The Firestore emulator started by this file; every backend is a project of its own. */
const firestore: Driver = {
  name: 'firestore',
  store: FirestoreQrStore,
  async setUp() {
    emulator = await startFirestoreEmulator();
  },
  async tearDown() {
    await new Promise((r) => setTimeout(r, 3000));
    emulator?.stop();
    emulator = undefined;
  },
  backend() {
    const env = firestoreEnv();
    const stores: FirestoreQrStore[] = [];
    return Promise.resolve({
      env,
      async replica() {
        const store = new FirestoreQrStore(appConfig(env));
        stores.push(store);
        await store.onModuleInit();
        return store;
      },
      async close() {
        for (const store of stores.reverse()) await store.onModuleDestroy();
      },
    });
  },
};

/** Polls until `condition` holds; fails after `timeoutMs`. */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const serials = (codes: QrCode[]) => codes.map((code) => code.serialNumber);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(4, '0'));

describe.each([postgres, firestore])('QR store: $name driver', (driver) => {
  let backend: Backend;
  let store: QrStore;

  beforeAll(() => driver.setUp());
  afterAll(() => driver.tearDown());
  beforeEach(async () => {
    backend = await driver.backend();
    store = await backend.replica();
  });
  afterEach(() => backend.close());

  describe('createNext', () => {
    it('starts an empty store at startAt, then continues after the highest serial, zero-padded', async () => {
      const first = await store.createNext(3, 'print', 500);
      expect(serials(first)).toEqual(['0500', '0501', '0502']);
      for (const code of first) {
        expect(code).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
          serialNumber: expect.any(String),
          qrToken: expect.any(String),
          status: 'unused',
          pool: 'print',
          takenAt: null,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        });
        expect(await store.findById(code.id)).toEqual(code);
      }
      // the default startAt (1) lies below the highest: ignored
      expect(serials(await store.createNext(2, 'print'))).toEqual(['0503', '0504']);
      // a startAt above the highest skips ahead; the skipped serials are never handed out
      expect(serials(await store.createNext(1, 'print', 600))).toEqual(['0600']);
      expect(serials(await store.createNext(1, 'print'))).toEqual(['0601']);
      expect(await store.createNext(0, 'print')).toEqual([]);
    });

    it('starts at 0001 by default and goes from 9999 to 10000, ordered as numbers', async () => {
      expect(serials(await store.createNext(1, 'print'))).toEqual(['0001']);
      const store2 = await backend.replica();
      expect(serials(await store2.createNext(2, 'try', 9998))).toEqual(['9998', '9999']);
      expect(serials(await store.createNext(2, 'try'))).toEqual(['10000', '10001']);
      expect(serials(await store.listAvailable(10))).toEqual(['9998', '9999', '10000', '10001']);
      expect(serials((await store.page({ page: 1, pageSize: 10 })).items)).toEqual([
        '0001',
        '9998',
        '9999',
        '10000',
        '10001',
      ]);
      expect(serials(await store.createNext(1, 'print'))).toEqual(['10002']);
    });

    it('never gives the same serial to concurrent calls, on one replica or several', async () => {
      const other = await backend.replica();
      const batches = await Promise.all([
        store.createNext(3, 'print'),
        other.createNext(3, 'print'),
        store.createNext(3, 'print'),
        other.createNext(3, 'print'),
      ]);
      const all = batches.flat();
      expect(new Set(serials(all)).size).toBe(12);
      expect(serials(all).sort()).toEqual(range(1, 12));
      for (const batch of batches) {
        const values = batch.map((code) => Number(code.serialNumber));
        expect(values).toEqual([values[0], values[0] + 1, values[0] + 2]);
      }
      expect((await store.page({ page: 1, pageSize: 50 })).total).toBe(12);
    });

    it('gives every code its own unguessable, URL-safe token of at least 128 bits', async () => {
      const codes = await store.createNext(50, 'print');
      const tokens = codes.map((code) => code.qrToken);
      expect(new Set(tokens).size).toBe(50);
      expect(new Set(codes.map((code) => code.id)).size).toBe(50);
      for (const token of tokens) {
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      }
    });
  });

  it('lists unused codes of the try pool only, ascending, at most `limit`', async () => {
    const codes = await store.createNext(10, 'try');
    await store.changeStatus(codes[1].id, 'recorded', ['unused']); // 0002
    await store.changeStatus(codes[4].id, 'disabled', ['unused']); // 0005
    await store.changeStatus(codes[8].id, 'expired', ['unused']); // 0009
    // print codes before, between (by serial they come after) and after: never listed
    await store.createNext(3, 'print'); // 0011-0013
    await store.createNext(2, 'try'); // 0014-0015
    await store.createNext(2, 'print'); // 0016-0017
    expect(serials(await store.listAvailable(100))).toEqual([
      '0001',
      '0003',
      '0004',
      '0006',
      '0007',
      '0008',
      '0010',
      '0014',
      '0015',
    ]);
    expect(serials(await store.listAvailable(4))).toEqual(['0001', '0003', '0004', '0006']);
    expect(await store.listAvailable(0)).toEqual([]);
    const [first] = await store.listAvailable(1);
    expect(first).toEqual({ ...codes[0], pool: 'try' });
  });

  it('keeps the pool a code was generated in, and pages and counts by pool', async () => {
    const prints = await store.createNext(3, 'print');
    const tries = await store.createNext(2, 'try');
    await store.changeStatus(tries[0].id, 'disabled', ['unused']);
    expect(prints.map((code) => code.pool)).toEqual(['print', 'print', 'print']);
    expect(await store.findById(tries[1].id)).toEqual(expect.objectContaining({ pool: 'try' }));
    expect(await store.findByToken(prints[0].qrToken)).toEqual(expect.objectContaining({ pool: 'print' }));

    const tryPage = await store.page({ pool: 'try', page: 1, pageSize: 10 });
    expect({ serials: serials(tryPage.items), total: tryPage.total }).toEqual({ serials: ['0004', '0005'], total: 2 });
    const printPage = await store.page({ pool: 'print', page: 2, pageSize: 2 });
    expect({ serials: serials(printPage.items), total: printPage.total }).toEqual({ serials: ['0003'], total: 3 });
    expect(serials((await store.page({ pool: 'try', status: 'unused', page: 1, pageSize: 10 })).items)).toEqual([
      '0005',
    ]);
    expect(serials((await store.page({ pool: 'print', serial: '2', page: 1, pageSize: 10 })).items)).toEqual(['0002']);
    expect(await store.countByStatus('try')).toEqual({ unused: 1, recorded: 0, expired: 0, disabled: 1 });
    expect(await store.countByStatus('print')).toEqual({ unused: 3, recorded: 0, expired: 0, disabled: 0 });
    expect(await store.countByStatus()).toEqual({ unused: 4, recorded: 0, expired: 0, disabled: 1 });
  });

  it('finds a code by token and by id, and answers null for unknown ones', async () => {
    const [a, b] = await store.createNext(2, 'print');
    expect(await store.findByToken(a.qrToken)).toEqual(a);
    expect(await store.findByToken(b.qrToken)).toEqual(b);
    expect(await store.findById(b.id)).toEqual(b);
    expect(await store.findByToken(randomBytes(18).toString('base64url'))).toBeNull();
    expect(await store.findById(randomUUID())).toBeNull();
  });

  it('pages by serial, filtered by status and by the digits a serial contains, with the total', async () => {
    const codes = await store.createNext(25, 'print');
    for (const i of [0, 9, 10, 14, 20]) await store.changeStatus(codes[i].id, 'disabled', ['unused']);

    const page1 = await store.page({ page: 1, pageSize: 10 });
    expect(page1.total).toBe(25);
    expect(serials(page1.items)).toEqual(range(1, 10));
    expect(page1.items[0]).toEqual(expect.objectContaining({ id: codes[0].id, status: 'disabled' }));
    expect(serials((await store.page({ page: 3, pageSize: 10 })).items)).toEqual(range(21, 25));
    expect(await store.page({ page: 4, pageSize: 10 })).toEqual({ items: [], total: 25 });

    const disabled = await store.page({ status: 'disabled', page: 1, pageSize: 3 });
    expect(disabled.total).toBe(5);
    expect(serials(disabled.items)).toEqual(['0001', '0010', '0011']);
    expect(serials((await store.page({ status: 'disabled', page: 2, pageSize: 3 })).items)).toEqual(['0015', '0021']);
    expect((await store.page({ status: 'recorded', page: 1, pageSize: 3 })).total).toBe(0);

    // serials containing "1": 0001, 0010-0019, 0021
    const ones = await store.page({ serial: '1', page: 2, pageSize: 5 });
    expect(ones.total).toBe(12);
    expect(serials(ones.items)).toEqual(['0014', '0015', '0016', '0017', '0018']);
    expect(serials((await store.page({ serial: '1', page: 3, pageSize: 5 })).items)).toEqual(['0019', '0021']);
    expect(await store.page({ serial: '1', page: 4, pageSize: 5 })).toEqual({ items: [], total: 12 });

    const both = await store.page({ status: 'unused', serial: '1', page: 1, pageSize: 50 });
    expect(serials(both.items)).toEqual(['0012', '0013', '0014', '0016', '0017', '0018', '0019']);
    expect(both.total).toBe(7);
    expect(await store.page({ serial: '99', page: 1, pageSize: 5 })).toEqual({ items: [], total: 0 });
  });

  it('counts codes by status, every status present', async () => {
    expect(await store.countByStatus()).toEqual({ unused: 0, recorded: 0, expired: 0, disabled: 0 });
    const codes = await store.createNext(6, 'print');
    await store.changeStatus(codes[0].id, 'recorded', ['unused']);
    await store.changeStatus(codes[1].id, 'recorded', ['unused']);
    await store.changeStatus(codes[2].id, 'expired', ['unused']);
    await store.changeStatus(codes[3].id, 'disabled', ['unused']);
    expect(await store.countByStatus()).toEqual({ unused: 2, recorded: 2, expired: 1, disabled: 1 });
  });

  describe('changeStatus', () => {
    it('changes the status only from one of the given statuses', async () => {
      const [a, b] = await store.createNext(2, 'print');
      expect(await store.changeStatus(a.id, 'recorded', ['disabled', 'expired'])).toBeNull();
      expect(await store.findById(a.id)).toEqual(a);

      const recorded = await store.changeStatus(a.id, 'recorded', ['unused', 'disabled']);
      expect(recorded).toEqual({ ...a, status: 'recorded', updatedAt: expect.any(Date) });
      expect(recorded!.pool).toBe('print');
      expect(recorded!.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
      expect(await store.findById(a.id)).toEqual(recorded);
      expect(await store.findById(b.id)).toEqual(b);

      expect(await store.changeStatus(a.id, 'disabled', ['unused', 'disabled'])).toBeNull();
      expect((await store.changeStatus(a.id, 'expired', ['recorded']))?.status).toBe('expired');
      expect((await store.findById(a.id))?.status).toBe('expired');
    });

    it('answers null for a code that does not exist', async () => {
      await store.createNext(1, 'print');
      expect(await store.changeStatus(randomUUID(), 'disabled', ['unused'])).toBeNull();
      expect(await store.countByStatus()).toEqual({ unused: 1, recorded: 0, expired: 0, disabled: 0 });
    });

    it('lets exactly one of several concurrent changes from the same status win', async () => {
      const other = await backend.replica();
      const [code] = await store.createNext(1, 'print');
      const results = await Promise.all(
        [store, other, store, other].map((replica) => replica.changeStatus(code.id, 'recorded', ['unused'])),
      );
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect((await store.findById(code.id))?.status).toBe('recorded');
    });
  });

  describe('changeStatuses', () => {
    it('changes many codes, and none once its signal has aborted', async () => {
      const codes = await store.createNext(3, 'print');
      const ids = codes.map((code) => code.id);
      await expect(store.changeStatuses(ids, 'recorded', ['unused'], AbortSignal.abort())).rejects.toThrow();
      expect(await store.countByStatus()).toEqual({ unused: 3, recorded: 0, expired: 0, disabled: 0 });

      expect(await store.changeStatuses(ids, 'recorded', ['unused'], new AbortController().signal)).toBe(3);
      expect(await store.countByStatus()).toEqual({ unused: 0, recorded: 3, expired: 0, disabled: 0 });
    });
  });

  describe('take', () => {
    it('gives a listed try code a fresh token, retires the listed one and takes the code off the list', async () => {
      const [listed, next] = await store.createNext(2, 'try');
      const fresh = randomBytes(18).toString('base64url');
      const taken = await store.take(listed.qrToken, fresh);
      expect(taken).toEqual({ ...listed, qrToken: fresh, takenAt: expect.any(Date), updatedAt: expect.any(Date) });
      expect(await store.findByToken(listed.qrToken)).toBeNull();
      expect(await store.findByToken(fresh)).toEqual(taken);
      expect(await store.findById(listed.id)).toEqual(taken);
      expect(serials(await store.listAvailable(10))).toEqual([next.serialNumber]);
      // Taken, it is an unused code of its taker's: recorded on, freed again, never listed again.
      await store.changeStatus(listed.id, 'recorded', ['unused']);
      await store.changeStatus(listed.id, 'unused', ['recorded']);
      expect(serials(await store.listAvailable(10))).toEqual([next.serialNumber]);
      expect(await store.take(fresh, randomBytes(18).toString('base64url'))).toBeNull();
    });

    it('takes nothing but an unused, untaken try code', async () => {
      const [printed] = await store.createNext(1, 'print');
      const [used, disabled] = await store.createNext(2, 'try');
      await store.changeStatus(used.id, 'recorded', ['unused']);
      await store.changeStatus(disabled.id, 'disabled', ['unused']);
      for (const code of [printed, used, disabled]) {
        expect(await store.take(code.qrToken, randomBytes(18).toString('base64url'))).toBeNull();
        expect(await store.findById(code.id)).toEqual(
          expect.objectContaining({ qrToken: code.qrToken, takenAt: null }),
        );
      }
      expect(await store.take(randomBytes(18).toString('base64url'), randomBytes(18).toString('base64url'))).toBeNull();
    });

    it('lets exactly one of several concurrent takes of a code win, on one replica or several', async () => {
      const other = await backend.replica();
      const [code] = await store.createNext(1, 'try');
      const tokens = Array.from({ length: 4 }, () => randomBytes(18).toString('base64url'));
      const results = await Promise.all(
        [store, other, store, other].map((replica, i) => replica.take(code.qrToken, tokens[i])),
      );
      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      expect((await store.findById(code.id))?.qrToken).toBe(winners[0].qrToken);
      expect(await store.listAvailable(10)).toEqual([]);
    });
  });

  it('tells subscribers of every replica about changes, wherever made, within a second', async () => {
    const other = await backend.replica();
    let heard = 0;
    const stop = store.onChange(() => heard++);

    const [code] = await other.createNext(1, 'print');
    await waitFor(() => heard > 0, 'a creation on another replica to be heard');
    let before = heard;
    await other.changeStatus(code.id, 'disabled', ['unused']);
    await waitFor(() => heard > before, 'a status change on another replica to be heard');
    before = heard;
    await store.changeStatus(code.id, 'unused', ['disabled']);
    await waitFor(() => heard > before, 'a status change on this replica to be heard');
    const [listed] = await store.createNext(1, 'try');
    await waitFor(() => heard > before + 1, 'the next creation to be heard');
    before = heard;
    await other.take(listed.qrToken, randomBytes(18).toString('base64url'));
    await waitFor(() => heard > before, 'a take on another replica to be heard');

    // Once unsubscribed, a listener hears nothing more, while one still subscribed does.
    stop();
    before = heard;
    let heardAfter = 0;
    const stopAfter = store.onChange(() => heardAfter++);
    await other.createNext(1, 'print');
    await waitFor(() => heardAfter > 0, 'the next change to be heard');
    expect(heard).toBe(before);
    stopAfter();
  });

  it('is the store the QR module provides when QR_STORE selects it, started and stopped with the module', async () => {
    const other = await backend.replica();
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(appConfig(backend.env)), CommonModule, DatabaseModule, MetricsModule, QrModule],
    }).compile();
    await moduleRef.init();
    const provided = moduleRef.get(QrStore);
    const destroy = jest.spyOn(provided as unknown as { onModuleDestroy(): Promise<void> }, 'onModuleDestroy');
    try {
      expect(provided).toBeInstanceOf(driver.store);
      let heard = 0;
      provided.onChange(() => heard++);
      await other.createNext(1, 'print'); // heard only if Nest ran the store's onModuleInit (LISTEN / onSnapshot)
      await waitFor(() => heard > 0, 'the module-provided store to hear a change');
      expect(await provided.countByStatus()).toEqual({ unused: 1, recorded: 0, expired: 0, disabled: 0 });
    } finally {
      await moduleRef.close();
    }
    expect(destroy).toHaveBeenCalled();
  });
});

describe('QR store: Firestore specifics', () => {
  beforeAll(() => firestore.setUp());
  afterAll(() => firestore.tearDown());

  /** A firebase-admin client of "another system" writing to the same project. */
  function otherSystem(env: Env) {
    const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, `other-system-${randomBytes(4).toString('hex')}`);
    const db = getFirestore(app);
    db.settings({ host: env.FIRESTORE_EMULATOR_HOST, ssl: false });
    return {
      codes: db.collection(QR_COLLECTION),
      close: async () => {
        await db.terminate();
        await deleteApp(app);
      },
    };
  }

  it('adopts codes written by another system with only the spec fields, pooled by the serial rule', async () => {
    const env = firestoreEnv({ TRY_SERIAL_FROM: '0040' });
    const other = otherSystem(env);
    const store = new FirestoreQrStore(appConfig(env));
    const write = (id: string, fields: object) => other.codes.doc(id).set(fields);
    const ids = { below: randomUUID(), above: randomUUID(), chosen: randomUUID(), odd: randomUUID() };
    try {
      await write(ids.above, { serial_number: '0042', qr_token: 'external-token-0042-abcdef', status: 'unused' });
      await write(randomUUID(), { serial_number: '0007', qr_token: 'external-token-0007-abcdef', status: 'disabled' });
      // below TRY_SERIAL_FROM: a code for print, never offered on /try
      await write(ids.below, { serial_number: '0030', qr_token: 'external-token-0030-abcdef', status: 'unused' });
      // a pool chosen by the other system is kept, whatever the serial
      await write(ids.chosen, {
        serial_number: '0050',
        qr_token: 'external-token-0050-abcdef',
        status: 'unused',
        pool: 'print',
      });
      // a serial that is no number cannot be ordered or compared: print
      await write(ids.odd, { serial_number: '7"한', qr_token: 'external-token-odd-abcdefg', status: 'unused' });
      await store.onModuleInit();

      expect(serials(await store.listAvailable(10))).toEqual(['0042']);
      expect(await store.findByToken('external-token-0042-abcdef')).toEqual(
        expect.objectContaining({
          serialNumber: '0042',
          status: 'unused',
          pool: 'try',
          takenAt: null,
          createdAt: expect.any(Date),
        }),
      );
      expect(await store.findById(ids.odd)).toEqual(expect.objectContaining({ serialNumber: '7"한', pool: 'print' }));
      // Ordered by serial_value, which the odd serial lacks: Firestore leaves it out, the emulator not.
      const listed = async (query: Partial<QrPageQuery>) =>
        serials((await store.page({ page: 1, pageSize: 10, ...query })).items).filter((serial) => serial !== '7"한');
      expect(await listed({})).toEqual(['0007', '0030', '0042', '0050']);
      expect(await listed({ pool: 'print' })).toEqual(['0007', '0030', '0050']);
      expect(await listed({ pool: 'try' })).toEqual(['0042']);
      const stored = async (id: string) => (await other.codes.doc(id).get()).get('pool');
      expect([
        await stored(ids.below),
        await stored(ids.above),
        await stored(ids.chosen),
        await stored(ids.odd),
      ]).toEqual(['print', 'try', 'print', 'print']);
      expect(serials(await store.createNext(2, 'print'))).toEqual(['0051', '0052']);

      // one added later joins the lists as well
      await write(randomUUID(), { serial_number: '0100', qr_token: 'external-token-0100-abcdef', status: 'unused' });
      await waitFor(
        async () => serials(await store.listAvailable(10)).includes('0100'),
        'the later code to be adopted',
        2000,
      );
      expect(serials(await store.createNext(1, 'print'))).toEqual(['0101']);
    } finally {
      await store.onModuleDestroy();
      await other.close();
    }
  });

  it('creates more codes than one commit holds (the admin maximum, 1000)', async () => {
    // Not started: without a listener the emulator does not resend the collection on each write.
    const store = new FirestoreQrStore(appConfig(firestoreEnv()));
    try {
      const codes = await store.createNext(1000, 'print', 500);
      expect(serials(codes)).toEqual(range(500, 1499));
      expect((await store.countByStatus()).unused).toBe(1000);
      expect(serials(await store.createNext(1, 'print'))).toEqual(['1500']);
    } finally {
      await store.onModuleDestroy();
    }
  });

  it('changes codes one by one, and stops between two once its signal aborts, leaving the rest as they were', async () => {
    // Not started: the test needs no listener.
    const store = new FirestoreQrStore(appConfig(firestoreEnv()));
    try {
      const codes = await store.createNext(3, 'print');
      const stop = new AbortController();
      const changeOne = store.changeStatus.bind(store);
      jest.spyOn(store, 'changeStatus').mockImplementation(async (...args) => {
        const changed = await changeOne(...args);
        stop.abort(); // a deadline reached while the first code changed
        return changed;
      });
      const ids = codes.map((code) => code.id);
      await expect(store.changeStatuses(ids, 'recorded', ['unused'], stop.signal)).rejects.toThrow();
      expect(await store.countByStatus()).toEqual({ unused: 2, recorded: 1, expired: 0, disabled: 0 });
    } finally {
      await store.onModuleDestroy();
    }
  });

  it('gives every store a firebase-admin app of its own and deletes it on shutdown', async () => {
    const env = firestoreEnv();
    const before = getApps().length;
    const a = new FirestoreQrStore(appConfig(env));
    const b = new FirestoreQrStore(appConfig(env));
    expect(getApps().length).toBe(before + 2);
    await a.onModuleDestroy();
    await b.onModuleDestroy();
    expect(getApps().length).toBe(before);
  });
});

describe('QR store configuration', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: TEST_DATABASE_URL };

  it('defaults to PostgreSQL', () => {
    expect(parseConfig(base).env.QR_STORE).toBe('postgres');
  });

  it('requires FIREBASE_PROJECT_ID with QR_STORE=firestore', () => {
    expect(() => parseConfig({ ...base, QR_STORE: 'firestore' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, QR_STORE: 'firestore' })).toThrow(
      /FIREBASE_PROJECT_ID: QR_STORE=firestore needs/,
    );
    const { env } = parseConfig({ ...base, QR_STORE: 'firestore', FIREBASE_PROJECT_ID: 'giftcast-prod' });
    expect(env).toMatchObject({ QR_STORE: 'firestore', FIREBASE_PROJECT_ID: 'giftcast-prod' });
  });

  it('rejects an unknown driver and an emulator address that is not host:port', () => {
    expect(() => parseConfig({ ...base, QR_STORE: 'mongodb' })).toThrow(/QR_STORE/);
    expect(() => parseConfig({ ...base, FIRESTORE_EMULATOR_HOST: 'http://localhost:8080' })).toThrow(
      /FIRESTORE_EMULATOR_HOST: must be host:port/,
    );
    expect(parseConfig({ ...base, FIRESTORE_EMULATOR_HOST: 'localhost:8080' }).env.FIRESTORE_EMULATOR_HOST).toBe(
      'localhost:8080',
    );
  });
});

describe("QR store: the PostgreSQL driver's listener", () => {
  let backend: Backend;
  let store: QrStore;

  beforeEach(async () => {
    backend = await postgres.backend();
    store = await backend.replica();
  });
  afterEach(() => backend.close());

  it("tells this replica's subscribers of its own change as soon as it has committed, before any notification", async () => {
    // No listener at all: what is heard comes from the change itself.
    const dataSource = await new DataSource(dataSourceOptions(backend.env)).initialize();
    const unlistening = new PostgresQrStore(dataSource, appConfig(backend.env));
    try {
      const [code] = await unlistening.createNext(1, 'try');
      let heard = 0;
      unlistening.onChange(() => heard++);
      await unlistening.changeStatus(code.id, 'disabled', ['unused']);
      expect(heard).toBe(1);
      // No change, no announcement.
      await unlistening.changeStatus(code.id, 'disabled', ['unused']);
      expect(heard).toBe(1);
    } finally {
      await dataSource.destroy();
    }
  });

  /** A store whose listener reaches the database through a proxy that can go silent. */
  async function listeningThroughProxy() {
    const { hostname, port } = new URL(backend.env.DATABASE_URL);
    const proxy = await new TcpOutage(hostname, Number(port)).start();
    const dataSource = await new DataSource(dataSourceOptions(backend.env)).initialize();
    const throughProxy = new URL(backend.env.DATABASE_URL);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const listening = new PostgresQrStore(dataSource, appConfig({ ...backend.env, DATABASE_URL: throughProxy.href }));
    return { proxy, dataSource, listening };
  }

  it('stops within its answer time when its connection has gone silent, as the app stops', async () => {
    const { proxy, dataSource, listening } = await listeningThroughProxy();
    try {
      await listening.onModuleInit();
      proxy.stallOpenConnections();
      // Before its ping notices: ending the connection waits for a server that never answers.
      const stopped = listening.onModuleDestroy().then(() => 'stopped');
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, 15_000, 'still waiting')));
      expect(await Promise.race([stopped, waited])).toBe('stopped');
      clearTimeout(timer);
    } finally {
      await dataSource.destroy();
      await proxy.stop();
    }
  });

  it('listens again when its connection goes silent without closing, and hears the changes made meanwhile', async () => {
    const { proxy, dataSource, listening } = await listeningThroughProxy();
    try {
      await listening.onModuleInit();
      let heard = 0;
      listening.onChange(() => heard++);

      proxy.stallOpenConnections();
      await store.createNext(1, 'try');
      // Its ping goes unanswered, it connects anew and tells its subscribers something may have changed.
      await waitFor(() => heard > 0, 'the listener to notice the silence and listen again', 30_000);
      const before = heard;
      await store.createNext(1, 'try');
      await waitFor(() => heard > before, 'a change after the new connection to be heard');
    } finally {
      await listening.onModuleDestroy();
      await dataSource.destroy();
      await proxy.stop();
    }
  });
});
