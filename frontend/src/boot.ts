// The page's first script, and a small one: the page the server rendered paints from its HTML
// alone, so the app's code (React, the router, Chakra, the page's chunk) is requested once the
// first contentful paint is out rather than beside the HTML, where on a slow link it shares the
// bandwidth and the browser's first requests with the page and delays its paint. Vite's preloading
// of a dynamic import fetches the app's chunks side by side. The paint is the browser's own entry
// (Paint Timing), not a frame counted with timers: a page whose timers stand still (a test's clock)
// starts all the same. Not the load event either, which a page without images reaches before its
// first paint. The app starts at once where there is nothing to paint before it: a page the app
// alone renders (its root empty: a code's page, the admin console), a tab not shown (it paints
// nothing until shown). A browser without Paint Timing starts at the load event.
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main');
}

const paintsFirst = document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible';
if (!paintsFirst) {
  start();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  addEventListener('load', start, { once: true });
}
