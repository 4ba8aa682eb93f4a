import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type App, applicationDefault, cert, type Credential, deleteApp, initializeApp } from 'firebase-admin/app';
import {
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  getFirestore,
  type Query,
  type QuerySnapshot,
  Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import { Deadline } from './firestore-deadline';
import { formatSerial, QR_POOLS, QR_STATUSES, type QrCode, type QrPool, type QrStatus } from './qr-code';
import { type QrPage, type QrPageQuery, QrStore } from './qr-store';
import { newQrToken } from './qr-token';

export const QR_COLLECTION = 'qr_codes';
/** Holds `highest`, the highest serial ever handed out; its `claims` subcollection, see below. */
export const SERIALS_DOCUMENT = 'qr_meta/serials';

/** Firestore's status code when a create meets an existing document. */
const ALREADY_EXISTS = 6;
const MAX_CLAIM_ATTEMPTS = 50;
/** Writes per commit, below Firestore's 500. */
const WRITES_PER_COMMIT = 400;
const FIRST_SNAPSHOT_TIMEOUT_MS = 30_000;
const RESUBSCRIBE_DELAY_MS = 1000;
const MAX_RESUBSCRIBE_DELAY_MS = 60_000;
/**
 * Firestore's calls that answer once (not its Listen and Write streams, which stay open). Each is
 * given FIRESTORE_TIMEOUT_SECONDS as its gRPC deadline, its own retries included, instead of the
 * library's 60 s to 5 minutes.
 */
const BOUNDED_CALLS = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BatchGetDocuments',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'RunQuery',
  'RunAggregationQuery',
  'PartitionQuery',
  'ListCollectionIds',
  'BatchWrite',
];
/**
 * gRPC keepalive: a connection that goes silent without closing is noticed within 40 s and
 * replaced; until then every call on it would time out. 30 s is as often as Google's front ends
 * accept pings (Firebase's Android SDK pings as often).
 */
const KEEPALIVE = { 'grpc.keepalive_time_ms': 30_000, 'grpc.keepalive_timeout_ms': 10_000 };

/** A code as stored: the spec's fields plus what ordering, auditing and concurrency need. */
interface QrDocument {
  serial_number: string;
  /** serial_number as a number: the string "10000" sorts before "9999". */
  serial_value: number;
  qr_token: string;
  status: QrStatus;
  /** Written by this store; documents without it are adopted by the serial rule (see below). */
  pool: QrPool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A try code taken: its public token retired for a fresh one. Written as false by the listener too. */
  taken: boolean;
  taken_at: Timestamp | null;
  /** How many changes (of status, or its take) the code has seen; each one has a document under `revisions`. */
  revision: number;
}

/**
 * QR codes in a Firestore collection (`qr_codes`, document id = the code's UUID), for operators
 * whose codes live in a Firebase project. Every replica listens to the collection with
 * `onSnapshot`, so a change made anywhere reaches every subscriber.
 *
 * Writes that must not race (the next serials, a conditional status change) run in transactions
 * and, in the same commit, *create* a claim document named after the state they read: the next
 * serials claim `qr_meta/serials/claims/{highest read}`, a status change claims
 * `qr_codes/{id}/revisions/{revision + 1}`, and so does a take. Two writers that read the same state claim the same
 * name and exactly one commit succeeds; the other is retried against the new state. Firestore's
 * own transactions already serialise these; the claims also hold where transactions do not
 * isolate (the emulator used by the tests), and leave a history of status changes.
 *
 * Documents written by another system with only the spec's fields (`serial_number`, `qr_token`,
 * `status`) are adopted: the listener gives them their `serial_value`, and a `pool` by the rule
 * that decided /try before codes had pools: `try` from TRY_SERIAL_FROM on, `print` below it (and
 * for a serial that is not a number), and `taken` false. Until then they are read with that same rule.
 *
 * Real Firestore needs composite indexes on `qr_codes`, each ending in `serial_value` ASC:
 * `status` ASC (the admin list by status), `pool` ASC (by pool), `status` ASC + `pool` ASC (the
 * admin list by both), `status` ASC + `pool` ASC + `taken` ASC (the available codes).
 */
