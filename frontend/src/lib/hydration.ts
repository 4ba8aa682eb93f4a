type Phase = 'live' | 'server' | 'hydrating';

let phase: Phase = 'live';

function during<T>(which: Phase, render: () => T): T {
  phase = which;
  try {
    return render();
  } finally {
    phase = 'live';
  }
}

/**
 * Runs `render` (renderToString) as the server renders a page (entry-server.tsx). Preact renders
 * synchronously and its useSyncExternalStore has no server snapshot: components that render
 * differently once live ask here (useHydrated).
 */
export const whileServerRendering = <T>(render: () => T): T => during('server', render);

/** Runs `hydrate` (Preact's hydrate, synchronous) as the app adopts the server's HTML (start-app.tsx). */
export const whileHydrating = <T>(hydrate: () => T): T => during('hydrating', hydrate);

/** True while the server renders a page or the app adopts its HTML: render what the server did. */
export function isHydrating(): boolean {
  return phase !== 'live' || typeof window === 'undefined';
}
