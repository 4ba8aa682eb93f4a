import type { ReactElement } from 'react';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

export { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip-delays';

type Machinery = typeof import('./tooltip-machinery');

let machinery: Machinery | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Puts the tooltips in place. Each control is rendered anew inside its tooltip, so the one that
 * had keyboard focus hands it to its successor, found at the same place among the focusable ones.
 */
function showTooltips(loaded: Machinery): void {
  const focusables = () => [...document.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const focused = document.activeElement;
  const index = focused instanceof HTMLElement ? focusables().indexOf(focused) : -1;
  machinery = loaded;
  flushSync(() => listeners.forEach((listener) => listener()));
  if (index >= 0 && !focused!.isConnected) focusables()[index]?.focus({ preventScroll: true });
}

/**
 * Keys and pointer buttons held down. A control swapped for its tooltip-wrapped successor between
 * a press and its release would lose the click that release makes (a first mouse click, or Space
 * on a button), so the tooltips wait until nothing is held.
 */
const held = new Set<string>();
let whenReleased: (() => void) | null = null;

function release(id: string): void {
  // After the release's own task, whose click goes to the control that was pressed.
  window.setTimeout(() => {
    held.delete(id);
    if (held.size > 0 || !whenReleased) return;
    const run = whenReleased;
    whenReleased = null;
    run();
  });
}

function afterPresses(run: () => void): void {
  if (held.size === 0) run();
  else whenReleased = run;
}

/**
 * Loads the tooltips' code (once) and shows the tooltips, once no press is under way. Known limit: where the very key press that
 * loads them moves focus (a first Tab), the control it reaches gets its tooltip at the next focus,
 * since the tooltips' focus-visible tracking starts after that key press.
 */
export function loadTooltips(): Promise<void> {
  loading ??= import('./tooltip-machinery').then(
    (loaded) => new Promise<void>((resolve) => afterPresses(() => resolve(showTooltips(loaded)))),
  );
  return loading;
}

// Touch never opens a tooltip: the code comes with the first mouse or pen movement or key press,
// well before a pointer has rested 700 ms on a control, and a phone never fetches it.
if (typeof window !== 'undefined') {
  const start = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'touch') return;
    window.removeEventListener('pointermove', start);
    window.removeEventListener('keydown', start);
    void loadTooltips();
  };
  window.addEventListener('pointermove', start, { passive: true });
  window.addEventListener('keydown', start);
  const pointer = (event: PointerEvent) => `pointer:${event.pointerId}`;
  const key = (event: KeyboardEvent) => `key:${event.code}`;
  window.addEventListener('pointerdown', (event) => held.add(pointer(event)), { capture: true, passive: true });
  window.addEventListener('pointerup', (event) => release(pointer(event)), { capture: true, passive: true });
  window.addEventListener('pointercancel', (event) => release(pointer(event)), { capture: true, passive: true });
  window.addEventListener('keydown', (event) => held.add(key(event)), { capture: true });
  window.addEventListener('keyup', (event) => release(key(event)), { capture: true });
  // A release outside the window never reaches it.
  window.addEventListener('blur', () => [...held].forEach(release));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

interface TooltipProps {
  /** The control's name, in the language shown: the same text as its aria-label. */
  label: string;
  /** The control: one element that takes a ref and the trigger's handlers (a button). */
  children: ReactElement;
}

/**
 * The name of an icon-only control, shown above it when a pointer rests on it or keyboard focus
 * reaches it. Touch never opens it (a tap is not a hover, and focus from a tap is not keyboard
 * focus), so a tap on a phone leaves nothing open. The server's page and a page before any mouse
 * or key use show the control alone.
 */
export function Tooltip({ label, children }: TooltipProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => machinery,
    () => null,
  );
  return loaded ? <loaded.MachineTooltip label={label}>{children}</loaded.MachineTooltip> : children;
}
