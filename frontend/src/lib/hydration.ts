let phase: 'live' | 'server' | 'hydrating' = 'live';

function during<T>(which: typeof phase, render: () => T): T {
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
 * differently on the server ask here.
 */
export const whileServerRendering = <T>(render: () => T): T => during('server', render);

/** Runs `hydrate` (Preact's hydrate, synchronous) as the app adopts the server's HTML (start-app.tsx). */
export const whileHydrating = <T>(hydrate: () => T): T => during('hydrating', hydrate);

/** The page is being rendered to HTML (on the server, or as the server would in a test). */
export function isServerRendering(): boolean {
  return phase === 'server' || typeof window === 'undefined';
}

/** The app is adopting the server's HTML: its first render must match that HTML. */
export function isHydrating(): boolean {
  return phase === 'hydrating';
}
