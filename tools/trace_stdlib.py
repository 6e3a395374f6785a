"""The Python half of trace_stdlib.mjs, run inside Pyodide after the trace.

`write_zip` packs the traced stdlib files as bytecode: compiled here, by the very
interpreter that will run them (so the magic number always matches), with
optimize=2 (no docstrings, no asserts, like ``python -OO``), as unchecked
hash-based .pyc (PEP 552: never compared with a source file, which is not
shipped). Start-up then skips compiling 2.7 MB of source, which roughly halves
Pyodide's start. Compiled without column ranges (PYTHONNODEBUGRANGES, set by
trace_stdlib.mjs): line numbers stay, only the ^^^ markers under stdlib lines in
a traceback go, and the archive shrinks by a quarter. Measured, brotli: source
0.52 MB, .pyc 0.81 MB, .pyc without column ranges 0.61 MB. Stored, not
deflated: the server's brotli or gzip compresses across files, and zipimport
reads stored entries without inflating.
"""

from __future__ import annotations

import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

OPTIMIZE = 2
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def write_zip(source_zip: str, files: list[str], target: str) -> int:
    """Write `files` of `source_zip` (paths inside it) to `target` as .pyc; the count."""
    probe = compile("x", "probe", "eval")
    if next(iter(probe.co_positions()))[2] is not None:
        raise RuntimeError("start Pyodide with PYTHONNODEBUGRANGES=1: column ranges are on")
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target, "w") as out:
        for name in sorted(files):
            data = source.read(name)
            if not name.endswith(".py"):
                out.writestr(zipfile.ZipInfo(name, ZIP_DATE), data)
                continue
            # The file name tracebacks show: where the source would be in the zip.
            code = compile(data, f"{source_zip}/{name}", "exec", dont_inherit=True,
                           optimize=OPTIMIZE)  # fmt: skip
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            out.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", ZIP_DATE), bytes(pyc))
    return len(files)
