/** What a visitor does first on a page: touch or click it, type, move the pointer, scroll, focus. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/** Resolves at the visitor's next interaction with the page. */
export function interaction(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
}
