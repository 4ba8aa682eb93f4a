import { ERRORS } from '@tus/server';
import { DataSource } from 'typeorm';
import { parseConfig } from '../src/config/config.schema';
import { dataSourceOptions, runMigrations } from '../src/database/data-source';
import { type LeaseTimes, PostgresLocker } from '../src/video/upload-locker';
import { createTestSchema, type TestSchema } from './support/test-database';

jest.setTimeout(60_000);

/** Short leases, so that a dead holder's runs out within the test. */
const TIMES: LeaseTimes = { leaseSeconds: 2, renewMs: 300, pollMs: 50, acquireTimeoutMs: 30_000 };

/**
 * The tus lock of a resumable upload across replicas: each "replica" is a locker on a connection
 * pool of its own, sharing nothing but the PostgreSQL database, as two backend processes do.
 */
describe('the lock on a resumable upload, across replicas (PostgreSQL)', () => {
  let schema: TestSchema;
  const pools: DataSource[] = [];

  async function replica(): Promise<{ db: DataSource; locker: PostgresLocker }> {
    const env = parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env;
    const db = await new DataSource(dataSourceOptions(env)).initialize();
    pools.push(db);
    return { db, locker: new PostgresLocker(db, TIMES) };
  }

  /** A promise that resolves when the returned callback is called: a holder asked to let go. */
  function signalled(): { asked: Promise<void>; requestRelease: () => void } {
    let requestRelease!: () => void;
    const asked = new Promise<void>((done) => (requestRelease = done));
    return { asked, requestRelease };
  }

  beforeAll(async () => {
    schema = await createTestSchema();
    await runMigrations(parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env);
  });

  afterAll(async () => {
    for (const db of pools) if (db.isInitialized) await db.destroy();
    await schema?.drop();
  });

  it('lets one request at a time hold an upload; a newer one through another replica asks the holder to let go and takes it once it has', async () => {
    const [first, second] = [await replica(), await replica()];
    const held = first.locker.newLock('videos/one/original');
    const holder = signalled();
    await held.lock(new AbortController().signal, holder.requestRelease);

    let taken = false;
    const next = second.locker.newLock('videos/one/original');
    const taking = next.lock(new AbortController().signal, () => undefined).then(() => (taken = true));
    await holder.asked;
    expect(taken).toBe(false);

    await held.unlock();
    await taking;
    expect(taken).toBe(true);
    await next.unlock();
    expect(await first.db.query('SELECT upload_id FROM upload_locks')).toEqual([]);
  });

  it('keeps uploads apart: a lock on one does not hold another', async () => {
    const { locker } = await replica();
    const one = locker.newLock('videos/a/original');
    const other = locker.newLock('videos/b/original');
    await one.lock(new AbortController().signal, () => undefined);
    await other.lock(new AbortController().signal, () => undefined);
    await Promise.all([one.unlock(), other.unlock()]);
  });

  it('takes an upload whose holder died once the holder stops renewing its lease', async () => {
    const [dying, survivor] = [await replica(), await replica()];
    await dying.locker.newLock('videos/two/original').lock(new AbortController().signal, () => undefined);
    // The replica is gone: its connections close, its renewals fail, its lease runs out.
    await dying.db.destroy();

    const next = survivor.locker.newLock('videos/two/original');
    await next.lock(new AbortController().signal, () => undefined);
    const [row] = await survivor.db.query('SELECT release_requested FROM upload_locks WHERE upload_id = $1', [
      'videos/two/original',
    ]);
    expect(row).toEqual({ release_requested: false });
    await next.unlock();
  });

  it('keeps a lock held for work that must run to its end when asked to let go, past its lease, until it unlocks', async () => {
    const [first, second] = [await replica(), await replica()];
    const kept = first.locker.newLock('videos/four/original', { kept: true });
    await kept.lock(new AbortController().signal, () => undefined);

    let taken = false;
    const next = second.locker.newLock('videos/four/original');
    const taking = next.lock(new AbortController().signal, () => undefined).then(() => (taken = true));
    // Three leases: a holder that stopped renewing when asked would have lost the lock by now.
    await new Promise((done) => setTimeout(done, 3 * TIMES.leaseSeconds * 1000));
    expect(taken).toBe(false);

    await kept.unlock();
    await taking;
    await next.unlock();
  });

  it('gives up with tus’s lock timeout when its request ends while a holder that never lets go keeps the upload', async () => {
    const [first, second] = [await replica(), await replica()];
    const stubborn = first.locker.newLock('videos/three/original');
    await stubborn.lock(new AbortController().signal, () => undefined);

    const request = new AbortController();
    const waiting = second.locker.newLock('videos/three/original').lock(request.signal, () => undefined);
    request.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
  });
});
