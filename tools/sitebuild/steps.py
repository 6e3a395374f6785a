"""What every step shares: a named, timed step; commands without a shell; file hashes."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Stage:
    """One command of a set run side by side: its name, its command, its extra environment."""

    name: str
    cmd: Sequence[str | Path]
    env: Mapping[str, str] | None = None


@dataclass(frozen=True, slots=True)
class StageResult:
    """How a stage ended: its exit status (None if it could not start) and all it printed."""

    stage: Stage
    returncode: int | None
    output: str
    seconds: float


def _run_captured(stage: Stage, env: Mapping[str, str]) -> StageResult:
    """Run one stage to its end, stdout and stderr caught together in the order written."""
    started = time.monotonic()
    try:
        done = subprocess.run(
            [str(part) for part in stage.cmd],
            cwd=ROOT,
            env={**env, **(stage.env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            check=False,
        )
    except OSError as error:
        return StageResult(stage, None, f"could not start: {error}\n", time.monotonic() - started)
    return StageResult(stage, done.returncode, done.stdout, time.monotonic() - started)


def _print_stage(result: StageResult) -> None:
    """A finished stage, whole: its name, its command, what it printed, how it ended."""
    stage = result.stage
    print(f"==> {stage.name}", flush=True)
    print("    $ " + " ".join(str(part) for part in stage.cmd), flush=True)
    sys.stdout.write(
        result.output if result.output.endswith("\n") or not result.output else result.output + "\n"
    )
    if result.returncode == 0:
        print(f"    done: {stage.name} ({result.seconds:.1f} s)", flush=True)
    else:
        how = "did not start" if result.returncode is None else f"exit {result.returncode}"
        print(f"!!! step failed: {stage.name} ({how}, {result.seconds:.1f} s)", flush=True)


def run_together(stages: Sequence[Stage], env: Mapping[str, str]) -> list[str]:
    """Start every stage at once; print each one whole as it ends; return the failed names.

    Each stage's output is caught and printed in one piece when it ends, so the
    outputs of stages running side by side never interleave; every stage runs to its
    end whatever the others do.
    """
    print("==> side by side: " + ", ".join(stage.name for stage in stages), flush=True)
    failed: set[str] = set()
    with ThreadPoolExecutor(max_workers=len(stages)) as pool:
        running = [pool.submit(_run_captured, stage, env) for stage in stages]
        for future in as_completed(running):
            result = future.result()
            _print_stage(result)
            if result.returncode != 0:
                failed.add(result.stage.name)
    return [stage.name for stage in stages if stage.name in failed]


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
