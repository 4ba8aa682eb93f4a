import { RenderedPages } from './rendered-pages';

/** A render function that counts its calls and answers with the data it was given. */
function renderer() {
  const calls: string[] = [];
  const render = (page: string, data: unknown) => () => {
    calls.push(`${page} ${JSON.stringify(data)}`);
    return Promise.resolve(`<html>${page} ${JSON.stringify(data)}</html>`);
  };
  return { calls, render };
}

describe('RenderedPages', () => {
  it('renders a page once for the same data', async () => {
    const pages = new RenderedPages();
    const { calls, render } = renderer();

    expect(await pages.html('ko /try', [1, 2], render('ko /try', [1, 2]))).toBe('<html>ko /try [1,2]</html>');
    expect(await pages.html('ko /try', [1, 2], render('ko /try', [1, 2]))).toBe('<html>ko /try [1,2]</html>');

    expect(calls).toEqual(['ko /try [1,2]']);
  });

  it('renders again when the data changed, and keeps only the newest rendering of the page', async () => {
    const pages = new RenderedPages();
    const { calls, render } = renderer();
    await pages.html('ko /try', [1, 2], render('ko /try', [1, 2]));

    expect(await pages.html('ko /try', [2], render('ko /try', [2]))).toBe('<html>ko /try [2]</html>');
    expect(pages.size).toBe(1);
    await pages.html('en /try', [2], render('en /try', [2]));

    expect(calls).toEqual(['ko /try [1,2]', 'ko /try [2]', 'en /try [2]']);
    expect(pages.size).toBe(2);
  });

  it('lets requests that arrive while a page renders share that rendering', async () => {
    const pages = new RenderedPages();
    let finish!: (html: string) => void;
    const render = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));

    const first = pages.html('ko /', ['a'], render);
    const second = pages.html('ko /', ['a'], render);
    finish('<html>home</html>');

    expect(await Promise.all([first, second])).toEqual(['<html>home</html>', '<html>home</html>']);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('forgets a rendering that failed, so the next request tries again', async () => {
    const pages = new RenderedPages();
    const failing = jest.fn(() => Promise.reject(new Error('render failed')));

    await expect(pages.html('ko /blog', [], failing)).rejects.toThrow('render failed');
    expect(pages.size).toBe(0);
    expect(await pages.html('ko /blog', [], () => Promise.resolve('<html>blog</html>'))).toBe('<html>blog</html>');
  });

  it('keeps at most the given number of pages, dropping the one rendered longest ago', async () => {
    const pages = new RenderedPages(2);
    const { calls, render } = renderer();
    await pages.html('ko /', [], render('ko /', []));
    await pages.html('ko /blog', [], render('ko /blog', []));
    await pages.html('ko /', ['new'], render('ko /', ['new']));
    await pages.html('ko /try', [], render('ko /try', []));

    // '/blog' was rendered longest ago; the home page's newer rendering stays.
    await pages.html('ko /', ['new'], render('ko /', ['new']));
    await pages.html('ko /blog', [], render('ko /blog', []));

    expect(calls).toEqual(['ko / []', 'ko /blog []', 'ko / ["new"]', 'ko /try []', 'ko /blog []']);
  });
});
