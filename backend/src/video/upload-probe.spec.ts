import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadProbe } from './upload-probe';

const dir = mkdtempSync(join(tmpdir(), 'giftcast-upload-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMITS = { timeoutMs: 30_000, cpuSeconds: 10, memoryMb: 1024 };

/** Streams `bytes` through the probe's tap in 16 KB chunks; what came out the other side. */
async function through(probe: UploadProbe, bytes: Buffer): Promise<Buffer> {
  const out: Buffer[] = [];
  const chunks = Array.from({ length: Math.ceil(bytes.length / 16_384) }, (_, i) =>
    bytes.subarray(i * 16_384, (i + 1) * 16_384),
  );
  await pipeline(
    Readable.from(chunks),
    probe.tap(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(out);
}

describe('UploadProbe', () => {
  it('reads what an upload declares from its bytes as they pass, and passes them on unchanged', async () => {
    const file = join(dir, 'fast.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=240:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      file,
    ]);
    const bytes = readFileSync(file);
    const probe = new UploadProbe('ffprobe', 'mov', LIMITS);
    expect((await through(probe, bytes)).equals(bytes)).toBe(true);
    expect(await probe.result).toMatchObject({ hasVideo: true, width: 160, height: 120, declaredFps: 240 });
  });

  it('tells nothing, and holds nothing back, when ffprobe stops reading', async () => {
    const stuck = join(dir, 'stuck-ffprobe');
    writeFileSync(stuck, '#!/bin/sh\nexec sleep 60\n');
    chmodSync(stuck, 0o755);
    const probe = new UploadProbe(stuck, 'matroska', LIMITS, 200);
    const bytes = Buffer.alloc(1024 * 1024, 1);
    expect((await through(probe, bytes)).length).toBe(bytes.length);
    expect(await probe.result).toBeNull();
  });
});
