/** A swipe must travel further than this, sideways, to change the slide (spec: more than 50 px). */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * Which way a finger's movement turns the carousel: 1 (next) for a leftward swipe, -1 (previous)
 * for a rightward one, 0 when it is too short or mostly vertical (the visitor is scrolling).
 */
export function swipeStep(deltaX: number, deltaY = 0): -1 | 0 | 1 {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX || Math.abs(deltaX) < Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** The slide `step` away from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}
