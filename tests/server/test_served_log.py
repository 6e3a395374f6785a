"""sitebuild.server over HTTPS (a certificate made for the run) and its log of what it sent."""

from __future__ import annotations

import gzip
import http.client
import ssl
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

from sitebuild.server import Sent, serving
from sitebuild.tls import Certificate, make_certificate

BODY = b"\0asm" + bytes(4) + b"wasm body " * 2000


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "runtime").mkdir()
    wasm = tmp_path / "runtime" / "pyodide.asm.wasm"
    wasm.write_bytes(BODY)
    wasm.with_name(wasm.name + ".gz").write_bytes(gzip.compress(BODY))
    wasm.with_name(wasm.name + ".br").write_bytes(brotli.compress(BODY))
    return tmp_path


def client(url: str, certificate: Certificate | None) -> http.client.HTTPConnection:
    netloc = urllib.parse.urlsplit(url).netloc
    if certificate is None:
        return http.client.HTTPConnection(netloc, timeout=10)
    context = ssl.create_default_context(cafile=certificate.cert)
    context.set_alpn_protocols(["h2", "http/1.1"])  # as a browser offers them
    return http.client.HTTPSConnection(netloc, timeout=10, context=context)


def fetch(
    connection: http.client.HTTPConnection, path: str, **headers: str
) -> http.client.HTTPResponse:
    connection.request("GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    response.read()
    return response


@pytest.fixture
def served(root: Path, certificate: Certificate) -> Iterator[tuple[str, list[Sent]]]:
    log: list[Sent] = []
    with serving(root, certificate=certificate, log=log) as url:
        yield url, log


def test_https_with_the_runs_certificate_verifies_and_serves_brotli(
    served: tuple[str, list[Sent]], certificate: Certificate
) -> None:
    url, _ = served
    assert url.startswith("https://127.0.0.1:")
    connection = client(url, certificate)
    try:
        response = fetch(connection, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip, br")
        assert response.status == 200
        assert response.getheader("Content-Encoding") == "br"
        assert response.getheader("Content-Type") == "application/wasm"
        sock = connection.sock
        assert isinstance(sock, ssl.SSLSocket) and sock.selected_alpn_protocol() == "http/1.1"
    finally:
        connection.close()


def test_a_client_that_distrusts_the_certificate_is_refused_and_the_server_goes_on(
    served: tuple[str, list[Sent]], certificate: Certificate
) -> None:
    url, log = served
    netloc = urllib.parse.urlsplit(url).netloc
    distrusting = http.client.HTTPSConnection(netloc, timeout=10)  # the system's CAs only
    with pytest.raises(ssl.SSLCertVerificationError):
        distrusting.request("GET", "/runtime/pyodide.asm.wasm")
    distrusting.close()
    trusting = client(url, certificate)
    try:
        assert fetch(trusting, "/runtime/pyodide.asm.wasm").status == 200
    finally:
        trusting.close()
    assert [sent.path for sent in log] == ["/runtime/pyodide.asm.wasm"]


def test_the_certificate_names_its_public_key_for_chromium(certificate: Certificate) -> None:
    """`spki` is what --ignore-certificate-errors-spki-list takes: base64 of a SHA-256."""
    assert len(certificate.spki) == 44 and certificate.spki.endswith("=")
    assert certificate.cert.read_text().startswith("-----BEGIN CERTIFICATE-----")


@pytest.mark.parametrize("https", [True, False], ids=["https", "http"])
def test_the_log_has_every_response_with_its_bytes_encoding_and_revalidation(
    root: Path, certificate: Certificate, https: bool
) -> None:
    log: list[Sent] = []
    trusted = certificate if https else None
    with serving(root, certificate=trusted, log=log) as url:
        connection = client(url, trusted)
        try:
            first = fetch(connection, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip")
            etag = first.getheader("ETag") or ""
            again = fetch(
                connection, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip", If_None_Match=etag
            )
            missing = fetch(connection, "/runtime/nothing.whl")
        finally:
            connection.close()
    assert (first.status, again.status, missing.status) == (200, 304, 404)
    assert [(s.path, s.status, s.encoding, s.conditional) for s in log] == [
        ("/runtime/pyodide.asm.wasm", 200, "gzip", False),
        ("/runtime/pyodide.asm.wasm", 304, "gzip", True),  # the gzip copy, revalidated
        ("/runtime/nothing.whl", 404, "identity", False),
    ]
    body = len(gzip.compress(BODY))
    assert body < log[0].bytes < body + 1000  # the gzip copy and its headers
    assert log[0].body_sent and not log[1].body_sent and not log[2].body_sent
    assert log[0].accept_encoding == "gzip"
    assert log[0].at <= log[1].at <= log[2].at
