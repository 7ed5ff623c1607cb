// Shared by run_pytest.mjs and run_python.mjs: start Pyodide under Node with
// no network — the runtime from a local directory, wheels loaded by path,
// host folders mounted with NODEFS, stdout/stderr passed through unchanged.
//
// Options (argv):
//   --pyodide DIR     Pyodide runtime dir (default: $PYGAMES_PYODIDE or <repo>/dist/site/pyodide)
//   --dist DIR        built site; its build-info.json names the pygames wheel (default <repo>/dist/site)
//   --no-pygames      do not load the pygames wheel
//   --wheel FILE      load another wheel (repeatable)
//   --wheel-dir DIR   load every *.whl in DIR (repeatable; also $PYGAMES_PYODIDE_WHEELS)
//   --mount HOST:GUEST  mount a host dir into the Pyodide FS (repeatable)
//   --cwd GUEST       working directory inside Pyodide
//   --path GUEST      prepend to sys.path (repeatable)
//   --                everything after is passed to the Python side
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, "..", "..");

export function parseArgs(argv) {
  const o = {
    pyodide: process.env.PYGAMES_PYODIDE || path.join(REPO, "dist", "site", "pyodide"),
    dist: path.join(REPO, "dist", "site"),
    pygames: true,
    wheels: [],
    mounts: [],
    paths: [],
    cwd: null,
    rest: [],
  };
  if (process.env.PYGAMES_PYODIDE_WHEELS) o.wheels.push(...wheelsIn(process.env.PYGAMES_PYODIDE_WHEELS));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--") { o.rest.push(...argv.slice(i + 1)); break; }
    else if (a === "--pyodide") o.pyodide = val();
    else if (a === "--dist") o.dist = val();
    else if (a === "--no-pygames") o.pygames = false;
    else if (a === "--wheel") o.wheels.push(path.resolve(val()));
    else if (a === "--wheel-dir") o.wheels.push(...wheelsIn(val()));
    else if (a === "--mount") {
      const v = val();
      const at = v.lastIndexOf(":");
      if (at <= 0) throw new Error(`--mount wants HOST:GUEST, got ${v}`);
      o.mounts.push([path.resolve(v.slice(0, at)), v.slice(at + 1)]);
    }
    else if (a === "--cwd") o.cwd = val();
    else if (a === "--path") o.paths.push(val());
    else o.rest.push(a);
  }
  return o;
}

function wheelsIn(dir) {
  return fs.readdirSync(dir).filter((f) => f.endsWith(".whl")).sort().map((f) => path.resolve(dir, f));
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function writeAll(fd, data) {
  // Synchronous, so nothing is lost at process.exit(); retries if the pipe is full.
  let off = 0;
  while (off < data.length) {
    try {
      off += fs.writeSync(fd, data, off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}

function writer(fd) {
  return {
    isatty: false,
    write(buf) {
      writeAll(fd, Buffer.from(buf));
      return buf.length;
    },
  };
}

export function pygamesWheel(dist) {
  const info = JSON.parse(fs.readFileSync(path.join(dist, "build-info.json"), "utf8"));
  return path.join(dist, info.wheel);
}

export async function boot(o) {
  const dir = path.resolve(o.pyodide);
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const env = { HOME: "/home/pyodide", PYGAMES_IN_PYODIDE: "1" };
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith("PYGAMES_")) env[k] = v;
  const py = await loadPyodide({ indexURL: dir + path.sep, env });
  py.setStdout(writer(1));
  py.setStderr(writer(2));
  const wheels = [...o.wheels];
  if (o.pygames) wheels.push(pygamesWheel(o.dist));
  // Unpack into site-packages ourselves: no lock-file lookup, no network, ever.
  const sitePackages = py.runPython("__import__('site').getsitepackages()[0]");
  for (const whl of wheels) {
    py.unpackArchive(new Uint8Array(fs.readFileSync(whl)), "wheel", { extractDir: sitePackages });
  }
  for (const [host, guest] of o.mounts) {
    py.FS.mkdirTree(guest);
    py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, guest);
  }
  py.globals.set("_PYGAMES_BOOT", py.toPy({ cwd: o.cwd, paths: o.paths }));
  py.runPython(`
import importlib, os, sys
sys.dont_write_bytecode = True   # never litter host folders with 3.14 .pyc files
importlib.invalidate_caches()
_boot = globals().pop("_PYGAMES_BOOT")
sys.path[:0] = list(_boot["paths"])
if _boot["cwd"]:
    os.chdir(_boot["cwd"])
del _boot
`);
  return py;
}

export async function main(fn) {
  let rc;
  try {
    rc = await fn(parseArgs(process.argv.slice(2)));
  } catch (e) {
    writeAll(2, Buffer.from(`pyodide runner: ${e && e.stack ? e.stack : e}\n`));
    rc = 3;
  }
  process.exit(Number.isInteger(rc) ? rc : 3);
}
