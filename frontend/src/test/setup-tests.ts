import '@testing-library/jest-dom';
import { options } from 'preact';
import { removeAllToasts } from '../components/toaster';
import { i18n } from '../lib/i18n';
import { addAllTranslations } from './all-translations';

addAllTranslations(i18n);

// Preact runs effects after the next paint (requestAnimationFrame) and batches re-renders on a
// timer when it can: both would stand still under a test's fake clock. In microtasks instead, as
// React's test renderer does, tests see effects and updates without advancing time.
options.debounceRendering = options.requestAnimationFrame = (callback: () => void) =>
  void Promise.resolve().then(callback);

// The toast store is a module singleton: a toast left by one test must not queue the next one's.
// Cleared before each test, when no toaster is mounted to react to it.
beforeEach(() => {
  removeAllToasts();
});
