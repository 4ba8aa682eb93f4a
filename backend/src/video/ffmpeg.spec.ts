import { readFileSync } from 'node:fs';
import {
  asUnplayable,
  type OutputLimits,
  parseProbe,
  probeArgs,
  run,
  ToolKilledError,
  ToolTimeoutError,
  transcodeArgs,
  UnplayableVideoError,
} from './ffmpeg';

const LIMITS: OutputLimits = { maxSeconds: 185, maxBytes: 1000, threads: 2, maxFramePixels: 8_900_000, maxFps: 60 };

/** The value following `flag` each time it occurs. */
function valuesOf(args: string[], flag: string): string[] {
  return args.flatMap((arg, i) => (arg === flag ? [args[i + 1]] : []));
}

describe('running the media tools', () => {
  it('gives a tool only PATH from the environment, never the backend secrets', async () => {
    process.env.JWT_SECRET_FOR_THIS_TEST = 'must-not-leak';
    try {
      const env = await run('/usr/bin/env', [], { timeoutMs: 5000 });
      expect(env.trim().split('\n')).toEqual([`PATH=${process.env.PATH}`]);
    } finally {
      delete process.env.JWT_SECRET_FOR_THIS_TEST;
    }
  });

  it('kills a tool that runs past its wall-clock limit', async () => {
    const started = Date.now();
    await expect(run('sleep', ['10'], { timeoutMs: 200 })).rejects.toBeInstanceOf(ToolTimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a tool when its job is aborted (shutdown)', async () => {
    const controller = new AbortController();
    const running = run('sleep', ['10'], { timeoutMs: 60_000, signal: controller.signal });
    controller.abort(new Error('stopping'));
    await expect(running).rejects.toThrow('stopping');
  });

  it('starts each tool as the leader of a process group of its own, out of reach of a signal to ours', async () => {
    const [pid, group] = (await run('/bin/sh', ['-c', 'echo $$; cut -d" " -f5 /proc/$$/stat'], { timeoutMs: 5000 }))
      .trim()
      .split('\n');
    const ours = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[2];
    expect(group).toBe(pid);
    expect(group).not.toBe(ours);
  });

  it('runs a tool under the CPU time and memory limits it is given', async () => {
    const out = await run('/bin/sh', ['-c', 'ulimit -S -t; ulimit -v'], {
      timeoutMs: 5000,
      cpuSeconds: 7,
      memoryMb: 300,
    });
    expect(out.trim().split('\n')).toEqual(['7', String(300 * 1024)]);
  });

  it('hands the arguments to the tool as they are, never to the shell that sets its limits', async () => {
    const args = ['$(echo injected)', '"; exit 3; "', '`id`'];
    const out = await run('/bin/echo', args, { timeoutMs: 5000, cpuSeconds: 5, memoryMb: 300 });
    expect(out.trim()).toBe(args.join(' '));
  });

  it('stops a tool at its CPU time limit, which counts as too slow for the video', async () => {
    const limits = { timeoutMs: 60_000, cpuSeconds: 1 };
    const error = await run('/bin/sh', ['-c', 'while :; do :; done'], limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(asUnplayable(error, limits)).toMatchObject({ reason: 'tooSlow' });
  });

  it('takes a wall-clock timeout for too slow, and the tool’s own error for unreadable', async () => {
    const limits = { timeoutMs: 200 };
    const timedOut = await run('sleep', ['10'], limits).catch((e: unknown) => e);
    expect(asUnplayable(timedOut, limits)).toMatchObject({ reason: 'tooSlow' });
    const failed = await run('/bin/sh', ['-c', 'echo "Invalid data found" >&2; exit 1'], limits).catch(
      (e: unknown) => e,
    );
    expect(asUnplayable(failed, limits)).toMatchObject({ reason: 'unreadable', message: /Invalid data found/ });
  });

  it.each([
    ['SIGTERM', true],
    ['SIGINT', true],
    ['SIGHUP', true],
    ['SIGKILL', false],
    ['SIGSEGV', false],
  ] as const)('never takes a tool killed by %s for a bad video', async (signal, askedToStop) => {
    const limits = { timeoutMs: 5000 };
    const error = await run('/bin/sh', ['-c', `kill -${signal.slice(3)} $$`], limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolKilledError);
    expect(error).toMatchObject({ signal, askedToStop });
    expect(asUnplayable(error, limits)).not.toBeInstanceOf(UnplayableVideoError);
  });

  it('takes ffmpeg’s clean stop on SIGTERM for a stop, not for the video’s error, but only as its last line', async () => {
    const limits = { timeoutMs: 5000 };
    const stopped = await run(
      '/bin/sh',
      ['-c', 'echo "frame= 10" >&2; echo "Exiting normally, received signal 15." >&2; exit 255'],
      limits,
    ).catch((e: unknown) => e);
    expect(stopped).toMatchObject({ signal: 'SIGTERM', askedToStop: true });
    expect(asUnplayable(stopped, limits)).not.toBeInstanceOf(UnplayableVideoError);
    // A file's metadata printed in ffmpeg's input summary is not ffmpeg's word.
    const forged = await run(
      '/bin/sh',
      ['-c', 'echo "    title : Exiting normally, received signal 15." >&2; echo "Invalid data found" >&2; exit 1'],
      limits,
    ).catch((e: unknown) => e);
    expect(asUnplayable(forged, limits)).toMatchObject({ reason: 'unreadable' });
  });
});

describe('the arguments of the media tools', () => {
  it('confines the transcode to one local file read by the named demuxer, with length and size caps', () => {
    const args = transcodeArgs('/work/in', 'matroska', '/work/out.mp4', LIMITS);
    const input = args.indexOf('-i');
    expect(args.slice(input - 6, input + 2)).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'matroska',
      '-f',
      'matroska',
      '-i',
      'file:/work/in',
    ]);
    expect(valuesOf(args, '-t')).toEqual(['185']);
    expect(valuesOf(args, '-fs')).toEqual(['1000']);
    expect(args.at(-1)).toBe('file:/work/out.mp4');
  });

  it('bounds the threads of decoding, filtering and encoding, and the decoder’s frame size', () => {
    const args = transcodeArgs('/work/in', 'mov', '/work/out.mp4', { ...LIMITS, threads: 3, maxFramePixels: 8.9e6 });
    const input = args.indexOf('-i');
    expect(valuesOf(args, '-filter_threads')).toEqual(['3']);
    // Before -i for the decoder, after it for the encoder.
    expect(valuesOf(args.slice(0, input), '-threads')).toEqual(['3']);
    expect(valuesOf(args.slice(input), '-threads')).toEqual(['3']);
    expect(valuesOf(args.slice(0, input), '-max_pixels')).toEqual(['8900000']);
  });

  it('thins an input faster than 60 frames a second to 60, and leaves a slower one as it is', () => {
    expect(valuesOf(transcodeArgs('/in', 'mov', '/out.mp4', { ...LIMITS, inputFps: 120 }), '-r')).toEqual(['60']);
    expect(valuesOf(transcodeArgs('/in', 'mov', '/out.mp4', { ...LIMITS, inputFps: 60 }), '-r')).toEqual([]);
    expect(valuesOf(transcodeArgs('/in', 'mov', '/out.mp4', { ...LIMITS, inputFps: 29.97 }), '-r')).toEqual([]);
    expect(valuesOf(transcodeArgs('/in', 'mov', '/out.mp4', LIMITS), '-r')).toEqual([]);
  });

  it('probes headers only, decoding nothing, and a file’s video packets up to a count', () => {
    const headers = probeArgs('stdin', 'mov');
    expect(headers).toContain('-nofind_stream_info');
    expect(valuesOf(headers, '-protocol_whitelist')).toEqual(['pipe']);
    expect(headers.at(-1)).toBe('pipe:0');
    expect(valuesOf(headers, '-show_entries')[0]).not.toContain('packet=');

    const packets = probeArgs({ file: '/work/in' }, 'matroska', { packets: 22_201 });
    expect(packets).toContain('-nofind_stream_info');
    expect(valuesOf(packets, '-protocol_whitelist')).toEqual(['file']);
    expect(valuesOf(packets, '-select_streams')).toEqual(['v:0']);
    expect(valuesOf(packets, '-read_intervals')).toEqual(['%+#22201']);
    expect(valuesOf(packets, '-show_entries')[0]).toContain('packet=pts_time,duration_time');
    expect(packets.at(-1)).toBe('file:/work/in');
    expect(packets).not.toContain('-show_frames');
  });
});

