import { Button } from '@chakra-ui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { loadTooltips, Tooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/**
 * The tooltips shown. One that closed keeps its element for its exit animation, whose end jsdom
 * never announces: it is closed by its state.
 */
const shown = () => screen.queryAllByRole('tooltip').filter((element) => element.dataset.state === 'open');
const tooltip = () => {
  const open = shown();
  expect(open.length).toBeLessThanOrEqual(1);
  return open[0] ?? null;
};

/** Keyboard focus arriving on `element` (a Tab press, then focus). */
async function tabTo(element: HTMLElement) {
  await act(async () => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    element.focus();
  });
}

/** A mouse coming to rest on `element` (zag.js opens on pointer moves of anything but touch). */
async function pointAt(element: HTMLElement, pointerType = 'mouse') {
  await act(async () => {
    fireEvent.pointerOver(element, { pointerType });
    fireEvent.pointerMove(element, { pointerType });
  });
}

async function leave(element: HTMLElement) {
  await act(async () => {
    fireEvent.pointerLeave(element, { pointerType: 'mouse' });
  });
}

async function renderTwo() {
  const result = await renderWithProviders(
    <>
      <Tooltip label="Share on Facebook">
        <Button aria-label="Share on Facebook">f</Button>
      </Tooltip>
      <Tooltip label="Share on X">
        <Button aria-label="Share on X">x</Button>
      </Tooltip>
    </>,
  );
  return {
    ...result,
    first: screen.getByRole('button', { name: 'Share on Facebook' }),
    second: screen.getByRole('button', { name: 'Share on X' }),
  };
}

/** A pointer moving over `target` (jsdom has no PointerEvent: a mouse event with its type). */
function movePointer(target: EventTarget, pointerType: string) {
  const event = new MouseEvent('pointermove', { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  target.dispatchEvent(event);
}

describe('Tooltip before any mouse or key use', () => {
  it('shows the control alone, keeps it after a touch, and puts the tooltips in place at the first mouse move, focus kept', async () => {
    await renderTwo();
    const first = () => screen.getByRole('button', { name: 'Share on Facebook' });
    expect(first()).not.toHaveAttribute('data-state');
    first().focus();

    await act(async () => {
      movePointer(first(), 'touch');
      await Promise.resolve();
    });
    expect(first()).not.toHaveAttribute('data-state');

    await act(async () => {
      movePointer(document.body, 'mouse');
      await loadTooltips();
    });
    expect(first()).toHaveAttribute('data-state', 'closed');
    expect(first()).toHaveFocus();
  });
});

beforeEach(() => {
  // Clocks and timers are faked; microtasks stay real so the state machines settle.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Tooltip', () => {
  it('opens 700 ms after a pointer comes to rest on its control, not before', async () => {
    const { first } = await renderTwo();

    await pointAt(first);
    await advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltip()).toBeNull();

    await advance(1);
    expect(tooltip()).toHaveTextContent('Share on Facebook');
  });

  it('skip delay: moving to another control within 300 ms of leaving opens its tooltip at once', async () => {
    const { first, second } = await renderTwo();
    await pointAt(first);
    await advance(TOOLTIP_OPEN_DELAY_MS);

    await leave(first);
    await advance(TOOLTIP_SKIP_DELAY_MS - 1);
    await pointAt(second);
    await advance(0);

    expect(tooltip()).toHaveTextContent('Share on X');
  });

  it('after the skip delay the next control waits the whole open delay again', async () => {
    const { first, second } = await renderTwo();
    await pointAt(first);
    await advance(TOOLTIP_OPEN_DELAY_MS);

    await leave(first);
    await advance(TOOLTIP_SKIP_DELAY_MS);
    expect(tooltip()).toBeNull();
    await pointAt(second);
    await advance(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltip()).toBeNull();

    await advance(1);
    expect(tooltip()).toHaveTextContent('Share on X');
  });

  it('opens at once when keyboard focus reaches the control, and closes when focus leaves it', async () => {
    const { first } = await renderTwo();

    await tabTo(first);
    expect(tooltip()).toHaveTextContent('Share on Facebook');

    await act(async () => first.blur());
    expect(tooltip()).toBeNull();
  });

  it('a finger never opens it: a tap leaves no tooltip behind', async () => {
    const { first } = await renderTwo();

    await pointAt(first, 'touch');
    await act(async () => {
      fireEvent.pointerDown(first, { pointerType: 'touch' });
      first.focus();
      fireEvent.pointerUp(first, { pointerType: 'touch' });
      fireEvent.click(first);
    });
    await advance(TOOLTIP_OPEN_DELAY_MS * 3);

    expect(tooltip()).toBeNull();
  });
});
