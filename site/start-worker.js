// Python's worker starts first, before the styles and the page's modules load: python.js adopts
// it with the messages it sent meanwhile (a first visit is ready that much sooner). A classic
// script of its own (index.html's first script, neither async nor deferred): the page's
// Content-Security-Policy runs no inline script.
try {
  performance.mark("py:worker-create");
  // a device that never stored Python's memory snapshot (the flag python.js sets) tells the
  // worker not to look for one: a first visit's first look into Cache Storage delays the start
  let stored = true;
  try {
    stored = localStorage.getItem("pygames.snapshot-stored") !== null;
  } catch (_) {
    /* cannot tell: look */
  }
  const worker = new Worker(stored ? "worker.js" : "worker.js#no-snapshot", { type: "module" });
  const events = [];
  worker.onmessage = worker.onerror = (event) => events.push(event);
  window.__pygamesWorker = { worker, events };
} catch (_) {
  /* python.js starts it then */
}
