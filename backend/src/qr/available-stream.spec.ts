import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import type { Draining } from '../common/draining';
import type { Metrics } from '../metrics/metrics';
import { AvailableStream, HEARTBEAT_MS } from './available-stream';
import type { QrService } from './qr.service';

/** A client's answer: what was written to it, in order. */
class FakeResponse extends EventEmitter {
  readonly written: string[] = [];
  writableEnded = false;
  status() {
    return this;
  }
  setHeader() {}
  flushHeaders() {}
  write(chunk: string) {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
}

function streamOf(): AvailableStream {
  const qr = { onAvailableChange: () => () => undefined, available: () => Promise.resolve([]) };
  const config = { env: { STREAM_MAX_CLIENTS: 10, STREAM_MAX_PER_ADDRESS: 10, STREAM_LIFETIME_SECONDS: 300 } };
  const draining = { active: false, onStart: () => undefined };
  const metrics = { countStreamsWith: () => undefined };
  return new AvailableStream(
    qr as unknown as QrService,
    config as unknown as AppConfig,
    draining as unknown as Draining,
    metrics as unknown as Metrics,
  );
}

describe('AvailableStream', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes a comment heartbeat to every open stream each 25 s, and none to a closed one', async () => {
    const stream = streamOf();
    stream.onModuleInit();
    const request = { ip: '192.0.2.1', socket: { setNoDelay: () => undefined, setTimeout: () => undefined } };
    const [open, closed] = [new FakeResponse(), new FakeResponse()];
    await stream.attach(request as unknown as Request, open as unknown as Response);
    await stream.attach(request as unknown as Request, closed as unknown as Response);
    const heartbeats = (response: FakeResponse) => response.written.filter((chunk) => chunk === ': heartbeat\n\n');

    expect(HEARTBEAT_MS).toBe(25_000);
    jest.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(heartbeats(open)).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(heartbeats(open)).toHaveLength(1);
    expect(heartbeats(closed)).toHaveLength(1);

    closed.end();
    jest.advanceTimersByTime(2 * HEARTBEAT_MS);
    expect(heartbeats(open)).toHaveLength(3);
    expect(heartbeats(closed)).toHaveLength(1);
    stream.onModuleDestroy();
  });
});
