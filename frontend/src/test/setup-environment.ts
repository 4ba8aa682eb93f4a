import { parseEnv, type Env } from '../lib/env-schema';

// What Vite's `import.meta.env` holds in a build without a .env file (see jest.config.cjs).
(globalThis as { __VITE_ENV__?: Record<string, unknown> }).__VITE_ENV__ = {
  MODE: 'test',
  DEV: false,
  PROD: false,
  BASE_URL: '/',
};

// What vite.config.ts defines for the app: the checked build-time configuration.
(globalThis as { __GIFTCAST_ENV__?: Env }).__GIFTCAST_ENV__ = parseEnv(
  (globalThis as unknown as { __VITE_ENV__: Record<string, unknown> }).__VITE_ENV__,
);

// Browser APIs jsdom does not implement, which Chakra (zag) and our layout use.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

// jsdom logs "not implemented" for scrolling; tests spy on it where it matters.
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
