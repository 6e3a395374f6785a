"""build.py's server picks the smallest encoding the client accepts: br, gzip, none."""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The ``serve_folder`` fixture of tests/conftest.py: ``with serve_folder(root) as (host, port)``.
type ServeFolder = Callable[[Path], AbstractContextManager[tuple[str, int]]]
BODY = b"console.log('belot');\n" * 400


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, serve_folder: ServeFolder
) -> Iterator[tuple[str, int]]:
    root = tmp_path_factory.mktemp("encoded")
    (root / "app.js").write_bytes(BODY)
    (root / "app.js.gz").write_bytes(gzip.compress(BODY))
    (root / "app.js.br").write_bytes(brotli.compress(BODY))
    (root / "plain.js").write_bytes(BODY)
    (root / "plain.js.gz").write_bytes(gzip.compress(BODY))
    with serve_folder(root) as address:
        yield address


def get(
    server: tuple[str, int], path: str, accept: str | None
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*server, timeout=10)
    try:
        connection.request(
            "GET", path, headers={} if accept is None else {"Accept-Encoding": accept}
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
    server: tuple[str, int], accept: str | None, coding: str | None
) -> None:
    status, headers, body = get(server, "/app.js", accept)
    assert status == 200 and headers.get("Content-Encoding") == coding
    assert headers["Vary"] == "Accept-Encoding" and int(headers["Content-Length"]) == len(body)
    assert decode(headers, body) == BODY


def test_each_encoding_has_its_own_etag(server: tuple[str, int]) -> None:
    tags = {get(server, "/app.js", accept)[1]["ETag"] for accept in ("br", "gzip", "identity")}
    assert len(tags) == 3


def test_gzip_when_there_is_no_brotli_copy(server: tuple[str, int]) -> None:
    _, headers, body = get(server, "/plain.js", "gzip, br")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == BODY


def test_the_encoded_copies_are_not_served_by_name(server: tuple[str, int]) -> None:
    assert get(server, "/app.js.br", "br")[0] == 404
    assert get(server, "/app.js.gz", "gzip")[0] == 404


def test_dist_brotli_copies_hold_the_same_bytes() -> None:
    packed = sorted((ROOT / "dist").rglob("*.br"))
    if not packed:
        pytest.fail("dist/ has no .br copies: run 'python3 build.py build'")
    assert ROOT / "dist" / "runtime" / "pyodide.asm.wasm.br" in packed
    for path in packed:
        original = path.with_suffix("").read_bytes()
        assert brotli.decompress(path.read_bytes()) == original, path
        assert path.stat().st_size < path.with_suffix(".gz").stat().st_size, path
