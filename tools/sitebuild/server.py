"""The static server: dist/ over HTTP (or HTTPS) the way a static host serves it.

`python3 build.py serve` runs it in the foreground; the tests and benches run it in a
thread on a free port (`serving`). GET and HEAD only; MIME types; the precompressed
.br/.gz copies the pipeline wrote, chosen by Accept-Encoding; a strong ETag from the
content, 304s, folder index pages and a 404 page. Every response carries the site's
Content Security Policy and `nosniff` (the headers of sitebuild.headers, which the other
hosts' configuration also gets); the `Server` header names no Python version; a
connection idle for `DistHandler.timeout` seconds (also one that stops half-way through
its request) is closed.

`serving(..., certificate=...)` serves over HTTPS with a certificate made for the run
(sitebuild.tls); `serving(..., log=[...])` appends a `Sent` for every response, with
the bytes that went over the wire, so a test or a bench can say which file was sent
how many times, to whom (a conditional request is a revalidation) and how encoded.
"""

from __future__ import annotations

import contextlib
import email.utils
import html
import os
import posixpath
import shutil
import signal
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from sitebuild.headers import SECURITY_HEADERS, file_headers
from sitebuild.paths import DIST, ENCODED_SUFFIXES, ENCODINGS
from sitebuild.steps import sha256_file
from sitebuild.tls import Certificate

NOT_FOUND_PAGE = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Not found</title>"
    "<h1>Not found</h1><p>{path} is not part of this build.</p></html>"
)


def accepted_encodings(header: str | None) -> dict[str, float]:
    """Content codings of an Accept-Encoding header with their q-values ("*" included)."""
    accepted: dict[str, float] = {}
    for item in (header or "").split(","):
        coding, _, params = item.strip().partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        accepted[coding] = quality
    return accepted


def accepts(header: str | None, coding: str) -> bool:
    """Whether an Accept-Encoding header allows a coding (a q=0 refuses it)."""
    accepted = accepted_encodings(header)
    return accepted.get(coding, accepted.get("*", 0.0)) > 0


_etags: dict[tuple[str, int, int], str] = {}
_etags_lock = threading.Lock()


def content_etag(path: Path, stat: os.stat_result, variant: str) -> str:
    """A strong ETag from the file's content, so rebuilding unchanged files keeps it."""
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    with _etags_lock:
        known = _etags.get(key)
    if known is None:
        known = sha256_file(path)[:20]
        with _etags_lock:
            _etags[key] = known
    return f'"{known}{variant}"'


@dataclass(frozen=True, slots=True)
class Sent:
    """One response as it went over the wire."""

    at: float  # when its request was read (time.time())
    path: str  # the request's path, without the query
    status: int
    bytes: int  # status line, headers and body, as written
    encoding: str  # the Content-Encoding sent ("identity": none)
    conditional: bool  # the request asked If-None-Match / If-Modified-Since (a revalidation)
    accept_encoding: str  # what the request offered

    @property
    def body_sent(self) -> bool:
        """Whether a file's bytes went out (a 200 to a GET), not a 304, a HEAD or an error."""
        return self.status == HTTPStatus.OK and self.bytes > 0


