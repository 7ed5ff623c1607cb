// Python (Pyodide) in a module worker: the page never freezes while the engine
// loads or a bot thinks. Protocol:
//   page -> worker  {id, fn, args}
//   worker -> page  {id, ok: true, result} | {id, ok: false, error: {key, params, text}}
//                   {type: "progress", stage, pct} | {type: "ready", version} | {type: "fatal", error}

let bridge = null;
const post = (msg) => self.postMessage(msg);
const progress = (stage, pct) => post({ type: "progress", stage, pct });

async function init() {
  progress("runtime", 2);
  const infoRes = await fetch(new URL("./build-info.json", import.meta.url));
  if (!infoRes.ok) throw new Error(`build-info.json: HTTP ${infoRes.status}`);
  const info = await infoRes.json();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  progress("runtime", 10);
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  progress("engine", 80);
  await pyodide.loadPackage(new URL(info.wheel, import.meta.url).href, {
    messageCallback: () => {},
  });
  progress("engine", 92);
  bridge = pyodide.pyimport("pygames.bridge");
  progress("ready", 100);
  return info;
}

const ready = init().then(
  (info) => post({ type: "ready", version: info.version }),
  (err) => {
    post({ type: "fatal", error: { key: "ui.error.load", params: {}, text: String(err && err.message || err) } });
    throw err;
  },
);

self.onmessage = async (event) => {
  const { id, fn, args } = event.data || {};
  if (id === undefined) return;
  try {
    await ready;
  } catch (err) {
    post({ id, ok: false, error: { key: "ui.error.load", params: {}, text: String(err && err.message || err) } });
    return;
  }
  let reply;
  try {
    const out = JSON.parse(bridge.call(String(fn), JSON.stringify(args || {})));
    reply = out.ok
      ? { id, ok: true, result: out.result }
      : { id, ok: false, error: out.error || { key: "ui.error.internal", params: {}, text: "" } };
  } catch (err) {
    reply = { id, ok: false, error: { key: "ui.error.internal", params: {}, text: String(err && err.message || err) } };
  }
  post(reply);
};
