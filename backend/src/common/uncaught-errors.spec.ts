import { FLUSH_DEADLINE_MS, fatalErrorHandler } from './uncaught-errors';

/** A logger whose flush finishes when the test says so. */
function fakeLogger() {
  const flushes: (() => void)[] = [];
  return {
    fatal: jest.fn(),
    flush: jest.fn((done?: (error?: Error) => void) => void flushes.push(() => done?.())),
    finishFlush: () => flushes.shift()?.(),
  };
}

describe('fatalErrorHandler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the error as fatal and exits with status 1 only once the log is flushed', () => {
    const logger = fakeLogger();
    const exit = jest.fn();
    const error = new Error('nobody caught this');
    fatalErrorHandler(logger, exit)('uncaught exception: the process exits', error);

    expect(logger.fatal).toHaveBeenCalledWith(
      { err: error, context: 'Process' },
      'uncaught exception: the process exits',
    );
    expect(exit).not.toHaveBeenCalled();
    logger.finishFlush();
    expect(exit).toHaveBeenCalledWith(1);
    jest.advanceTimersByTime(FLUSH_DEADLINE_MS);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('exits all the same when the flush has not finished by the deadline', () => {
    const logger = fakeLogger();
    const exit = jest.fn();
    fatalErrorHandler(logger, exit)('unhandled rejection: the process exits', 'a reason');
    jest.advanceTimersByTime(FLUSH_DEADLINE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits at once when the logger itself fails', () => {
    const exit = jest.fn();
    const broken = {
      fatal: () => {
        throw new Error('stream closed');
      },
      flush: jest.fn(),
    };
    fatalErrorHandler(broken, exit)('uncaught exception: the process exits', new Error('x'));
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('takes only the first error: a second one while exiting is neither written nor exits again', () => {
    const logger = fakeLogger();
    const exit = jest.fn();
    const fail = fatalErrorHandler(logger, exit);
    fail('uncaught exception: the process exits', new Error('first'));
    fail('unhandled rejection: the process exits', new Error('second'));
    logger.finishFlush();
    expect(logger.fatal).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
