"""Bootstrap: create or repair what building and testing need, and nothing more.

`setup()` makes .venv (a Python >= 3.12, the pinned pip packages of
requirements-build.txt, with dev also requirements-dev.txt and belot_core
editable), node_modules (npm ci from package-lock.json: Pyodide, and
puppeteer-core, which downloads no browser), and with dev the Debian packages the
browser tests drive (Chromium, Firefox ESR, WebKitGTK's WebDriver, Xvfb) and the
wheels for the tests inside Pyodide (.cache/pyodide-wheels). Every step is
stamped by the hash of its inputs and skipped when they are unchanged.

It writes into .venv/, node_modules/ and .cache/. The one exception is a Debian
package the tests need and the machine lacks: run as root, setup installs it
with apt-get; otherwise it stops and names the apt-get command to run.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from sitebuild.paths import (
    CHROMIUM,
    FIREFOX,
    LOCK_NAME,
    NODE_MODULES,
    PACKAGE_LOCK,
    PYODIDE_NPM,
    REQUIREMENTS_BUILD,
    REQUIREMENTS_DEV,
    ROOT,
    TEST_WHEELS,
    TEST_WHEELS_PINS,
    VENV,
    WEBKIT_DRIVER,
    XAUTH,
    XVFB,
    venv_python,
)
from sitebuild.steps import StepFailed, run, sha256_file, step

MIN_VENV_PYTHON = (3, 12)  # pyproject: requires-python = ">=3.12"
PREFERRED_PYTHONS = ("3.13", "3.12", "3.14")  # .python-version says 3.13


def python_version(executable: str | Path) -> tuple[int, int] | None:
    """The (major, minor) of an interpreter, or None if it does not run."""
    try:
        done = subprocess.run(
            [str(executable), "-c", "import sys, venv; print(*sys.version_info[:2])"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    major, minor = done.stdout.split()
    return int(major), int(minor)


def find_base_python() -> str:
    """A Python >= 3.12 for the venv: python3.13/3.12/3.14 on PATH, pyenv's, or this one."""
    candidates: list[str] = []
    for version in PREFERRED_PYTHONS:
        found = shutil.which(f"python{version}")
        if found:
            candidates.append(found)
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for version in PREFERRED_PYTHONS:
        candidates += sorted(str(p) for p in pyenv_root.glob(f"versions/{version}*/bin/python3"))
    candidates.append(sys.executable)
    for candidate in candidates:
        found_version = python_version(candidate)
        if found_version is not None and found_version >= MIN_VENV_PYTHON:
            return candidate
    raise StepFailed(
        "no Python >= 3.12 found (looked for python3.13, python3.12, python3.14 on PATH and "
        f"in {pyenv_root}/versions); install one and run again"
    )


def requirements_hash(path: Path) -> str:
    """Hash of a requirements file and every file it includes with -r."""
    digest = hashlib.sha256()
    pending = [path]
    while pending:
        current = pending.pop()
        text = current.read_text(encoding="utf-8")
        digest.update(current.name.encode() + b"\0" + text.encode())
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] in ("-r", "--requirement"):
                pending.append(current.parent / parts[1])
    return digest.hexdigest()


def pip(*args: str | Path) -> None:
    """Run the venv's pip quietly (the machine's pip.conf may add its own warnings)."""
    run([venv_python(), "-m", "pip", "--disable-pip-version-check", "--quiet", *args])


def stamp_matches(stamp: Path, value: str) -> bool:
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == value


def ensure_venv() -> None:
    with step("python environment (.venv, Python >= 3.12)"):
        version = python_version(venv_python()) if venv_python().exists() else None
        if version is not None and version >= MIN_VENV_PYTHON:
            print(f"    .venv has Python {version[0]}.{version[1]}")
            return
        base = find_base_python()
        if VENV.exists():
            print(f"    .venv is broken or too old ({version}); recreating it")
            shutil.rmtree(VENV)
        run([base, "-m", "venv", VENV])


def ensure_requirements(dev: bool) -> None:
    requirements = REQUIREMENTS_DEV if dev else REQUIREMENTS_BUILD
    with step(f"python packages ({requirements.name})"):
        interpreter = ".".join(map(str, python_version(venv_python()) or ()))
        wanted = {
            req: requirements_hash(req) + " " + interpreter
            for req in (REQUIREMENTS_BUILD, REQUIREMENTS_DEV)
        }
        stamps = {req: VENV / f".stamp-{req.name}" for req in wanted}
        # The dev requirements include the build ones, so either stamp will do for a build.
        satisfied = [req for req in wanted if stamp_matches(stamps[req], wanted[req])]
        if REQUIREMENTS_DEV in satisfied or (not dev and satisfied):
            print(f"    already installed ({satisfied[0].name} unchanged)")
            return
        pip("install", "-r", requirements)
        stamps[requirements].write_text(wanted[requirements] + "\n", encoding="utf-8")


def ensure_node_modules() -> None:
    with step("npm packages (node_modules from package-lock.json)"):
        stamp = NODE_MODULES / ".stamp-package-lock.json"
        wanted = sha256_file(PACKAGE_LOCK)
        if (PYODIDE_NPM / "package.json").is_file() and stamp_matches(stamp, wanted):
            print("    already installed (package-lock.json unchanged)")
            return
        npm = shutil.which("npm")
        if npm is None:
            raise StepFailed("npm not found; install Node.js >= 18 with npm and run again")
        # No install scripts: none is needed (esbuild's postinstall only checks the binary
        # its optional platform package brings; puppeteer-core downloads no browser).
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
        stamp.write_text(wanted + "\n", encoding="utf-8")