@Injectable()
export class FirestoreQrStore extends QrStore implements OnModuleInit, OnModuleDestroy {
  readonly joinsTransactions = false;
  private readonly logger = new Logger('QrStore');
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private readonly app: App;
  private readonly db: Firestore;
  private readonly codes: CollectionReference;
  private readonly serials: DocumentReference;
  /** TRY_SERIAL_FROM: the serial rule for codes written without a pool. */
  private readonly tryFrom: number;
  /** FIRESTORE_TIMEOUT_SECONDS: each operation's deadline. */
  private readonly timeoutMs: number;
  private stopListening?: () => void;
  private adopting: Promise<void> = Promise.resolve();
  /** Operations not settled yet, those given up at their deadline included. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(config: AppConfig) {
    super();
    const env = config.env;
    if (!env.FIREBASE_PROJECT_ID) throw new Error('QR_STORE=firestore needs FIREBASE_PROJECT_ID');
    const credential = env.FIRESTORE_EMULATOR_HOST ? undefined : credentialFrom(env.GOOGLE_APPLICATION_CREDENTIALS);
    // A named app of its own: several stores (tests, replicas in one process) never share one.
    this.app = initializeApp(
      { projectId: env.FIREBASE_PROJECT_ID, ...(credential && { credential }) },
      `giftcast-qr-${randomBytes(6).toString('hex')}`,
    );
    this.db = getFirestore(this.app);
    this.timeoutMs = env.FIRESTORE_TIMEOUT_SECONDS * 1000;
    this.db.settings({
      // The library reads FIRESTORE_EMULATOR_HOST from the environment itself; this also honours
      // the setting when it comes from elsewhere (tests).
      ...(env.FIRESTORE_EMULATOR_HOST && { host: env.FIRESTORE_EMULATOR_HOST, ssl: false }),
      clientConfig: callDeadlines(this.timeoutMs),
      ...KEEPALIVE,
    });
    this.codes = this.db.collection(QR_COLLECTION);
    this.serials = this.db.doc(SERIALS_DOCUMENT);
    this.tryFrom = Number(env.TRY_SERIAL_FROM);
  }

  /** Resolves once the listener has the collection's current state: no later change is missed. */
  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.stopListening?.();
    this.stopListening = undefined;
    await this.adopting;
    // An operation given up at its deadline goes on until the library's call deadlines end it,
    // and a retry of it that finds the client terminated rejects inside the library, where
    // nobody can catch it: the client is terminated only once none is left.
    await Promise.all(this.running);
    await this.db.terminate().catch(() => undefined);
    await deleteApp(this.app).catch(() => undefined);
  }

  onChange(listener: () => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  /** Subscribes to the collection; the first snapshot is the state to compare later ones with. */
  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      let first = true;
      const timer = setTimeout(() => {
        unsubscribe();
        if (this.stopListening === unsubscribe) this.stopListening = undefined;
        reject(new Error(`Firestore did not answer within ${FIRST_SNAPSHOT_TIMEOUT_MS / 1000} s`));
      }, FIRST_SNAPSHOT_TIMEOUT_MS);
      const unsubscribe = this.codes.onSnapshot(
        (snapshot) => {
          const adopted = this.adopt(snapshot);
          if (!first) {
            this.changes.emit('change');
            return;
          }
          first = false;
          clearTimeout(timer);
          void adopted.then(() => resolve());
        },
        (error) => {
          if (this.stopListening === unsubscribe) this.stopListening = undefined;
          if (first) {
            clearTimeout(timer);
            reject(error);
            return;
          }
          this.logger.warn(`change listener stopped: ${error.message}`);
          this.resubscribeLater(RESUBSCRIBE_DELAY_MS);
        },
      );
      this.stopListening = unsubscribe;
    });
  }

  private resubscribeLater(delayMs: number): void {
    if (this.closed) return;
    setTimeout(() => void this.resubscribe(delayMs), delayMs).unref();
  }

  private async resubscribe(delayMs: number): Promise<void> {
    if (this.closed) return;
    try {
      await this.listen();
      this.changes.emit('change'); // something may have changed while we were away
    } catch (error) {
      this.logger.warn(`change listener: ${errorMessage(error)}`);
      this.resubscribeLater(Math.min(delayMs * 5, MAX_RESUBSCRIBE_DELAY_MS));
    }
  }

  /** Gives codes written by another system the numeric serial that ordering needs, and a pool. */
  private adopt(snapshot: QuerySnapshot): Promise<void> {
    const pending = snapshot.docChanges().flatMap(({ type, doc }) => {
      if (type === 'removed') return [];
      const value = serialValueOf(doc.get('serial_number'));
      const fields: Partial<QrDocument> = {};
      if (value !== undefined && doc.get('serial_value') !== value) fields.serial_value = value;
      if (!isPool(doc.get('pool'))) fields.pool = poolBySerial(value, this.tryFrom);
      if (typeof doc.get('taken') !== 'boolean') fields.taken = false;
      return Object.keys(fields).length > 0 ? [{ doc, fields }] : [];
    });
    if (pending.length === 0) return this.adopting;
    const work = async () => {
      for (let i = 0; i < pending.length; i += WRITES_PER_COMMIT) {
        const batch = this.db.batch();
        for (const { doc, fields } of pending.slice(i, i + WRITES_PER_COMMIT)) batch.update(doc.ref, fields);
        await batch.commit();
      }
    };
    this.adopting = this.adopting.then(work).catch((error) => {
      if (!this.closed) this.logger.warn(`could not adopt QR codes: ${errorMessage(error)}`);
    });
    return this.adopting;
  }

  async listAvailable(limit: number): Promise<QrCode[]> {
    if (limit <= 0) return [];
    const query = this.codes
      .where('status', '==', 'unused')
      .where('pool', '==', 'try')
      .where('taken', '==', false)
      .orderBy('serial_value')
      .limit(limit);
    const snapshot = await this.withDeadline(() => query.get());
    return snapshot.docs.map((doc) => this.toQrCode(doc));
  }

  async findByToken(qrToken: string): Promise<QrCode | null> {
    const snapshot = await this.withDeadline(() => this.codes.where('qr_token', '==', qrToken).limit(1).get());
    return snapshot.empty ? null : this.toQrCode(snapshot.docs[0]);
  }

  async findById(id: string): Promise<QrCode | null> {
    if (!isDocumentId(id)) return null;
    const snapshot = await this.withDeadline(() => this.codes.doc(id).get());
    return snapshot.exists ? this.toQrCode(snapshot) : null;
  }

  /**
   * Firestore has no substring match and the emulator no cursors or offsets: without a serial
   * filter the page is counted, then read up to its end; with one, the (status- and pool-filtered)
   * codes are read in order and filtered here.
   */
  page(query: QrPageQuery): Promise<QrPage> {
    return this.withDeadline(() => this.readPage(query));
  }

  private async readPage({ status, pool, serial, page, pageSize }: QrPageQuery): Promise<QrPage> {
    let query: Query = this.codes;
    if (status) query = query.where('status', '==', status);
    if (pool) query = query.where('pool', '==', pool);
    query = query.orderBy('serial_value');
    const skip = (page - 1) * pageSize;
    if (!serial) {
      const total = (await query.count().get()).data().count;
      if (skip >= total) return { items: [], total };
      const snapshot = await query.limit(skip + pageSize).get();
      return { items: snapshot.docs.slice(skip).map((doc) => this.toQrCode(doc)), total };
    }
    const matching = (await query.get()).docs
      .map((doc) => this.toQrCode(doc))
      .filter((code) => code.serialNumber.includes(serial));
    return { items: matching.slice(skip, skip + pageSize), total: matching.length };
  }

  async countByStatus(pool?: QrPool): Promise<Record<QrStatus, number>> {
    const codes = pool ? this.codes.where('pool', '==', pool) : this.codes;
    const counts = await this.withDeadline(() =>
      allSettled(
        QR_STATUSES.map(async (status) => {
          const result = await codes.where('status', '==', status).count().get();
          return [status, result.data().count] as const;
        }),
      ),
    );
    return Object.fromEntries(counts) as Record<QrStatus, number>;
  }

  async createNext(count: number, pool: QrPool, startAt = 1): Promise<QrCode[]> {
    if (count <= 0) return [];
    const created = await this.withDeadline(async (deadline) => {
      const codes = await this.transaction(deadline, async (transaction) => {
        const counter = await transaction.get(this.serials);
        // The counter, or for a collection filled by another system, its highest serial.
        const top = await transaction.get(this.codes.orderBy('serial_value', 'desc').limit(1));
        const highest = maxOrNull(
          counter.exists ? Number(counter.get('highest')) : null,
          top.empty ? null : Number(top.docs[0].get('serial_value')),
        );
        const first = highest === null ? startAt : Math.max(highest + 1, startAt);
        const now = Timestamp.now();
        const codes = Array.from({ length: count }, (_, i) => newDocument(first + i, pool, now));
        transaction.create(this.serials.collection('claims').doc(highest === null ? 'none' : String(highest)), {
          first,
          count,
          claimed_at: now,
        });
        transaction.set(this.serials, { highest: first + count - 1, updated_at: now });
        for (const [id, data] of codes.slice(0, WRITES_PER_COMMIT)) transaction.create(this.codes.doc(id), data);
        return codes;
      });
      // Beyond one commit's worth the serials are already reserved; the rest follow in batches,
      // within the deadline: a batch given up may still land, codes nobody else can take either way.
      for (let i = WRITES_PER_COMMIT; i < codes.length; i += WRITES_PER_COMMIT) {
        deadline.reading();
        const batch = this.db.batch();
        for (const [id, data] of codes.slice(i, i + WRITES_PER_COMMIT)) batch.create(this.codes.doc(id), data);
        await batch.commit();
      }
      return codes;
    });
    return created.map(([id, data]) => this.fromData(id, data));
  }

  /**
   * One transaction per code (Firestore has no conditional multi-document update), each within its
   * own deadline; `signal` stops the run between two, so a caller's deadline holds over a thousand.
   */
  async changeStatuses(ids: string[], to: QrStatus, from: readonly QrStatus[], signal?: AbortSignal): Promise<number> {
    let changed = 0;
    for (const id of ids) {
      signal?.throwIfAborted();
      if (await this.changeStatus(id, to, from)) changed += 1;
    }
    return changed;
  }

  changeStatus(id: string, to: QrStatus, from: readonly QrStatus[]): Promise<QrCode | null> {
    if (!isDocumentId(id)) return Promise.resolve(null);
    const ref = this.codes.doc(id);
    return this.withDeadline((deadline) =>
      this.transaction(deadline, async (transaction) => {
        const snapshot = await transaction.get(ref);
        const current = snapshot.get('status') as QrStatus | undefined;
        if (!snapshot.exists || current === undefined || !from.includes(current)) return null;
        const revision = (Number(snapshot.get('revision')) || 0) + 1;
        const now = Timestamp.now();
        transaction.create(ref.collection('revisions').doc(String(revision)), {
          status: to,
          previous_status: current,
          changed_at: now,
        });
        transaction.update(ref, { status: to, updated_at: now, revision });
        return this.fromData(id, { ...snapshot.data(), status: to, updated_at: now, revision }, snapshot);
      }),
    );
  }

  take(qrToken: string, newToken: string): Promise<QrCode | null> {
    return this.withDeadline((deadline) =>
      this.transaction(deadline, async (transaction) => {
        const found = await transaction.get(this.codes.where('qr_token', '==', qrToken).limit(1));
        if (found.empty) return null;
        const snapshot = found.docs[0];
        const code = this.toQrCode(snapshot);
        if (code.pool !== 'try' || code.status !== 'unused' || code.takenAt !== null) return null;
        const revision = (Number(snapshot.get('revision')) || 0) + 1;
        const now = Timestamp.now();
        transaction.create(snapshot.ref.collection('revisions').doc(String(revision)), {
          status: code.status,
          previous_status: code.status,
          taken: true,
          changed_at: now,
        });
        const fields = { qr_token: newToken, taken: true, taken_at: now, updated_at: now, revision };
        transaction.update(snapshot.ref, fields);
        return this.fromData(snapshot.id, { ...snapshot.data(), ...fields }, snapshot);
      }),
    );
  }

  private toQrCode(snapshot: DocumentSnapshot): QrCode {
    return this.fromData(snapshot.id, snapshot.data() ?? {}, snapshot);
  }

  private fromData(id: string, data: DocumentData, snapshot?: DocumentSnapshot): QrCode {
    const serial: unknown = data.serial_number;
    return {
      id,
      serialNumber: typeof serial === 'number' ? formatSerial(serial) : String(serial),
      qrToken: String(data.qr_token),
      status: data.status as QrStatus,
      pool: isPool(data.pool) ? data.pool : poolBySerial(serialValueOf(serial), this.tryFrom),
      takenAt: data.taken === true ? (toDate(data.taken_at) ?? snapshot?.updateTime?.toDate() ?? new Date(0)) : null,
      // Codes written by another system may lack the timestamps: the document's own then serve.
      createdAt: toDate(data.created_at) ?? snapshot?.createTime?.toDate() ?? new Date(0),
      updatedAt: toDate(data.updated_at) ?? snapshot?.updateTime?.toDate() ?? new Date(0),
    };
  }

  /**
   * `work` within FIRESTORE_TIMEOUT_SECONDS, or a DEADLINE_EXCEEDED error (an outage, 503). The
   * calls' own deadlines (BOUNDED_CALLS) do not bound an operation: the library retries a query
   * up to 5 times and a transaction up to 5 times, each with calls of their own, and a server that
   * refuses connections is retried for minutes.
   */
  private withDeadline<T>(work: (deadline: Deadline) => Promise<T>): Promise<T> {
    return new Deadline(this.timeoutMs).run((deadline) => this.tracked(work(deadline)));
  }

  /** `operation`, remembered until it settles: shutdown waits for it. */
  private tracked<T>(operation: Promise<T>): Promise<T> {
    const settled = operation.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return operation;
  }

  /**
   * `update` in a transaction, again while its claim is taken, within `deadline`. It is given up
   * while it reads, nothing written yet; a commit once sent is waited out (its call's deadline
   * bounds it) and its outcome is the answer: a change is not reported failed while it may still
   * land. Only a commit that gets no answer at all leaves that open (a code then left `recorded`
   * without a message is freed by the purge's repair sweep).
   */
  private transaction<T>(deadline: Deadline, update: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.claiming(() =>
      this.db.runTransaction(async (transaction) => {
        deadline.reading();
        const result = await update(transaction);
        deadline.commit();
        return result;
      }),
    );
  }

  /** Runs `work` again while its claim was taken by a concurrent writer. */
  private async claiming<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if ((error as { code?: unknown }).code !== ALREADY_EXISTS || attempt >= MAX_CLAIM_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 10)));
      }
    }
  }
}

