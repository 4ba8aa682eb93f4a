/** Reads until `done` holds, every `intervalMs`; fails naming `what` and the last value read. */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
