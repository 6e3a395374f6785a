"""The core test suite, run a second time inside Pyodide 314 in Node.js.

run_core_tests.mjs loads belot_core from our wheel through our lock file in
dist/runtime (as the web page does) and runs tests/core there with pytest.
Needs `python3 build.py build` (and `setup --dev` for the test wheels) first;
`python3 build.py test` does both.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "pyodide" / "run_core_tests.mjs"
DIST_RUNTIME = ROOT / "dist" / "runtime"
CORE_TESTS = ROOT / "tests" / "core"
SOURCE = ROOT / "src" / "belot_core"
TIMEOUT_SECONDS = 900


def stale_files(wheel: Path) -> list[str]:
    """Modules of src/belot_core that the wheel lacks or holds in another version."""
    with zipfile.ZipFile(wheel) as archive:
        packed = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("belot_core/")
        }
    stale = []
    for path in sorted(SOURCE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            name = path.relative_to(SOURCE.parent).as_posix()
            if packed.get(name) != path.read_bytes():
                stale.append(name)
    return stale


def test_core_suite_passes_inside_pyodide_against_our_wheel() -> None:
    assert any(CORE_TESTS.glob("test_*.py")), "tests/core has no test files"
    node = shutil.which("node")
    assert node is not None, "Node.js is needed to run Pyodide"
    wheels = sorted(DIST_RUNTIME.glob("belot_core-*.whl"))
    assert wheels, "no wheel in dist/runtime: run 'python3 build.py build' first"
    assert not stale_files(wheels[-1]), (
        f"dist/ is older than src/ ({stale_files(wheels[-1])}): run 'python3 build.py build'"
    )

    done = subprocess.run(
        [node, str(RUNNER)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    output = done.stdout + done.stderr
    sys.stdout.write(output)  # shown by pytest when the test fails, or with -s

    tail = "\n".join(output.splitlines()[-4:])
    assert done.returncode == 0, (
        f"the suite failed inside Pyodide (exit {done.returncode}):\n{tail}"
    )
    assert "Python 3.14" in output and "on emscripten" in output
    assert "every belot_core module came from /lib/python3.14/site-packages" in output
    summary = [
        line for line in output.splitlines() if re.search(r"\b\d+ (passed|failed|error)", line)
    ]
    assert summary, "pytest printed no summary inside Pyodide"
    counts = {
        kind: int(number)
        for number, kind in re.findall(r"(\d+) (passed|failed|errors?)", summary[-1])
    }
    assert counts.get("passed", 0) > 0, summary[-1]
    assert counts.get("failed", 0) == 0 and counts.get("error", 0) == 0, summary[-1]
    assert counts.get("errors", 0) == 0, summary[-1]