/** Every call of BOUNDED_CALLS with `timeoutMs` as its deadline, in gax's client configuration. */
function callDeadlines(timeoutMs: number) {
  const methods = Object.fromEntries(BOUNDED_CALLS.map((name) => [name, { timeout_millis: timeoutMs }]));
  return { interfaces: { 'google.firestore.v1.Firestore': { methods } } };
}

/** A service-account key file, or (any other kind of file) Google's application default credentials. */
function credentialFrom(path: string | undefined): Credential | undefined {
  if (!path) return undefined; // firebase-admin then uses application default credentials
  let key: { type?: string };
  try {
    key = JSON.parse(readFileSync(path, 'utf8')) as { type?: string };
  } catch (error) {
    throw new Error(`GOOGLE_APPLICATION_CREDENTIALS: cannot read ${path}: ${errorMessage(error)}`);
  }
  return key.type === 'service_account' ? cert(path) : applicationDefault();
}

function newDocument(serial: number, pool: QrPool, now: Timestamp): [string, QrDocument] {
  return [
    randomUUID(),
    {
      serial_number: formatSerial(serial),
      serial_value: serial,
      qr_token: newQrToken(),
      status: 'unused',
      pool,
      taken: false,
      taken_at: null,
      created_at: now,
      updated_at: now,
      revision: 0,
    },
  ];
}

function isPool(value: unknown): value is QrPool {
  return QR_POOLS.includes(value as QrPool);
}

/** The rule /try followed before codes had pools; a serial that is no number is never offered. */
function poolBySerial(serialValue: number | undefined, tryFrom: number): QrPool {
  return serialValue !== undefined && serialValue >= tryFrom ? 'try' : 'print';
}

function toDate(value: unknown): Date | undefined {
  if (value instanceof Timestamp) return value.toDate();
  return value instanceof Date ? value : undefined;
}

function serialValueOf(serial: unknown): number | undefined {
  if (typeof serial === 'number' && Number.isSafeInteger(serial)) return serial;
  return typeof serial === 'string' && /^\d{1,15}$/.test(serial) ? Number(serial) : undefined;
}

/** Every result, or the first failure once every promise has settled: none runs on unseen. */
async function allSettled<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

function maxOrNull(...values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length ? Math.max(...known) : null;
}

/** What Firestore accepts as a document id; anything else cannot name a code. */
function isDocumentId(id: string): boolean {
  return /^[^/]{1,1500}$/.test(id) && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
