// The page's first script, and a small one: the page the server rendered paints from its HTML
// alone, so the app's code (React, the router, Chakra, the page's chunk) is requested once the
// first frame is out rather than beside the HTML, where on a slow link it shares the bandwidth and
// the browser's first requests with the page and delays its paint. Vite's preloading of a dynamic
// import fetches the app's chunks side by side. A tab not shown draws no frames: it starts at once.
const start = () => void import('./main');

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else start();
