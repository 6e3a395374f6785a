"""The Python half of trace_stdlib.mjs, run inside Pyodide after the trace.

`write_zip` packs the traced stdlib files and the core's modules as bytecode: the
page's whole Python library, so it loads no package (no wheel to fetch and unpack,
no package loader to import, no source to compile). Compiled here, by the very
interpreter that will run them (so the magic number always matches), with
optimize=2 (no docstrings, no asserts, like ``python -OO``), as unchecked
hash-based .pyc (PEP 552: never compared with a source file, which is not
shipped). Start-up then skips compiling 2.7 MB of source, which roughly halves
Pyodide's start. Compiled without column ranges (PYTHONNODEBUGRANGES, set by
trace_stdlib.mjs): line numbers stay, only the ^^^ markers under stdlib lines in
a traceback go, and the archive shrinks by a quarter. Measured, brotli: source
0.52 MB, .pyc 0.81 MB, .pyc without column ranges 0.61 MB. Stored, not
deflated: the server's brotli or gzip compresses across files, and zipimport
reads stored entries without inflating. The core is compiled with optimize=0,
as its tests run it (its asserts and docstrings kept), and its tracebacks name its
files inside the zip.
"""

from __future__ import annotations

import importlib.util
import pathlib
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

OPTIMIZE = 2
CORE_OPTIMIZE = 0
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def write_zip(
    source_zip: str, files: list[str], target: str, core_root: str, core_files: list[str]
) -> int:
    """Write `files` of `source_zip` (paths inside it) and `core_files` (paths under
    `core_root`) to `target` as .pyc; the count."""
    probe = compile("x", "probe", "eval")
    if next(iter(probe.co_positions()))[2] is not None:
        raise RuntimeError("start Pyodide with PYTHONNODEBUGRANGES=1: column ranges are on")
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target, "w") as out:
        for name in sorted(files):
            add(out, source_zip, name, source.read(name), OPTIMIZE)
        for name in sorted(core_files):
            add(out, source_zip, name, pathlib.Path(core_root, name).read_bytes(), CORE_OPTIMIZE)
    return len(files) + len(core_files)


def add(out: zipfile.ZipFile, zip_path: str, name: str, data: bytes, optimize: int) -> None:
    """One file into the zip: a module as unchecked hash-based .pyc, anything else as is."""
    if not name.endswith(".py"):
        out.writestr(zipfile.ZipInfo(name, ZIP_DATE), data)
        return
    # The file name tracebacks show: where the source would be in the zip.
    code = compile(data, f"{zip_path}/{name}", "exec", dont_inherit=True, optimize=optimize)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", ZIP_DATE), bytes(pyc))
