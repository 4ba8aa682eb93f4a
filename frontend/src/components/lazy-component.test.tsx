import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { deferredComponent, lazyComponent, loadDeferredComponents } from './lazy-component';

const Greeting = ({ name }: { name: string }) => <p>{`Hello ${name}`}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('suspends on its first render while its code comes, then renders', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Lazy = lazyComponent(async () => {
      await arrived;
      return Greeting;
    });

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Minji" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();

    arrive();
    expect(await screen.findByText('Hello Minji')).toBeInTheDocument();
  });

  it('renders at once, without a boundary, once loaded', async () => {
    const Lazy = lazyComponent(async () => Greeting);
    await Lazy.load();

    expect(renderToString(<Lazy name="Jun" />)).toBe('<p>Hello Jun</p>');
  });

  it('passes a failed fetch to the error boundary, and load() tries again', async () => {
    let attempts = 0;
    const Lazy = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return Greeting;
    });

    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <Lazy name="Minji" />
        </Suspense>
      </Boundary>,
    );
    await act(async () => {});
    expect(screen.getByRole('alert')).toHaveTextContent('chunk failed');

    await Lazy.load();
    expect(attempts).toBe(2);
    render(<Lazy name="again" />);
    expect(screen.getByText('Hello again')).toBeInTheDocument();
  });

  it('loads every deferred component created so far for the server to render', async () => {
    const loader = jest.fn(async () => Greeting);
    const Lazy = deferredComponent(loader);

    await loadDeferredComponents();

    expect(loader).toHaveBeenCalledTimes(1);
    expect(renderToString(<Lazy name="server" />)).toContain('server');
  });
});
