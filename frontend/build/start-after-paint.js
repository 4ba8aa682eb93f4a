// Starts the web app once the browser has painted the prerendered page. The page is complete
// without JavaScript, so the phone shows it first and fetches the app (entry and the modules it
// imports, named in data-entry and data-preload) right after, instead of sharing the first paint's
// time with them. A tab opened in the background, or a page that is only the app, starts at once.
// A tap on a button before the app runs does nothing (links work without it), as before the
// scripts arrived without this loader; forms stay disabled until the app runs.
(function () {
  var tag = document.currentScript;
  var started = false;
  // Each download a link starts costs a phone's main thread a millisecond or two: a few links per
  // task, one task after another (a message, not a timer: no wait in between), then the entry.
  var LINKS_PER_TASK = 2;
  function start() {
    if (started) return;
    started = true;
    var hrefs = (tag.dataset.preload || '').split(' ').filter(Boolean);
    var channel = new MessageChannel();
    channel.port1.onmessage = next;
    // Not in this task either: it may be the one that painted, or one answering a tap.
    channel.port2.postMessage(null);
    function next() {
      hrefs.splice(0, LINKS_PER_TASK).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      });
      if (hrefs.length > 0) {
        channel.port2.postMessage(null);
        return;
      }
      channel.port1.close();
      var entry = document.createElement('script');
      entry.type = 'module';
      entry.src = tag.dataset.entry;
      document.head.append(entry);
    }
  }
  var paintObservable =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  var root = document.getElementById('root');
  if (document.visibilityState === 'hidden' || !root || !root.hasChildNodes()) {
    // A hidden tab paints nothing until shown; a page without prerendered content (the admin
    // console, a QR code's page) has nothing to paint before the app.
    start();
  } else if (paintObservable) {
    // The first contentful paint is reported once the frame is on the screen.
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    // A visitor who acts before that (a tap, a key) needs the app now.
    ['visibilitychange', 'pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
      document.addEventListener(type, start, { once: true, capture: true, passive: true });
    });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
