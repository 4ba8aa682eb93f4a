import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { whileHydrating, whileServerRendering } from '../lib/hydration';
import { changeLanguage, i18n, useTranslation } from '../lib/i18n';
import { HydrateInTask, HydrateOnInteraction, hydrateWaitingParts, useAdoptsServerHtml } from './hydrate-in-task';

/** Which parts rendered, in order, and whether they adopted server HTML. */
const rendered: string[] = [];

function Counter({ name }: { name: string }) {
  const adopting = useAdoptsServerHtml();
  const [count, setCount] = useState(0);
  rendered.push(`${name}${adopting ? ' (adopting)' : ''}`);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

const Page = ({ later = false }: { later?: boolean }) => (
  <main>
    <Counter name="shell" />
    <HydrateInTask>
      <Counter name="first" />
      {later && <Counter name="later" />}
      <p>
        <Counter name="first, second element" />
      </p>
      <HydrateInTask>
        <Counter name="inside first" />
      </HydrateInTask>
    </HydrateInTask>
    <section>
      <HydrateInTask>
        <Counter name="second" />
      </HydrateInTask>
    </section>
  </main>
);

let root: Root | undefined;
let container: HTMLElement;

function serverPage(): Element[] {
  container = document.createElement('div');
  container.innerHTML = whileServerRendering(() => renderToString(<Page />));
  document.body.append(container);
  rendered.length = 0;
  return [...container.querySelectorAll('*')];
}

beforeEach(() => {
  rendered.length = 0;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
});

describe('HydrateInTask', () => {
  it('renders as its children on the server, each part one element that lays out as if it were not there', () => {
    serverPage();

    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'shell 0',
      'first 0',
      'first, second element 0',
      'inside first 0',
      'second 0',
    ]);
    expect(screen.getByRole('button', { name: 'second 0' }).parentElement).toHaveStyle({ display: 'contents' });
  });

  it('leaves its parts as the server drew them while the app adopts the page', () => {
    const before = serverPage();

    whileHydrating(() => {
      root = hydrateRoot(container, <Page />);
    });

    expect(rendered).toEqual(['shell (adopting)']);
    expect(before.every((element) => element.isConnected)).toBe(true);
  });

  it('adopts the parts afterwards in page order, parts inside parts after them, keeping every element', async () => {
    const before = serverPage();
    whileHydrating(() => {
      root = hydrateRoot(container, <Page />);
    });
    rendered.length = 0;

    await hydrateWaitingParts();

    expect(rendered).toEqual([
      'first (adopting)',
      'first, second element (adopting)',
      'second (adopting)',
      'inside first (adopting)',
    ]);
    expect(before.every((element) => element.isConnected)).toBe(true);
  });

  it('answers input once adopted', async () => {
    serverPage();
    whileHydrating(() => {
      root = hydrateRoot(container, <Page />);
    });
    await hydrateWaitingParts();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'inside first 0' }));
    });

    expect(screen.getByRole('button', { name: 'inside first 1' })).toBeInTheDocument();
  });

  it('tells content that comes into a part after it was adopted that it adopts nothing', async () => {
    serverPage();
    whileHydrating(() => {
      root = hydrateRoot(container, <Page />);
    });
    await hydrateWaitingParts();
    rendered.length = 0;

    act(() => root!.render(<Page later />));

    expect(rendered).toContain('later');
    expect(screen.getByRole('button', { name: 'later 0' })).toBeInTheDocument();
  });

  it('renders at once where the app renders from scratch', () => {
    render(<Page />);

    expect(rendered).toEqual(['shell', 'first', 'first, second element', 'inside first', 'second']);
  });
});

describe('HydrateOnInteraction', () => {
  let loaded: Promise<void>;
  let finishLoading: () => void;
  let loads = 0;
  const load = () => {
    loads += 1;
    return loaded;
  };
  const Deferred = ({ version = 0 }: { version?: number }) => (
    <main>
      <Counter name={`shell ${version}`} />
      <HydrateInTask>
        <HydrateOnInteraction load={load}>
          <Counter name="form" />
          <input aria-label="typed" />
        </HydrateOnInteraction>
      </HydrateInTask>
    </main>
  );

  beforeEach(() => {
    loads = 0;
    loaded = new Promise((resolve) => (finishLoading = resolve));
  });

  async function adoptedPage(): Promise<Element[]> {
    container = document.createElement('div');
    container.innerHTML = whileServerRendering(() => renderToString(<Deferred />));
    document.body.append(container);
    const before = [...container.querySelectorAll('*')];
    whileHydrating(() => {
      root = hydrateRoot(container, <Deferred />);
    });
    await hydrateWaitingParts();
    rendered.length = 0;
    return before;
  }

  it.each([false, true])(
    'keeps the server HTML and text typed into it until an interaction brings its code, then adopts both (page rendered again meanwhile: %s)',
    async (again) => {
      const before = await adoptedPage();
      expect(loads).toBe(0);
      const input = screen.getByRole('textbox');
      (input as HTMLInputElement).value = 'typed early';
      if (again) act(() => root!.render(<Deferred version={1} />));

      fireEvent.focusIn(input);
      await act(async () => {});
      expect(loads).toBe(1);
      await hydrateWaitingParts();
      expect(rendered).not.toContain('form (adopting)');

      finishLoading();
      await hydrateWaitingParts();

      expect(rendered).toContain('form (adopting)');
      expect(before.slice(1).every((element) => element.isConnected)).toBe(true);
      expect(screen.getByRole('textbox')).toHaveValue('typed early');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'form 0' }));
      });
      expect(screen.getByRole('button', { name: 'form 1' })).toBeInTheDocument();
    },
  );

  it('renders at once where the app renders from scratch', () => {
    render(<Deferred />);

    expect(rendered).toEqual(['shell 0', 'form']);
  });
});

describe('a part adopted after the language changed', () => {
  afterEach(() => changeLanguage('ko'));

  function Labelled() {
    const { t } = useTranslation();
    return <input aria-label={t('site.loading')} />;
  }

  it('is rendered anew, since adopting would keep the old language in its attributes', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const page = (
      <HydrateInTask>
        <HydrateOnInteraction load={() => opened}>
          <Labelled />
        </HydrateOnInteraction>
      </HydrateInTask>
    );
    await changeLanguage('ko');
    container = document.createElement('div');
    container.innerHTML = whileServerRendering(() => renderToString(page));
    document.body.append(container);
    const korean = screen.getByRole('textbox').getAttribute('aria-label');
    whileHydrating(() => {
      root = hydrateRoot(container, page);
    });
    await hydrateWaitingParts();

    fireEvent.keyDown(document.body, { key: 'Tab' });
    await act(() => changeLanguage('en'));
    open();
    await hydrateWaitingParts();
    await act(async () => {});

    const english = screen.getByRole('textbox').getAttribute('aria-label');
    expect(english).not.toBe(korean);
    expect(english).toBe(i18n.getFixedT('en')('site.loading'));
  });
});
