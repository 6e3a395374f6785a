"""sitebuild.bootstrap: the decisions it makes before it installs anything.

The commands it would run are recorded here instead of run (no apt-get, no pip).
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from sitebuild import bootstrap
from sitebuild.paths import (
    CHROMIUM,
    FIREFOX,
    PACKAGE_LOCK,
    REQUIREMENTS_BUILD,
    REQUIREMENTS_DEV,
    WEBKIT_DRIVER,
    XVFB,
)
from sitebuild.steps import StepFailed


class Recorder:
    """Stands in for steps.run: records each command; 'apt-get install' creates the
    files listed in `installs` for the packages it names, as the real one would."""

    def __init__(self) -> None:
        self.commands: list[list[str]] = []
        self.envs: list[dict[str, str] | None] = []
        self.installs: dict[str, Path] = {}

    def __call__(
        self, cmd: Sequence[str | Path], *, cwd: Path = Path(), env: dict[str, str] | None = None
    ) -> None:
        del cwd
        args = [str(part) for part in cmd]
        self.commands.append(args)
        self.envs.append(env)
        if args[:3] == ["apt-get", "install", "-y"]:
            for name in args[3:]:
                if name in self.installs:
                    self.installs[name].touch()


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    monkeypatch.setattr(bootstrap, "run", recorder)
    return recorder


def test_missing_debian_packages_are_those_whose_file_is_absent(tmp_path: Path) -> None:
    (tmp_path / "there").touch()
    packages = {"b": tmp_path / "b", "present": tmp_path / "there", "a": tmp_path / "a"}
    assert bootstrap.missing_debian_packages(packages) == ["b", "a"]


def test_nothing_runs_when_every_package_is_there(
    tmp_path: Path, recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "chromium").touch()
    bootstrap.ensure_debian_packages({"chromium": tmp_path / "chromium"})
    assert recorder.commands == []
    assert f"chromium: {tmp_path / 'chromium'} is there" in capsys.readouterr().out


def test_without_root_it_stops_and_names_the_command(
    tmp_path: Path, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    (tmp_path / "Xvfb").touch()
    packages = {
        "firefox-esr": tmp_path / "firefox-esr",
        "xvfb": tmp_path / "Xvfb",
        "chromium": tmp_path / "chromium",
    }
    with pytest.raises(StepFailed) as failed:
        bootstrap.ensure_debian_packages(packages)
    assert "'sudo apt-get install -y firefox-esr chromium'" in str(failed.value)
    assert str(tmp_path / "firefox-esr") in str(failed.value)
    assert recorder.commands == []


def test_as_root_it_installs_only_the_missing_ones(
    tmp_path: Path, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    (tmp_path / "chromium").touch()
    packages = {"chromium": tmp_path / "chromium", "xvfb": tmp_path / "Xvfb"}
    recorder.installs = {"xvfb": tmp_path / "Xvfb"}
    bootstrap.ensure_debian_packages(packages)
    assert recorder.commands == [["apt-get", "update"], ["apt-get", "install", "-y", "xvfb"]]
    for env in recorder.envs:
        assert env is not None and env["DEBIAN_FRONTEND"] == "noninteractive"


def test_as_root_it_fails_when_the_install_leaves_the_file_missing(
    tmp_path: Path, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(StepFailed, match="still missing"):
        bootstrap.ensure_debian_packages({"webkit2gtk-driver": tmp_path / "WebKitWebDriver"})
    assert recorder.commands[-1] == ["apt-get", "install", "-y", "webkit2gtk-driver"]


def test_requirements_hash_follows_included_files(tmp_path: Path) -> None:
    (tmp_path / "base.txt").write_text("build==1.0\n")
    (tmp_path / "dev.txt").write_text("-r base.txt\npytest==9.0\n")
    before = bootstrap.requirements_hash(tmp_path / "dev.txt")
    assert bootstrap.requirements_hash(tmp_path / "dev.txt") == before
    (tmp_path / "base.txt").write_text("build==1.1\n")
    assert bootstrap.requirements_hash(tmp_path / "dev.txt") != before


def test_the_dev_requirements_include_the_build_ones() -> None:
    # ensure_requirements relies on it: a dev install satisfies a build.
    assert f"-r {REQUIREMENTS_BUILD.name}" in REQUIREMENTS_DEV.read_text(encoding="utf-8")


def test_a_stamp_matches_only_its_own_value(tmp_path: Path) -> None:
    stamp = tmp_path / ".stamp"
    assert not bootstrap.stamp_matches(stamp, "abc")
    stamp.write_text("abc\n", encoding="utf-8")
    assert bootstrap.stamp_matches(stamp, "abc")
    assert not bootstrap.stamp_matches(stamp, "abd")


def test_setup_installs_every_browser_the_tests_drive() -> None:
    installed = set(bootstrap.TEST_DEBIAN_PACKAGES.values())
    # MiniBrowser comes with libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver.
    assert {CHROMIUM, FIREFOX, WEBKIT_DRIVER, XVFB} <= installed


# Packages that have an install script the set-up does not run (npm ci --ignore-scripts),
# and that work without it: esbuild's postinstall only checks the binary of its optional
# platform package (@esbuild/linux-x64), which npm installs anyway; rs-module-lexer's (of
# the Custom Elements Manifest analyzer) likewise picks its prebuilt platform binary.
SCRIPTS_NOT_RUN = {"node_modules/esbuild", "node_modules/rs-module-lexer"}


def test_npm_ci_runs_no_install_script() -> None:
    # puppeteer-core, unlike puppeteer, downloads no browser (Firefox is Debian's
    # firefox-esr); no package's install script runs, and none new may need one.
    lock = json.loads(PACKAGE_LOCK.read_text(encoding="utf-8"))
    packages = lock["packages"]
    assert "node_modules/puppeteer-core" in packages and "node_modules/puppeteer" not in packages
    scripted = {name for name, entry in packages.items() if entry.get("hasInstallScript")}
    assert scripted <= SCRIPTS_NOT_RUN
    assert '"--ignore-scripts"' in inspect.getsource(bootstrap.ensure_node_modules)