class _CountingWriter:
    """The handler's wfile, counting what is written through it."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class DistHandler(BaseHTTPRequestHandler):
    """GET/HEAD for a built dist/: MIME types, precompressed br/gzip, ETag, 304, index, 404."""

    server_version = "belot-dist"
    protocol_version = "HTTP/1.1"
    root: Path = DIST
    quiet = False
    # Seconds a connection may stay silent (between requests, or inside one) before
    # it is closed, so idle keep-alive sockets and stalled clients do not hold a thread.
    timeout = 10
    # The headers added to every response; a subclass may change them (a test serving
    # a page without a policy, to check what the widget does on its own).
    security_headers: dict[str, str] = SECURITY_HEADERS
    # Where every response is logged (`serving(..., log=...)`), or None.
    log: list[Sent] | None = None

    def setup(self) -> None:
        super().setup()
        self.counted = _CountingWriter(self.wfile)
        self.wfile = self.counted  # type: ignore[assignment]  # writes through, counting

    def handle_one_request(self) -> None:
        self.counted.count = 0
        self.status_sent = 0
        self.encoding_sent = "identity"
        super().handle_one_request()
        if self.log is None or not self.status_sent:
            return
        headers = self.headers
        self.log.append(
            Sent(
                at=self.read_at,
                path=urllib.parse.urlsplit(self.path).path,
                status=self.status_sent,
                bytes=self.counted.count,
                encoding=self.encoding_sent,
                conditional=bool(headers.get("If-None-Match") or headers.get("If-Modified-Since")),
                accept_encoding=headers.get("Accept-Encoding") or "",
            )
        )

    def parse_request(self) -> bool:
        # Its request line has just arrived (a kept-alive connection waits for it first).
        self.read_at = time.time()
        return super().parse_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status_sent = int(code)
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-encoding":
            self.encoding_sent = value
        super().send_header(keyword, value)

    def version_string(self) -> str:
        """The Server header: the name only, no Python version."""
        return self.server_version

    def end_headers(self) -> None:
        for name, value in self.security_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:
        self.respond(send_body=True)

    def do_HEAD(self) -> None:
        self.respond(send_body=False)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def resolve(self, url_path: str) -> Path | str | None:
        """The file to send, None for 404, or a string URL to redirect to."""
        clean = posixpath.normpath(urllib.parse.unquote(url_path))
        parts = [part for part in clean.split("/") if part not in ("", ".", "..")]
        if any(part.startswith(".") or "\\" in part or "\0" in part for part in parts):
            return None
        target = self.root.joinpath(*parts)
        if target.is_dir():
            if not url_path.endswith("/"):
                return url_path + "/"
            target = target / "index.html"
        if target.suffix in ENCODED_SUFFIXES or not target.is_file():
            return None
        return target

    def respond(self, send_body: bool) -> None:
        url = urllib.parse.urlsplit(self.path)
        target = self.resolve(url.path)
        if isinstance(target, str):
            location = target + (f"?{url.query}" if url.query else "")
            self.send_plain(HTTPStatus.MOVED_PERMANENTLY, b"", {"Location": location}, send_body)
            return
        if target is None:
            self.send_not_found(url.path, send_body)
            return
        # Its type and Cache-Control (sitebuild.headers); end_headers adds the policy.
        headers = file_headers(target)
        body_path, variant = target, ""
        for coding, suffix in ENCODINGS.items():  # brotli first, then gzip
            packed = target.with_name(target.name + suffix)
            if not packed.is_file():
                continue
            headers["Vary"] = "Accept-Encoding"
            if not variant and accepts(self.headers.get("Accept-Encoding"), coding):
                body_path, variant = packed, "-" + suffix[1:]
                headers["Content-Encoding"] = coding
        stat = body_path.stat()
        etag = content_etag(body_path, stat, variant)
        headers["ETag"] = etag
        headers["Last-Modified"] = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.not_modified(etag, stat.st_mtime):
            del headers["Content-Type"]
            self.send_plain(HTTPStatus.NOT_MODIFIED, b"", headers, send_body=False)
            return
        self.send_response(HTTPStatus.OK)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        if send_body:
            with body_path.open("rb") as handle:
                shutil.copyfileobj(handle, self.wfile)

    def not_modified(self, etag: str, mtime: float) -> bool:
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
            return etag in tags or "*" in tags
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(mtime) <= since
        return False

    def send_not_found(self, path: str, send_body: bool) -> None:
        page = self.root / "404.html"
        body = (
            page.read_bytes()
            if page.is_file()
            else NOT_FOUND_PAGE.format(path=html.escape(path)).encode()
        )
        self.send_plain(
            HTTPStatus.NOT_FOUND,
            body,
            file_headers("404.html"),
            send_body,
        )

    def send_plain(
        self, status: HTTPStatus, body: bytes, headers: dict[str, str], send_body: bool
    ) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != HTTPStatus.NOT_MODIFIED:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body and body:
            self.wfile.write(body)


class DistServer(ThreadingHTTPServer):
    """A threaded HTTP server that knows its open connections, so stopping it can end them.

    Without that, a browser's kept-alive connections would still be answered by their
    threads after the server stopped listening: a test that stops the server to go
    offline would not be offline. (A connection cut off that way, or dropped by the
    browser, is not reported; `handle_error`.) With a TLS context it serves HTTPS, each
    handshake in the connection's own thread.
    """

    daemon_threads = True
    handshake_timeout = 10  # seconds a TLS client may take to finish its handshake

    def __init__(
        self,
        address: tuple[str, int],
        handler: type[BaseHTTPRequestHandler],
        tls: ssl.SSLContext | None = None,
    ) -> None:
        super().__init__(address, handler)
        self.tls = tls
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()

    def get_request(self) -> tuple[socket.socket, Any]:
        connection, address = super().get_request()
        if self.tls is not None:
            # The handshake happens in the connection's own thread (finish_request),
            # so a slow or broken client never holds up the accepting loop.
            connection = self.tls.wrap_socket(
                connection, server_side=True, do_handshake_on_connect=False
            )
        return connection, address

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection the browser reset or dropped (it cancelled a download, or closed
        the tab) is the browser's business; any other error prints its traceback."""
        if isinstance(sys.exception(), (ConnectionError, ssl.SSLEOFError)):
            return
        super().handle_error(request, client_address)

    def finish_request(self, request: Any, client_address: Any) -> None:
        if isinstance(request, ssl.SSLSocket):
            request.settimeout(self.handshake_timeout)
            try:
                request.do_handshake()
            except OSError:  # ssl.SSLError too: a client that gave up, or distrusts us
                return
        super().finish_request(request, client_address)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        """End every open connection (a kept-alive one too); the peer sees it closed."""
        with self._open_lock:
            open_now = list(self._open)
        for connection in open_now:
            with contextlib.suppress(OSError):  # already closed by the peer
                connection.shutdown(socket.SHUT_RDWR)


