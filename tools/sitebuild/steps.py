"""What every step shares: a named, timed step; commands without a shell; file hashes."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from sitebuild.paths import ROOT


class StepFailed(Exception):
    """A build step could not do its job; the message says why and what to do."""


@contextmanager
def step(name: str) -> Iterator[None]:
    """Print a named step, time it, and name it again if it fails."""
    print(f"==> {name}", flush=True)
    started = time.monotonic()
    try:
        yield
    except (StepFailed, subprocess.CalledProcessError, OSError) as error:
        print(f"!!! step failed: {name}: {error}", file=sys.stderr, flush=True)
        raise
    print(f"    done: {name} ({time.monotonic() - started:.1f} s)", flush=True)


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command (never through a shell), echoing it; raise if it fails."""
    args = [str(part) for part in cmd]
    print("    $ " + " ".join(args), flush=True)
    subprocess.run(args, check=True, cwd=cwd, env=env)


def sha256_bytes(data: bytes) -> str:
    """The hex SHA-256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """The hex SHA-256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
