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

  if (missingFeatures().length === 0) {
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
