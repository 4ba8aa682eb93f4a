import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { Tooltip } from './tooltip';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastOptions } from './toast-options';

// The toast region and its state machines, loaded with the first toast (see toaster.tsx): a
// visitor who never sees a toast never downloads them.

// Chakra's md breakpoint: top on phones (thumbs and the keyboard own the bottom), bottom-end above.
const MD_UP = '(min-width: 768px)';
type ToastPlacement = 'top' | 'bottom-end';

const toaster = createToaster({
  // Decided in the browser by <ToastRegion> from the screen width.
  placement: 'top',
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  pauseOnPageIdle: true,
  hotkey: ['F8'], // focuses the toast region
});

/**
 * Shows a toast. One is visible at a time and the newest wins: any earlier one (shown, or
 * dismissed and waiting out its removal delay) is removed at once, since the store would
 * otherwise queue the new one behind it.
 */
export function show(options: ToastOptions): void {
  toaster.remove();
  toaster.create(options);
}

/** Removes every toast at once, without the exit animation. */
export function removeAll(): void {
  toaster.remove();
}

function placementFor(query: MediaQueryList): ToastPlacement {
  return query.matches ? 'bottom-end' : 'top';
}

/**
 * The toast region. `onReady` runs once it is on screen with its placement, so that toasts asked
 * for while it loaded are shown in the right place; what it returns runs when the region leaves.
 */
export function ToastRegion({ onReady }: { onReady: () => () => void }) {
  const { t } = useTranslation();
  const [placement, setPlacement] = useState<ToastPlacement | null>(null);

  useEffect(() => {
    const query = window.matchMedia(MD_UP);
    const apply = () => {
      toaster.attrs.placement = placementFor(query);
      setPlacement(toaster.attrs.placement);
    };
    apply();
    query.addEventListener?.('change', apply);
    return () => query.removeEventListener?.('change', apply);
  }, []);

  const ready = placement !== null;
  useEffect(() => {
    if (ready) return onReady();
  }, [ready, onReady]);

  if (placement === null) return null;

  return (
    <Portal>
      {/* Keyed by placement: the region's position is fixed when its state machine starts. */}
      <ChakraToaster key={placement} toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('toast.region')}>
        {(toast) => (
          <SwipeableToast id={toast.id!} closeLabel={t('toast.dismiss')}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
          </SwipeableToast>
        )}
      </ChakraToaster>
    </Portal>
  );
}

/**
 * A toast that follows a finger or mouse dragged to the right and is dismissed when let go past
 * the threshold (Chakra's toast has no swipe of its own); shorter drags spring back.
 */
function SwipeableToast({ id, closeLabel, children }: { id: string; closeLabel: string; children: ReactNode }) {
  const dragStart = useRef<{ x: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    // Buttons inside keep their click; only the primary button drags.
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    dragStart.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = dragStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setOffset(`${Math.max(0, event.clientX - start.x)}px`);
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = dragStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    dragStart.current = null;
    setDragging(false);
    if (event.clientX - start.x > TOAST_SWIPE_THRESHOLD_PX) {
      setOffset('calc(100% + 2rem)'); // leaves to the right, the way it was pushed
      toaster.dismiss(id);
    } else {
      setOffset(null);
    }
  }

  function handlePointerCancel() {
    dragStart.current = null;
    setDragging(false);
    setOffset(null);
  }

  return (
    <Toast.Root
      width={{ md: 'sm' }}
      maxWidth={{ md: '420px' }}
      touchAction="pan-y"
      // A dismissed toast stays mounted for the removal delay: hide it (and its hover ghosts)
      // from eyes, pointers and screen readers once it has faded out.
      _closed={{
        visibility: 'hidden',
        transition: 'translate 400ms, scale 400ms, opacity 200ms, visibility 0s 200ms',
      }}
      style={{
        ...(offset !== null && { '--x': offset }),
        ...(dragging && { transition: 'none' }),
      }}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerCancel}
    >
      {children}
      <Tooltip label={closeLabel}>
        <Toast.CloseTrigger aria-label={closeLabel} />
      </Tooltip>
    </Toast.Root>
  );
}
