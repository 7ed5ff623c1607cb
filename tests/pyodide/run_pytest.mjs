// Run pytest inside Pyodide (Node), offline.
//   node tests/pyodide/run_pytest.mjs --wheel-dir <pytest wheels> --mount HOSTDIR:/tests \
//        [boot options] [-- pytest args]   (default pytest args: -q /tests)
// pytest, pluggy, iniconfig, packaging and pygments come as py3 wheels loaded by
// path (see tests/bootstrap.py fetch_test_wheels); pygames from dist/site's wheel.
// Exits with pytest's exit code (0 only when every selected test passed).
import { boot, main } from "./boot.mjs";

await main(async (o) => {
  if (!o.cwd && o.mounts.length) o.cwd = o.mounts[0][1];
  const args = o.rest.length ? o.rest : ["-q", o.cwd || "."];
  const py = await boot(o);
  py.globals.set("_ARGS", py.toPy(args));
  return await py.runPythonAsync(`
def _run(args):
    import sys
    import pytest
    # no .pytest_cache in the host folder; plain output for a pipe
    rc = pytest.main(["-p", "no:cacheprovider", "--color=no", *args])
    sys.stdout.flush()
    sys.stderr.flush()
    return int(rc)
_run(_ARGS)
`);
});
