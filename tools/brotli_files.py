"""Compress files with brotli (quality 11): `python tools/brotli_files.py SRC DST [SRC DST ...]`.

The build (tools/sitebuild, standard library only) runs this in .venv, where
requirements-build.txt installs the `brotli` package. Each DST is written whole
or not at all (through a temporary name), so a cache of DSTs is never corrupt.
"""

from __future__ import annotations

import sys
from pathlib import Path

import brotli  # type: ignore[import-untyped]


def main(args: list[str]) -> int:
    if not args or len(args) % 2:
        print(__doc__, file=sys.stderr)
        return 2
    for source, target in zip(args[::2], args[1::2], strict=True):
        packed = brotli.compress(Path(source).read_bytes(), quality=11)
        partial = Path(target + ".partial")
        partial.write_bytes(packed)
        partial.replace(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
