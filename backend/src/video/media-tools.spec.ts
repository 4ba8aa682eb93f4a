import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HTTP_TIMEOUTS } from '../common/http-timeouts';
import { appConfig } from '../config/app-config';
import { parseConfig } from '../config/config.schema';
import { MediaTools, PROBE_TIMEOUT_MS } from './media-tools';

describe('MediaTools.probeUpload', () => {
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-media-tools-'));
  // An ffprobe that answers -version, then takes whatever it is given and never tells anything.
  const ffprobe = join(dir, 'ffprobe');
  writeFileSync(ffprobe, '#!/bin/sh\n[ "$1" = "-version" ] && exit 0\nexec sleep 3600\n');
  chmodSync(ffprobe, 0o755);
  const { env } = parseConfig({
    DATABASE_URL: 'postgres://giftcast@localhost/giftcast',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    FFMPEG_PATH: ffprobe,
    FFPROBE_PATH: ffprobe,
  });
  const tools = new MediaTools(appConfig(env));

  afterEach(() => jest.useRealTimers());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Whether the probe has given up once `ms` have passed on the clock. */
  async function givenUpAfter(from: 'request' | 'storage', ms: number): Promise<boolean> {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const probe = tools.probeUpload('mov', from)!;
    let settled = false;
    void probe.result.then(() => (settled = true));
    jest.advanceTimersByTime(ms);
    // The tool's end arrives as the system reports it: wait for it, on the real clock.
    jest.useRealTimers();
    const deadline = Date.now() + 2_000;
    while (!settled && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const givenUp = settled;
    probe.stop();
    await probe.result;
    return givenUp;
  }

  it("reads a stored upload back within a stored file's probe time: a store that trickles it cannot hold the upload", async () => {
    expect(await givenUpAfter('storage', PROBE_TIMEOUT_MS - 1_000)).toBe(false);
    expect(await givenUpAfter('storage', PROBE_TIMEOUT_MS)).toBe(true);
  });

  it('reads an upload streaming in for as long as its request may last', async () => {
    expect(await givenUpAfter('request', PROBE_TIMEOUT_MS)).toBe(false);
    expect(await givenUpAfter('request', HTTP_TIMEOUTS.requestMs)).toBe(true);
  });
});
