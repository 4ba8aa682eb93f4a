import '@testing-library/jest-dom';
import { removeAllToasts } from '../components/toaster';
import { i18n } from '../lib/i18n';
import { addAllTranslations } from './all-translations';

addAllTranslations(i18n);

// The toast store is a module singleton: a toast left by one test must not queue the next one's.
// Cleared before each test, when no toaster is mounted to react to it.
beforeEach(() => {
  removeAllToasts();
});