# Debian packages the browser tests drive, each with the file that shows it is
# installed (a package may be there under another name; the file is what counts):
# Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver BiDi), WebKitGTK's
# WebDriver with its MiniBrowser (Selenium), and the X server MiniBrowser draws on
# (xauth for xvfb-run, to run MiniBrowser by hand).
TEST_DEBIAN_PACKAGES: dict[str, Path] = {
    "chromium": CHROMIUM,
    "firefox-esr": FIREFOX,
    "webkit2gtk-driver": WEBKIT_DRIVER,
    "xvfb": XVFB,
    "xauth": XAUTH,
}


def missing_debian_packages(packages: Mapping[str, Path]) -> list[str]:
    """The packages whose file is not there, in the order given."""
    return [name for name, path in packages.items() if not path.exists()]


def ensure_debian_packages(packages: Mapping[str, Path]) -> None:
    """Install the missing packages with apt-get when run as root; otherwise say how.

    Nothing runs when every package's file is there. Not root: stop, naming the
    `sudo apt-get install` command. Root: `apt-get update`, then install the
    missing ones, then check that their files are there now.
    """
    with step(f"Debian packages for the browser tests ({', '.join(packages)})"):
        missing = missing_debian_packages(packages)
        for name, path in packages.items():
            if name not in missing:
                print(f"    {name}: {path} is there")
        if not missing:
            return
        install = ["apt-get", "install", "-y", *missing]
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            absent = ", ".join(f"{packages[name]} ({name})" for name in missing)
            raise StepFailed(
                f"{absent} missing; install with 'sudo {' '.join(install)}' "
                "(Debian's packages) and run again"
            )
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update"], env=env)
        run(install, env=env)
        still = missing_debian_packages({name: packages[name] for name in missing})
        if still:
            absent = ", ".join(str(packages[name]) for name in still)
            raise StepFailed(f"apt-get installed {' '.join(missing)} but {absent} still missing")


def pyodide_wheel_platform() -> str:
    """The PEP 783 platform tag of the Pyodide runtime, e.g. pyemscripten_2026_0_wasm32."""
    lock = json.loads((PYODIDE_NPM / LOCK_NAME).read_text(encoding="utf-8"))
    return f"pyemscripten_{lock['info']['abi_version']}_{lock['info']['arch']}"


def pyodide_python_tag() -> str:
    lock = json.loads((PYODIDE_NPM / LOCK_NAME).read_text(encoding="utf-8"))
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return f"{major}{minor}"


def ensure_test_wheels() -> None:
    with step(f"wheels for the tests inside Pyodide ({TEST_WHEELS.relative_to(ROOT)})"):
        stamp = TEST_WHEELS / ".stamp-wheels.txt"
        platform, python = pyodide_wheel_platform(), pyodide_python_tag()
        wanted = f"{sha256_file(TEST_WHEELS_PINS)} {platform} cp{python}"
        if stamp_matches(stamp, wanted) and any(TEST_WHEELS.glob("*.whl")):
            print(f"    already downloaded ({TEST_WHEELS_PINS.name} unchanged)")
            return
        if TEST_WHEELS.exists():
            shutil.rmtree(TEST_WHEELS)
        TEST_WHEELS.mkdir(parents=True)
        # Pure wheels, or wheels built for this Pyodide (hypothesis has a Rust
        # core since 6.156 and publishes pyemscripten wheels for it).
        pip("download", "--only-binary=:all:", "--no-deps", "--dest", TEST_WHEELS,
            "--python-version", python, "--implementation", "cp",
            "--abi", f"cp{python}", "--abi", "none", "--platform", platform, "--platform", "any",
            "-r", TEST_WHEELS_PINS)  # fmt: skip
        wheels = sorted(p.name for p in TEST_WHEELS.glob("*.whl"))
        foreign = [
            name for name in wheels if not name.endswith(("-none-any.whl", f"-{platform}.whl"))
        ]
        if foreign:
            raise StepFailed(f"these wheels cannot run in Pyodide ({platform}): {foreign}")
        print("    " + ", ".join(wheels))
        stamp.write_text(wanted + "\n", encoding="utf-8")


def ensure_editable_core() -> None:
    with step("belot_core into .venv, editable (the CPython tests import src/)"):
        stamp = VENV / ".stamp-editable-pyproject.toml"
        wanted = sha256_file(ROOT / "pyproject.toml")
        if stamp_matches(stamp, wanted):
            print("    already installed (pyproject.toml unchanged)")
            return
        # setuptools' editable wheel adds src/ to sys.path through a .pth file,
        # and leaves nothing behind in the source tree.
        pip("install", "--no-deps", "--no-build-isolation", "--editable", ROOT)
        stamp.write_text(wanted + "\n", encoding="utf-8")


def setup_checks() -> None:
    """What the fast loop (build.py check) needs: .venv with the test tools, no browser."""
    ensure_venv()
    ensure_requirements(dev=True)
    ensure_editable_core()


def setup(dev: bool) -> None:
    """Create or repair what building (and with dev, testing) needs."""
    ensure_venv()
    ensure_requirements(dev)
    ensure_node_modules()
    if dev:
        ensure_editable_core()
        ensure_debian_packages(TEST_DEBIAN_PACKAGES)
        ensure_test_wheels()
