// Run a Python file inside Pyodide (Node) with pygames loaded; print its output.
//   node tests/pyodide/run_python.mjs [boot options] SCRIPT.py [-- script args]
// The script's directory is mounted at /script and put first on sys.path.
// Exit code: 0, the script's SystemExit code, or 1 on an uncaught exception.
import fs from "node:fs";
import path from "node:path";
import { boot, main } from "./boot.mjs";

await main(async (o) => {
  if (o.rest.length === 0) throw new Error("usage: run_python.mjs [options] SCRIPT.py [-- args]");
  const script = path.resolve(o.rest[0]);
  if (!fs.statSync(script, { throwIfNoEntry: false })?.isFile()) throw new Error(`no such script: ${script}`);
  o.mounts.push([path.dirname(script), "/script"]);
  o.paths.unshift("/script");
  const py = await boot(o);
  py.globals.set("_ARGV", py.toPy(["/script/" + path.basename(script), ...o.rest.slice(1)]));
  return await py.runPythonAsync(`
def _run(argv):
    import runpy, sys, traceback
    sys.argv = list(argv)
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
        rc = 0
    except SystemExit as e:
        if e.code is None:
            rc = 0
        elif isinstance(e.code, int):
            rc = e.code
        else:
            print(e.code, file=sys.stderr)
            rc = 1
    except BaseException:
        traceback.print_exc()
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return rc
_run(_ARGV)
`);
});
