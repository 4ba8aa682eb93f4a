import { isFirestoreUnavailable } from '../common/outage';
import { Deadline, FirestoreDeadlineExceeded } from './firestore-deadline';

/** A promise settled by the test: Firestore's answer, whenever it comes. */
function answer<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the deadline of a Firestore operation', () => {
  it('gives up on work that does not answer in time, as an outage', async () => {
    const never = answer<string>();
    const error = await new Deadline(10).run(() => never.promise).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FirestoreDeadlineExceeded);
    expect(isFirestoreUnavailable(error)).toBe(true);
  });

  it('answers what the work answers in time, and its failure as it is', async () => {
    expect(await new Deadline(1000).run(() => Promise.resolve('read'))).toBe('read');
    const failure = new Error('refused');
    await expect(new Deadline(1000).run(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('waits out a commit already sent at the deadline, and answers its outcome', async () => {
    const commit = answer<string>();
    const result = new Deadline(10).run(async (deadline) => {
      deadline.reading();
      deadline.commit();
      return commit.promise;
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the deadline has passed
    commit.resolve('committed');
    expect(await result).toBe('committed');
  });

  it('ends a transaction that finished reading past the deadline before it commits', async () => {
    const read = answer<void>();
    let committed = false;
    const result = new Deadline(10).run(async (deadline) => {
      deadline.reading();
      await read.promise;
      deadline.commit();
      committed = true;
    });
    await expect(result).rejects.toBeInstanceOf(FirestoreDeadlineExceeded);
    read.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(committed).toBe(false);
  });

  it('gives up on a transaction read again after its commit failed past the deadline', async () => {
    const commit = answer<void>();
    let attempts = 0;
    const result = new Deadline(10).run(async (deadline) => {
      attempts += 1;
      deadline.reading();
      deadline.commit();
      await commit.promise; // the commit gets no answer in time and the transaction is retried
      deadline.reading();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    commit.resolve();
    await expect(result).rejects.toBeInstanceOf(FirestoreDeadlineExceeded);
    expect(attempts).toBe(1);
  });
});
