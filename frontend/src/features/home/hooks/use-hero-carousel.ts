import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type TouchEvent } from 'react';
import { swipeStep, wrapIndex } from '../hero-navigation';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** Spec: the hero moves on by itself every 5 seconds. */
export const AUTO_ADVANCE_MS = 5000;

/**
 * The hero's state: which slide shows and whether it moves on by itself. It only does while
 * auto-play is on, the visitor has not asked for reduced motion, the mouse is not over it and
 * keyboard focus is not inside it (so nothing changes under someone who is reading or tabbing).
 */
export function useHeroCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [autoPlay, setAutoPlay] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const pointerPressed = useRef(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const canAutoPlay = reducedMotion === false;
  const running = canAutoPlay && autoPlay && !hovered && !focused;

  // Re-armed on every change of slide, so a dot click or swipe gives the new slide its full 5 s.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((current) => wrapIndex(current, 1, count)), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [running, index, count]);

  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, 0, count)), [count]);

  const regionProps = {
    onPointerEnter: (event: PointerEvent) => {
      // Touch and pen also send pointerenter; only a hovering mouse means "I am reading this".
      if (event.pointerType === 'mouse') setHovered(true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(false);
    },
    onPointerDown: () => {
      pointerPressed.current = true;
    },
    onPointerUp: () => {
      pointerPressed.current = false;
    },
    onFocus: () => {
      // A click focuses the dot it lands on; only focus that arrives by keyboard pauses.
      if (!pointerPressed.current) setFocused(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch) return;
      const step = swipeStep(touch.clientX - start.x, touch.clientY - start.y);
      if (step !== 0) setIndex((current) => wrapIndex(current, step, count));
    },
  };

  return {
    index,
    goTo,
    /** False under reduced motion: then there is nothing to pause and no toggle is offered. */
    canAutoPlay,
    autoPlay,
    toggleAutoPlay: () => setAutoPlay((on) => !on),
    /** Whether slides are changing by themselves right now (screen readers are then not interrupted). */
    running,
    regionProps,
  };
}
