import { act, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { mockMediaQueries } from '../test/media-queries';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, Toaster, removeAllToasts, showToast } from './toaster';

// jsdom has no PointerEvent; browsers' is a MouseEvent with a pointer id.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
  }
}
window.PointerEvent ??= TestPointerEvent as unknown as typeof PointerEvent;

function screenIsMdUp(mdUp: boolean) {
  mockMediaQueries({ '(min-width: 768px)': mdUp });
}

async function renderToaster() {
  render(
    <AppProviders>
      <Toaster />
    </AppProviders>,
  );
  await act(async () => {});
}

/** Runs fake time, including the animation frames zag's timers are built on. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

async function show(title: string) {
  await act(async () => {
    showToast({ type: 'info', title });
  });
  await act(async () => {});
}

const toastRoot = (title: string) => screen.getByText(title).closest<HTMLElement>('[data-part="root"]')!;
const openToasts = () => document.querySelectorAll('[data-scope="toast"][data-part="root"][data-state="open"]');

beforeEach(async () => {
  // zag's state machines settle in microtasks; only clocks and animation frames are faked.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  await changeLanguage('en');
  screenIsMdUp(false);
});

afterEach(() => {
  act(() => {
    removeAllToasts();
  });
  jest.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    await renderToaster();

    await show('First');
    await show('Second');

    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(openToasts()).toHaveLength(1);
  });

  it('shows a toast for 5000 ms, then hides it', async () => {
    await renderToaster();
    await show('Saved');

    await advance(TOAST_DURATION_MS - 100);
    expect(toastRoot('Saved')).toHaveAttribute('data-state', 'open');

    await advance(200);
    expect(toastRoot('Saved')).toHaveAttribute('data-state', 'closed');
  });

  it('keeps a dismissed toast mounted, hidden, for 1,000,000 ms before removing it', async () => {
    await renderToaster();
    await show('Bye');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await advance(0);
    expect(toastRoot('Bye')).toHaveAttribute('data-state', 'closed');

    await advance(TOAST_REMOVE_DELAY_MS - 1000);
    expect(screen.getByText('Bye')).toBeInTheDocument();

    await advance(2000);
    expect(screen.queryByText('Bye')).toBeNull();
  });

  it('a new toast is shown at once even while a dismissed one waits for removal', async () => {
    await renderToaster();
    await show('Old');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await advance(0);

    await show('New');

    expect(toastRoot('New')).toHaveAttribute('data-state', 'open');
    expect(screen.queryByText('Old')).toBeNull();
  });

  it.each([
    [50, 'open'],
    [51, 'closed'],
  ])('a swipe of %i px to the right leaves the toast %s', async (distance, state) => {
    await renderToaster();
    await show('Swipe me');
    const root = toastRoot('Swipe me');

    fireEvent.pointerDown(root, { button: 0, pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(root, { pointerId: 1, clientX: 100 + distance });
    fireEvent.pointerUp(root, { pointerId: 1, clientX: 100 + distance });
    await advance(0);

    expect(root).toHaveAttribute('data-state', state);
  });

  it('a swipe to the left never dismisses', async () => {
    await renderToaster();
    await show('Stay');
    const root = toastRoot('Stay');

    fireEvent.pointerDown(root, { button: 0, pointerId: 1, clientX: 300 });
    fireEvent.pointerUp(root, { pointerId: 1, clientX: 100 });
    await advance(0);

    expect(root).toHaveAttribute('data-state', 'open');
  });

  it('F8 moves focus to the toast region', async () => {
    await renderToaster();
    await show('Look here');

    fireEvent.keyDown(document.body, { key: 'F8', code: 'F8' });
    await act(async () => {});

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveFocus();
  });

  it('sits at the top on phones', async () => {
    screenIsMdUp(false);
    await renderToaster();
    await show('Phone');

    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveAttribute('data-placement', 'top');
  });

  it('sits at the bottom right on medium screens and up', async () => {
    screenIsMdUp(true);
    await renderToaster();
    await show('Desktop');

    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveAttribute('data-placement', 'bottom-end');
  });
});
