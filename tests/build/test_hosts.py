"""The header configuration the build writes for other hosts says what our server sends.

dist/_headers (Netlify, Cloudflare Pages), dist/deploy/nginx.conf and
dist/deploy/apache.htaccess are read back the way their host reads them (the rules
that match a path; the types; the headers) and compared, file by file of dist/, with
the responses of the build's own server. (nginx and Apache themselves are not needed
here: docs/deploying.md says how the two snippets were tried on the real servers.)

Needs `python3 build.py build` first.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild.headers import CACHE_CONTROL, SECURITY_HEADERS
from sitebuild.hosts import APACHE, HOST_FILES, NETLIFY, NGINX
from sitebuild.paths import DIST, ENCODED_SUFFIXES
from sitebuild.server import serving

# Cloudflare Pages' limits for _headers.
MAX_RULES = 100
MAX_LINE = 2000
CHARSET = "; charset=utf-8"


def dist_files() -> list[str]:
    """Every file of dist/ a browser may ask for, as a URL path."""
    if not (DIST / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    return sorted(
        "/" + path.relative_to(DIST).as_posix()
        for path in DIST.rglob("*")
        if path.is_file()
        and path.suffix not in ENCODED_SUFFIXES
        and path.relative_to(DIST).as_posix() not in HOST_FILES
    )


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, dict[str, str]]]:
    """URL path → the headers the build's server answers with (no compression asked)."""
    answers: dict[str, dict[str, str]] = {}
    with serving(DIST) as url:
        for path in [*dist_files(), "/no/such/file"]:
            request = urllib.request.Request(url + path, method="HEAD")
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    answers[path] = dict(response.headers.items())
            except urllib.error.HTTPError as error:
                answers[path] = dict(error.headers.items())
    yield answers


def netlify_rules() -> list[tuple[str, dict[str, str]]]:
    """_headers as Netlify and Cloudflare Pages read it: (path pattern, headers) blocks."""
    rules: list[tuple[str, dict[str, str]]] = []
    for line in (DIST / NETLIFY).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line, {}))
            continue
        name, _, value = line.strip().partition(": ")
        assert name not in rules[-1][1], line
        rules[-1][1][name] = value
    return rules


def netlify_headers(path: str) -> dict[str, str]:
    """The headers every matching rule gives a path (a splat matches anything)."""
    headers: dict[str, str] = {}
    for pattern, given in netlify_rules():
        if re.fullmatch(re.escape(pattern).replace(r"\*", ".*"), path):
            for name, value in given.items():
                assert name not in headers, f"{path}: two rules give {name}, a host would join them"
                headers[name] = value
    return headers


def test_host_files_are_written_and_not_part_of_the_app() -> None:
    manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    for name in HOST_FILES:
        assert (DIST / name).is_file(), name
        assert name not in manifest["files"]
        text = (DIST / name).read_text(encoding="utf-8")
        assert "tools/sitebuild/headers.py" in text and "docs/deploying.md" in text


def test_headers_file_gives_every_path_the_servers_policy_and_nosniff(
    served: dict[str, dict[str, str]],
) -> None:
    rules = netlify_rules()
    assert 0 < len(rules) <= MAX_RULES
    lines = (DIST / NETLIFY).read_text(encoding="utf-8").splitlines()
    assert max(len(line) for line in lines) <= MAX_LINE
    for path, answer in served.items():
        given = netlify_headers(path)
        security = {name: value for name, value in given.items() if name != "Content-Type"}
        assert security == SECURITY_HEADERS == {name: answer[name] for name in SECURITY_HEADERS}
        if "Content-Type" in given:
            assert given["Content-Type"] == answer["Content-Type"], path
    for path in ("/widget/runtime/worker.js", "/sw.js", "/calculator/", "/calculator/index.html"):
        assert netlify_headers(path).keys() >= SECURITY_HEADERS.keys(), path
    assert netlify_headers("/runtime/pyodide.asm.wasm")["Content-Type"] == "application/wasm"


def test_nginx_snippet_sends_the_servers_headers_and_types(
    served: dict[str, dict[str, str]],
) -> None:
    text = (DIST / NGINX).read_text(encoding="utf-8")
    added = dict(re.findall(r'^add_header (\S+) "([^"]*)" always;$', text, re.MULTILINE))
    assert added == {**SECURITY_HEADERS, "Cache-Control": CACHE_CONTROL}
    block = re.search(r"^types \{\n(.*?)^\}", text, re.MULTILINE | re.DOTALL)
    assert block is not None
    types = {
        suffix: mime
        for mime, *suffixes in (line.strip(" ;").split() for line in block[1].splitlines())
        for suffix in suffixes
    }
    charset_line = re.search(r"^charset_types (.*);$", text, re.MULTILINE)
    assert charset_line is not None and re.search(r"^charset utf-8;$", text, re.MULTILINE)
    with_charset = {"text/html", *charset_line[1].split()}  # nginx adds text/html itself
    for path, answer in served.items():
        assert all(answer[name] == value for name, value in added.items()), path
        if path == "/no/such/file":
            continue
        mime = types.get(Path(path).suffix[1:], "application/octet-stream")
        sent = mime + (CHARSET if mime in with_charset else "")
        assert sent == answer["Content-Type"], path
    assert re.search(r"^gzip_static on;$", text, re.MULTILINE)


def test_apache_snippet_sends_the_servers_headers_and_types(
    served: dict[str, dict[str, str]],
) -> None:
    text = (DIST / APACHE).read_text(encoding="utf-8")
    added = dict(re.findall(r'^Header always set (\S+) "([^"]*)"$', text, re.MULTILINE))
    assert added == {**SECURITY_HEADERS, "Cache-Control": CACHE_CONTROL}
    forced = re.findall(
        r'^<FilesMatch "([^"]+)">\n\s+ForceType "([^"]+)"\n</FilesMatch>$', text, re.MULTILINE
    )
    assert forced

    def forced_type(name: str) -> str | None:
        matches = [mime for pattern, mime in forced if re.search(pattern, name)]
        assert len(matches) <= 1, (name, matches)
        return matches[0] if matches else None

    for path, answer in served.items():
        assert all(answer[name] == value for name, value in added.items()), path
        if path == "/no/such/file":
            continue
        name = Path(path).name
        assert forced_type(name) == answer["Content-Type"], path
        for suffix in ENCODED_SUFFIXES:  # a precompressed copy is sent as its file's type
            if (DIST / (path[1:] + suffix)).is_file():
                assert forced_type(name + suffix) == answer["Content-Type"], path + suffix
    for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
        assert f"AddEncoding {coding} {suffix}\n" in text