def serve_dist(
    root: Path,
    host: str,
    port: int,
    *,
    quiet: bool = False,
    handler: type[DistHandler] = DistHandler,
    certificate: Certificate | None = None,
    log: list[Sent] | None = None,
) -> DistServer:
    """A threaded static server for root, bound but not yet serving.

    Port 0 picks a free port: read it back from ``server.server_address[1]``.
    `handler` may be a subclass of DistHandler that adds to what it does; with a
    `certificate` it serves HTTPS; with a `log`, every response is appended to it.
    """
    settings: dict[str, Any] = {"root": root.resolve(), "quiet": quiet}
    if log is not None:
        settings["log"] = log
    bound = type(f"Bound{handler.__name__}", (handler,), settings)
    tls = certificate.server_context() if certificate else None
    return DistServer((host, port), bound, tls)


@contextlib.contextmanager
def serving(
    root: Path,
    handler: type[DistHandler] = DistHandler,
    *,
    certificate: Certificate | None = None,
    log: list[Sent] | None = None,
) -> Iterator[str]:
    """Serve root quietly from a thread on a free port while the block runs.

    ``with serving(root) as url:`` gives the base URL, ``http://127.0.0.1:<port>``
    (``https://`` with a `certificate`); the server stops when the block ends, its open
    connections closed, so the origin is unreachable from then on. The tests and the
    benches serve every folder this way; `log` gets a `Sent` for every response.
    """
    server = serve_dist(
        root, "127.0.0.1", 0, quiet=True, handler=handler, certificate=certificate, log=log
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    scheme = "https" if certificate else "http"
    try:
        yield f"{scheme}://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.close_connections()
        server.server_close()
        thread.join(timeout=5)


def serve_until_stopped(root: Path, host: str, port: int) -> None:
    """Serve root in the foreground until Ctrl-C or SIGTERM."""
    server = serve_dist(root, host, port)
    bound_host, bound_port = server.server_address[:2]
    print(f"==> serving {root} on http://{bound_host!s}:{bound_port}/ (Ctrl-C stops)", flush=True)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n    stopped")
    finally:
        server.server_close()
