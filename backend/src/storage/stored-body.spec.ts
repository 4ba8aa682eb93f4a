import { get, type IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { closingStore, OBJECT_BYTES, untilStoreClosed } from '../../test/support/closing-store';
import { pipeStored } from './stored-body';

describe('pipeStored', () => {
  let store: Awaited<ReturnType<typeof closingStore>>;
  beforeAll(async () => (store = await closingStore()));
  afterAll(() => store.close());

  const answer = () => new Promise<IncomingMessage>((answered) => get(store.url, answered));

  it('copies the whole body', async () => {
    let copied = 0;
    const file = new Writable({
      write(chunk: Buffer, _encoding, done) {
        copied += chunk.length;
        done();
      },
    });
    await pipeStored(await answer(), [file]);
    expect(copied).toBe(OBJECT_BYTES);
  });

  it('ends the body when what it feeds fails after the store closed the connection with bytes unread', async () => {
    const body = await answer();
    // A file that takes the first bytes, then fails (the disk is full).
    let fail: (error: Error) => void = () => undefined;
    const file = new Writable({ highWaterMark: 1, write: (_chunk, _encoding, done) => (fail = done) });
    const copied = pipeStored(body, [file]);

    await untilStoreClosed(body);
    expect(body.readableEnded).toBe(false);

    fail(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    await expect(copied).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(body.destroyed).toBe(true);
  });
});
