import { act, fireEvent, screen } from '@testing-library/react';
import { useId } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { whileHydrating, whileServerRendering } from '../lib/hydration';
import { changeLanguage } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { StaticContent } from './static-content';

const rendered = jest.fn();
const onAction = jest.fn();

/** Static content that counts its renders and shows the language it was rendered in. */
function Article({ label = 'Article' }: { label?: string }) {
  rendered();
  return (
    <article aria-label={label}>
      <p>Rendered in {document.documentElement.lang || 'an unknown language'}</p>
      <a href="/about">About us</a>
      <a href="/how">How it works</a>
      <a href="#part-2">Part 2</a>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <button type="button" data-action="share">
        <span>Share</span>
      </button>
    </article>
  );
}

let location: Location;
function LocationProbe() {
  location = useLocation();
  return null;
}

function app(version = 'v1', path = '/how') {
  return (
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <StaticContent version={version} onAction={onAction}>
          <Article />
        </StaticContent>
      </MemoryRouter>
    </AppProviders>
  );
}

let root: Root | undefined;
let container: HTMLElement;

/** The page as the server sent it, adopted by the app. */
function hydrate(version = 'v1') {
  // The browser's address is the router's (links resolve against it).
  window.history.replaceState(null, '', '/how');
  container = document.createElement('div');
  container.innerHTML = whileServerRendering(() => renderToString(app(version)));
  document.body.append(container);
  rendered.mockClear();
  act(() => {
    root = whileHydrating(() => hydrateRoot(container, app(version)));
  });
}

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
});

describe('StaticContent', () => {
  it('renders its content when the app renders from scratch', async () => {
    await renderWithProviders(
      <StaticContent>
        <Article />
      </StaticContent>,
    );

    expect(screen.getByRole('article', { name: 'Article' })).toBeInTheDocument();
    expect(rendered).toHaveBeenCalled();
  });

  it('lays out as if it were not there', async () => {
    await renderWithProviders(
      <StaticContent>
        <Article />
      </StaticContent>,
    );

    expect(screen.getByRole('article').parentElement).toHaveStyle({ display: 'contents' });
  });

  it('keeps the server’s HTML as it stands while the app adopts the page, without rendering it again', () => {
    hydrate();
    const article = container.querySelector('article')!;

    expect(rendered).not.toHaveBeenCalled();
    expect(article.isConnected).toBe(true);
    expect(screen.getByRole('link', { name: 'About us' })).toBeInTheDocument();
  });

  it('renders live once its version changes', () => {
    hydrate('v1');
    const serverArticle = container.querySelector('article')!;

    act(() => root!.render(app('v2')));

    expect(rendered).toHaveBeenCalled();
    expect(serverArticle.isConnected).toBe(false);
    expect(screen.getByRole('article', { name: 'Article' })).toBeInTheDocument();
  });

  it('renders live once the language changes, and stays live when it changes back', async () => {
    hydrate();

    await act(() => changeLanguage('ko'));
    expect(rendered).toHaveBeenCalled();
    await act(() => changeLanguage('en'));

    expect(screen.getByRole('article', { name: 'Article' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('follows a link of the adopted HTML within the app', () => {
    hydrate();

    const notDefault = fireEvent.click(screen.getByRole('link', { name: 'About us' }));

    expect(notDefault).toBe(false);
    expect(location.pathname).toBe('/about');
  });

  it('answers a click on a marked element of the adopted HTML, and of the live content', async () => {
    hydrate();
    fireEvent.click(screen.getByText('Share'));
    expect(onAction).toHaveBeenLastCalledWith('share', expect.objectContaining({ type: 'click' }));

    onAction.mockClear();
    await act(() => changeLanguage('ko'));
    expect(rendered).toHaveBeenCalled();
    fireEvent.click(screen.getByText('Share'));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenLastCalledWith('share', expect.anything());

    fireEvent.click(screen.getByRole('link', { name: 'About us' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('scrolls to the top for a link to the page already shown', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    hydrate();

    fireEvent.click(screen.getByRole('link', { name: 'How it works' }));

    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(location.pathname).toBe('/how');
  });

  it.each([
    ['a click with a modifier key', 'About us', { ctrlKey: true }],
    ['a middle click', 'About us', { button: 1 }],
    ['a jump within the page', 'Part 2', {}],
    ['a link to another site', 'Elsewhere', {}],
  ])('leaves %s to the browser', (_, name, init) => {
    hydrate();

    const notPrevented = fireEvent.click(screen.getByRole('link', { name }), init);

    expect(notPrevented).toBe(true);
    expect(location.pathname).toBe('/how');
  });
});

describe('StaticContent on the server', () => {
  const ids: string[] = [];
  function WithId() {
    const id = useId();
    ids.push(id);
    return <p id={id}>Named</p>;
  }

  it('refuses content that uses ids: the browser, which skips it, would count later ids differently', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const page = (
      <AppProviders>
        <MemoryRouter>
          <StaticContent>
            <WithId />
          </StaticContent>
        </MemoryRouter>
      </AppProviders>
    );

    expect(() => whileServerRendering(() => renderToString(page))).toThrow(/uses ids/);
  });

  it('renders content without ids, and ids after it match the browser’s', () => {
    const page = (
      <AppProviders>
        <MemoryRouter>
          <StaticContent>
            <Article />
          </StaticContent>
          <WithId />
        </MemoryRouter>
      </AppProviders>
    );
    ids.length = 0;
    container = document.createElement('div');
    container.innerHTML = whileServerRendering(() => renderToString(page));
    document.body.append(container);

    act(() => {
      root = whileHydrating(() => hydrateRoot(container, page));
    });

    const [onTheServer, inTheBrowser] = ids;
    expect(inTheBrowser).toBe(onTheServer);
    expect(screen.getByRole('article')).toBeInTheDocument();
  });
});
