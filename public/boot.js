/*
 * Stagedoor boot check (spec §1). A classic script, served from our own origin so the CSP allows
 * it, written in ES5 because it must run in the very browsers it is checking.
 * All features present: mark ready at once. Otherwise show "Loading...", load the polyfill from the
 * address in <meta name="stagedoor-polyfill"> and check again every 500 ms.
 */
(function () {
  'use strict';
  var RETRY_MS = 500;

  function missingFeatures() {
    var missing = [];
    if (typeof Promise === 'undefined') missing.push('Promise');
    if (typeof window.fetch !== 'function') missing.push('fetch');
    if (typeof Intl === 'undefined' || typeof Intl.DateTimeFormat !== 'function')
      missing.push('Intl');
    if (typeof window.requestAnimationFrame !== 'function') missing.push('requestAnimationFrame');
    var proto = String.prototype;
    if (typeof proto.padStart !== 'function') missing.push('padStart');
    if (typeof proto.startsWith !== 'function') missing.push('startsWith');
    if (typeof proto.endsWith !== 'function') missing.push('endsWith');
    if (typeof window.URLSearchParams !== 'function') missing.push('URLSearchParams');
    return missing;
  }

  function markReady() {
    window.__stagedoorBoot = 'ready';
    var event;
    try {
      event = new Event('stagedoor:ready');
    } catch (e) {
      event = document.createEvent('Event');
      event.initEvent('stagedoor:ready', false, false);
    }
    window.dispatchEvent(event);
  }

  function showLoading() {
    var root = document.getElementById('root');
    // This script runs in <head>, before #root is parsed: show the heading as soon as it exists.
    if (!root) {
      if (document.readyState === 'loading')
        document.addEventListener('DOMContentLoaded', showLoading);
      return;
    }
    if (window.__stagedoorBoot === 'ready') return;
    var heading = document.createElement('h1');
    // Spec copy; the app's own text is not loaded yet, and this is replaced when it starts.
    heading.appendChild(document.createTextNode('Loading...'));
    root.innerHTML = '';
    root.appendChild(heading);
  }

  // A polyfill request that fails (a flaky mobile connection) is tried again after RETRY_MS.
  function loadPolyfill() {
    var meta = document.querySelector('meta[name="stagedoor-polyfill"]');
    var url = meta && meta.getAttribute('content');
    // An unset VITE_POLYFILL_URL leaves Vite's placeholder in place; there is nothing to load then.
    if (!url || url.charAt(0) === '%') return;
    var script = document.createElement('script');
    script.src = url;
    script.crossOrigin = 'anonymous';
    script.onerror = function () {
      if (script.parentNode) script.parentNode.removeChild(script);
      setTimeout(loadPolyfill, RETRY_MS);
    };
    document.head.appendChild(script);
  }

  // Issue 26: the server names the reads the page starts with in <meta name="stagedoor-early-reads">
  // (server/http/routePreloads.ts). Started here, before the app's chunks have arrived, their
  // answers are there when the app asks, and the app takes each once (src/api/earlyReads.ts)
  // instead of asking again after it has run. Only paths on this site are read.
  function startEarlyReads() {
    var meta = document.querySelector('meta[name="stagedoor-early-reads"]');
    var content = meta && meta.getAttribute('content');
    if (!content) return;
    var reads = {};
    var urls = content.split(' ');
    for (var i = 0; i < urls.length; i++) {
      var url = urls[i];
      if (url.charAt(0) !== '/' || url.charAt(1) === '/' || reads[url]) continue;
      reads[url] = window.fetch(url, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      // A failed read is the app's to handle (it asks again); no unhandled rejection here.
      reads[url]['catch'](function () {});
    }
    window.__stagedoorEarlyReads = reads;
  }

  if (missingFeatures().length === 0) {
    startEarlyReads();
    markReady();
    return;
  }
  window.__stagedoorBoot = 'polyfilling';
  showLoading();
  loadPolyfill();
  var timer = setInterval(function () {
    if (missingFeatures().length === 0) {
      clearInterval(timer);
      markReady();
    }
  }, RETRY_MS);
})();
