/** gRPC's DEADLINE_EXCEEDED, what Firestore's client reports when its own deadline passes. */
const DEADLINE_EXCEEDED = 4;

/**
 * An operation on Firestore given up at its deadline, shaped as the client's own gRPC error so
 * that it is the same outage (503) wherever it is recognised.
 */
export class FirestoreDeadlineExceeded extends Error {
  readonly code = DEADLINE_EXCEEDED;
  readonly details: string;

  constructor(timeoutMs: number) {
    const details = `Firestore did not answer within ${timeoutMs / 1000} s`;
    super(`${DEADLINE_EXCEEDED} DEADLINE_EXCEEDED: ${details}`);
    this.details = details;
  }
}

/** Thrown inside a transaction past its deadline: ends it before the commit, and is not retried. */
class PastDeadline extends Error {}

/** An operation's deadline, which a transaction's commit, once sent, outlives. */
export class Deadline {
  private passed = false;
  private committing = false;
  private giveUp?: () => void;

  constructor(private readonly timeoutMs: number) {}

  /** A transaction (again) reads: nothing is sent to commit yet, so the deadline holds. */
  reading(): void {
    this.committing = false;
    if (this.passed) throw new PastDeadline();
  }

  /**
   * The transaction is about to commit: past the deadline it ends here, nothing written; otherwise
   * the commit is waited out whatever the time, as its outcome is the change's (the commit's own
   * call deadline bounds it).
   */
  commit(): void {
    if (this.passed) throw new PastDeadline();
    this.committing = true;
  }

  /** `work`'s result, or FirestoreDeadlineExceeded once the deadline passes outside a commit. */
  run<T>(work: (deadline: Deadline) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      this.giveUp = () => reject(new FirestoreDeadlineExceeded(this.timeoutMs));
      timer = setTimeout(() => {
        this.passed = true;
        if (!this.committing) this.giveUp?.();
      }, this.timeoutMs);
    });
    const done = work(this).catch((error: unknown) => {
      throw error instanceof PastDeadline ? new FirestoreDeadlineExceeded(this.timeoutMs) : error;
    });
    // Given up, the work goes on in the background until the client's own deadlines end it.
    done.catch(() => undefined);
    return Promise.race([done, timedOut]).finally(() => clearTimeout(timer));
  }
}
