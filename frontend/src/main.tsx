import { nextTask } from './lib/next-task';

/**
 * The libraries the app starts with, in the order they build on each other. A browser evaluates
 * a module and everything it imports in one go: imported all at once, they would hold a phone's
 * main thread for the better part of a second. Imported one by one, each in a task of its own,
 * the page keeps answering taps in between. The loader (build/start-after-paint.js) has fetched
 * them all beforehand, so no step waits for the network.
 */
const libraries = [
  () => import('react-dom/client'),
  () => import('./start/router'),
  () => import('./lib/i18n'),
  () => import('./lib/query-client'),
  () => import('./app/theme'),
];

async function start(): Promise<void> {
  for (const load of libraries) {
    await load();
    await nextTask();
  }
  const { startApp } = await import('./start-app');
  await nextTask();
  await startApp();
}

void start();
