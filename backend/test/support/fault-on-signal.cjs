// Preloaded into a backend process (NODE_OPTIONS=--require) by uncaught-errors.e2e-spec.ts: on
// SIGUSR2 it raises, outside every handler of the app, what GIFTCAST_TEST_FAULT names: an
// exception nobody catches ('exception') or a rejection nobody handles ('rejection').
process.on('SIGUSR2', () => {
  setImmediate(() => {
    if (process.env.GIFTCAST_TEST_FAULT === 'rejection') {
      void Promise.reject(new Error('a rejection nobody handles'));
    } else {
      throw new Error('an exception nobody catches');
    }
  });
});