describe('parseProbe', () => {
  it('reads what the headers declare', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [
          { codec_type: 'video', width: 8192, height: 8192, avg_frame_rate: '30000/1001', nb_frames: '18000' },
          { codec_type: 'audio', avg_frame_rate: '0/0', duration: '180.5' },
        ],
        format: { duration: '180.000000' },
      }),
    );
    expect(probe).toEqual({
      hasVideo: true,
      width: 8192,
      height: 8192,
      declaredFps: 30000 / 1001,
      declaredFrames: 18000,
      durationSeconds: 180.5,
    });
  });

  it('leaves out what a stream declares as unknown, as a live WebM does', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [{ codec_type: 'video', width: 640, height: 480, avg_frame_rate: '0/0' }],
        format: {},
      }),
    );
    expect(probe).toEqual({ hasVideo: true, width: 640, height: 480, durationSeconds: Number.NaN });
  });

  it('counts the packets read and the time they span, out of order as B-frames come', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [{ codec_type: 'video', width: 320, height: 240 }],
        format: { duration: '0.5' },
        packets: [
          { pts_time: '0.000000', duration_time: '0.033333' },
          { pts_time: '2.000000', duration_time: '0.033333' },
          { pts_time: '1.000000', duration_time: '0.033333' },
          { pts_time: 'N/A' },
        ],
      }),
    );
    expect(probe.packets).toEqual({ count: 4, spanSeconds: expect.closeTo(2.0333, 3) });
    expect(probe.durationSeconds).toBeCloseTo(2.0333, 3);
  });
});
