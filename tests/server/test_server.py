"""sitebuild.server, the static server of `build.py serve`, over real HTTP (no browser).

One small folder stands in for dist/: precompressed copies (.br and .gz, or
.gz only), the MIME types the site needs, a folder with an index page.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import socket
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

from sitebuild.paths import CONTENT_SECURITY_POLICY
from sitebuild.server import DistHandler, serving

WASM = b"\0asm" + bytes(4) + b"wasm body " * 200
BODY = b"console.log('belot');\n" * 400


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """host:port of the server, serving a folder laid out like dist/."""
    root = tmp_path_factory.mktemp("dist")
    (root / "runtime").mkdir()
    (root / "index.html").write_text("<!doctype html><title>home</title>")
    (root / "app.webmanifest").write_text("{}")
    (root / "runtime" / "pyodide.asm.wasm").write_bytes(WASM)
    (root / "runtime" / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(WASM))
    (root / "runtime" / "pyodide.mjs").write_text("export {};")
    (root / "runtime" / "x-0.1-py3-none-any.whl").write_bytes(b"PK")
    (root / "manifest.json").write_text("{}")
    (root / "widget").mkdir()
    (root / "widget" / "index.html").write_text("widget")
    (root / "app.js").write_bytes(BODY)
    (root / "app.js.gz").write_bytes(gzip.compress(BODY))
    (root / "app.js.br").write_bytes(brotli.compress(BODY))
    (root / "plain.js").write_bytes(BODY)
    (root / "plain.js.gz").write_bytes(gzip.compress(BODY))
    with serving(root) as url:
        yield urllib.parse.urlsplit(url).netloc


@contextlib.contextmanager
def serving_tmp() -> Iterator[str]:
    """host:port of a server of its own (an empty folder): for tests that tie up connections."""
    with tempfile.TemporaryDirectory() as root, serving(Path(root)) as url:
        yield urllib.parse.urlsplit(url).netloc


def get(
    server: str, path: str, method: str = "GET", **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request; Accept_Encoding="gzip" sends Accept-Encoding."""
    connection = http.client.HTTPConnection(server, timeout=10)
    try:
        connection.request(
            method, path, headers={k.replace("_", "-"): v for k, v in headers.items()}
        )
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def decode(headers: dict[str, str], body: bytes) -> bytes:
    coding = headers.get("Content-Encoding")
    if coding == "br":
        return bytes(brotli.decompress(body))
    if coding == "gzip":
        return gzip.decompress(body)
    return body


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/runtime/pyodide.asm.wasm", "application/wasm"),
        ("/runtime/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("/manifest.json", "application/json"),
        ("/app.webmanifest", "application/manifest+json"),
        ("/runtime/x-0.1-py3-none-any.whl", "application/zip"),
        ("/", "text/html; charset=utf-8"),
    ],
    ids=["wasm", "mjs", "json", "webmanifest", "wheel", "index"],
)
def test_content_types(server: str, path: str, mime: str) -> None:
    status, headers, _ = get(server, path)
    assert (status, headers["Content-Type"]) == (200, mime)


def test_gzip_copy_is_sent_only_when_accepted(server: str) -> None:
    status, headers, body = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip, br")
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == WASM and int(headers["Content-Length"]) == len(body)
    for refusal in ("identity", "gzip;q=0", ""):
        status, headers, body = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding=refusal)
        assert "Content-Encoding" not in headers and body == WASM, refusal
        assert headers["Vary"] == "Accept-Encoding"


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip, deflate, br, zstd", "br"),  # what Chromium sends
        ("br;q=0.5, gzip;q=1", "br"),  # any q > 0: the smaller copy wins
        ("gzip, br;q=0", "gzip"),
        ("gzip", "gzip"),
        ("*", "br"),
        ("identity", None),
        ("br;q=0, gzip;q=0", None),
        (None, None),
    ],
)
def test_encoding_follows_accept_encoding(
    server: str, accept: str | None, coding: str | None
) -> None:
    status, headers, body = get(
        server, "/app.js", **({} if accept is None else {"Accept_Encoding": accept})
    )
    assert status == 200 and headers.get("Content-Encoding") == coding
    assert headers["Vary"] == "Accept-Encoding" and int(headers["Content-Length"]) == len(body)
    assert decode(headers, body) == BODY


def test_each_encoding_has_its_own_etag(server: str) -> None:
    tags = {
        get(server, "/app.js", Accept_Encoding=accept)[1]["ETag"]
        for accept in ("br", "gzip", "identity")
    }
    assert len(tags) == 3


