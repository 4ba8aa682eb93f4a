import '@testing-library/jest-dom';
import { toaster } from '../components/toaster';

// The toast store is a module singleton: a toast left by one test must not queue the next one's.
// Cleared before each test, when no toaster is mounted to react to it.
beforeEach(() => {
  toaster.remove();
});
