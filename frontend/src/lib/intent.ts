import type { FocusEventHandler, PointerEventHandler, TouchEventHandler } from 'react';

/** The events after which a click is likely: a pointer over the control, a finger on it, focus on it. */
export interface IntentHandlers<E extends Element> {
  onPointerEnter?: PointerEventHandler<E>;
  onTouchStart?: TouchEventHandler<E>;
  onFocus?: FocusEventHandler<E>;
}

/**
 * The intent events' handlers of a control that fetches ahead of its click (a page's code, texts):
 * each calls the handler the control was given for that event, then `onIntent`.
 */
export function withIntent<E extends Element>(
  given: IntentHandlers<E>,
  onIntent: () => void,
): Required<IntentHandlers<E>> {
  return {
    onPointerEnter: (event) => {
      given.onPointerEnter?.(event);
      onIntent();
    },
    onTouchStart: (event) => {
      given.onTouchStart?.(event);
      onIntent();
    },
    onFocus: (event) => {
      given.onFocus?.(event);
      onIntent();
    },
  };
}
