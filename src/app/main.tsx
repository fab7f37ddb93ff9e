/**
 * Module entry, kept tiny: public/boot.js decides when the browser has every feature the app
 * needs (polyfilling if not), then the app itself is loaded.
 */
declare global {
  interface Window {
    __stagedoorBoot?: 'ready' | 'polyfilling';
  }
}

function start(): void {
  void import('./start').then((module) => {
    // Started in a task of its own rather than straight after the app's modules have run: on a
    // phone's CPU the two together were the load's longest task (issue 26: total blocking time).
    setTimeout(() => void module.start());
  });
}

// No mark at all means boot.js itself failed to load; a browser that runs module scripts has the
// features anyway, so start rather than wait forever.
if (window.__stagedoorBoot === 'ready' || window.__stagedoorBoot === undefined) {
  start();
} else {
  window.addEventListener('stagedoor:ready', start, { once: true });
}

export {};
