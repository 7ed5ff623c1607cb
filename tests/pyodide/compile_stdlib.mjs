// The standard library's sources as bytecode, by Pyodide's own Python (see stdlib_zip.py):
//   node compile_stdlib.mjs RUNTIME_DIR IN.zip OUT.zip
// No column tables (PYTHONNODEBUGRANGES) and a fixed hash seed: the same bytes every build.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, src, dest] = process.argv.slice(2);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "compile_stdlib.py");
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/in.zip", fs.readFileSync(src));
py.runPython(fs.readFileSync(script, "utf8"));
fs.writeFileSync(dest, py.FS.readFile("/out.zip"));
