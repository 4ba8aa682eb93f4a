import { run, ToolTimeoutError, transcodeArgs } from './ffmpeg';

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

  it('confines the transcode to one local file read by the named demuxer, with length and size caps', () => {
    const args = transcodeArgs('/work/in', 'matroska', '/work/out.mp4', { maxSeconds: 185, maxBytes: 1000 });
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
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '185']);
    expect(args.slice(args.indexOf('-fs'), args.indexOf('-fs') + 2)).toEqual(['-fs', '1000']);
    expect(args.at(-1)).toBe('file:/work/out.mp4');
  });
});
