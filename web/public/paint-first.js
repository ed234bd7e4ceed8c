// Starts the app on a server-rendered page once the page has loaded and been drawn: fetched and run
// earlier, the app's scripts would share a slow phone's bandwidth and main thread with the first
// paint, and the page needs none of them to be read. The server (server/lib/web-pages.ts) names the
// entry, the modules it imports and the page's own code and strings, fetched together. A background
// tab draws nothing, so there the app starts at once.
(function () {
  var script = document.currentScript;
  var modules = script.getAttribute('data-preload').split(' ').filter(Boolean);
  var started = false;
  // A few at a time: starting a module's fetch costs the main thread about a millisecond (six at a
  // time made tasks long enough for Lighthouse to count them, under its fourfold slowdown).
  function preloadThenRun() {
    modules.splice(0, 3).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (modules.length) setTimeout(preloadThenRun, 0);
    else import(script.getAttribute('data-entry'));
  }
  function start() {
    if (started) return;
    started = true;
    preloadThenRun();
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.visibilityState === 'hidden') start();
  else if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  document.addEventListener('visibilitychange', start, { once: true });
})();
