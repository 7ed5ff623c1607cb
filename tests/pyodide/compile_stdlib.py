"""Run inside Pyodide by compile_stdlib.mjs: each .py of /in.zip as bytecode in /out.zip.

A hash-based, unchecked .pyc (flags 1) per module: nothing to compare it with, the source is not
shipped. The code's file names are the zip's paths where Pyodide mounts it, so tracebacks name
the module's source file and line.
"""

import importlib.util
import marshal
import sys
import zipfile

WHERE = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
HEADER = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8)

with zipfile.ZipFile("/in.zip") as zin, zipfile.ZipFile("/out.zip", "w") as zout:
    for info in zin.infolist():
        name, data = info.filename, zin.read(info)
        if name.endswith(".py"):
            code = compile(data, WHERE + name, "exec", dont_inherit=True, optimize=2)
            name, data = name + "c", HEADER + marshal.dumps(code)
        zout.writestr(zipfile.ZipInfo(name, info.date_time), data, zipfile.ZIP_DEFLATED, 9)