def test_gzip_when_there_is_no_brotli_copy(server: str) -> None:
    _, headers, body = get(server, "/plain.js", Accept_Encoding="gzip, br")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == BODY


def test_the_encoded_copies_are_not_served_by_name(server: str) -> None:
    assert get(server, "/app.js.br", Accept_Encoding="br")[0] == 404
    assert get(server, "/app.js.gz", Accept_Encoding="gzip")[0] == 404


def test_etag_and_last_modified_give_304(server: str) -> None:
    _, headers, _ = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip")
    status, again, body = get(
        server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip", If_None_Match=headers["ETag"]
    )
    assert (status, body, again["ETag"]) == (304, b"", headers["ETag"])
    _, plain, _ = get(server, "/runtime/pyodide.asm.wasm")
    assert plain["ETag"] != headers["ETag"]  # each encoding is its own representation
    status, _, _ = get(server, "/runtime/pyodide.asm.wasm", If_None_Match=headers["ETag"])
    assert status == 200
    status, _, _ = get(server, "/manifest.json", If_Modified_Since=plain["Last-Modified"])
    assert status == 304
    assert plain["Cache-Control"] == "no-cache"


def test_head_has_headers_but_no_body(server: str) -> None:
    status, headers, body = get(server, "/runtime/pyodide.asm.wasm", method="HEAD")
    assert (status, body, int(headers["Content-Length"])) == (200, b"", len(WASM))


def test_folders_redirect_to_slash_and_serve_index(server: str) -> None:
    status, headers, _ = get(server, "/widget")
    assert (status, headers["Location"]) == (301, "/widget/")
    assert get(server, "/widget/")[2] == b"widget"


@pytest.mark.parametrize(
    "path",
    [
        "/missing.js",
        "/runtime/pyodide.asm.wasm.gz",
        "/../build.py",
        "/%2e%2e/build.py",
        "/.hidden",
        "/runtime/%00",
    ],
)
def test_not_found(server: str, path: str) -> None:
    status, headers, body = get(server, path)
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert b"Not found" in body


def test_other_methods_are_refused(server: str) -> None:
    assert get(server, "/manifest.json", method="POST")[0] == 501


# --- what the server reveals and how long it waits ------------------------------------


def test_server_header_names_no_python_version(server: str) -> None:
    for path in ("/manifest.json", "/missing.js", "/widget"):
        _, headers, _ = get(server, path)
        assert headers["Server"] == "belot-dist", (path, headers["Server"])
    status, headers, body = get(server, "/manifest.json", method="POST")
    assert status == 501 and headers["Server"] == "belot-dist"
    assert b"Python" not in body


@pytest.mark.parametrize("path", ["/", "/app.js", "/missing.js", "/widget", "/manifest.json"])
def test_every_response_carries_the_content_security_policy(server: str, path: str) -> None:
    _, headers, _ = get(server, path)
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_the_policy_is_the_strict_one() -> None:
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in CONTENT_SECURITY_POLICY.split("; ")
    )
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["worker-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'"]
    assert directives["require-trusted-types-for"] == ["'script'"]
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in CONTENT_SECURITY_POLICY


def test_idle_and_unfinished_connections_are_closed() -> None:
    """A socket that sends nothing, and one that stops half-way through its request,
    are both closed once they have been silent for DistHandler.timeout seconds."""
    limit = DistHandler.timeout
    assert limit is not None and 0 < limit <= 15
    with serving_tmp() as server:
        host, port = server.rsplit(":", 1)
        started = time.monotonic()
        idle = socket.create_connection((host, int(port)), timeout=limit + 5)
        unfinished = socket.create_connection((host, int(port)), timeout=limit + 5)
        with idle, unfinished:
            unfinished.sendall(b"GET /manifest.json HTTP/1.1\r\nHost: x\r\n")
            for connection in (idle, unfinished):
                try:
                    while connection.recv(4096):
                        pass
                except TimeoutError:
                    pytest.fail(f"a connection was still open after {limit + 5} s")
        assert time.monotonic() - started >= limit - 0.5


def test_stopping_ends_kept_alive_connections() -> None:
    # A browser keeps connections open; once the server stops, they must fail too,
    # or a test that stops the server to go offline is not offline.
    with serving_tmp() as server:
        connection = http.client.HTTPConnection(server, timeout=10)
        connection.request("GET", "/missing.js")
        response = connection.getresponse()
        response.read()
        assert response.status == 404 and not response.will_close
    try:
        with pytest.raises((http.client.HTTPException, OSError)):
            connection.request("GET", "/")
            connection.getresponse()
    finally:
        connection.close()
