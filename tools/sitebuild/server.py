"""The static server: dist/ over HTTP the way a static host serves it.

`python3 build.py serve` runs it in the foreground; the tests and bench/startup.py
run it in a thread on a free port. GET and HEAD only; MIME types; the
precompressed .br/.gz copies the pipeline wrote, chosen by Accept-Encoding; a
strong ETag from the content, 304s, folder index pages and a 404 page. Every
response carries the site's Content Security Policy and `nosniff` (the headers of
sitebuild.headers, which the other hosts' configuration also gets); the `Server`
header names no Python version; a connection idle for `DistHandler.timeout`
seconds (also one that stops half-way through its request) is closed.
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
import threading
import urllib.parse
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from sitebuild.headers import SECURITY_HEADERS, file_headers
from sitebuild.paths import DIST, ENCODED_SUFFIXES, ENCODINGS
from sitebuild.steps import sha256_file

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
    offline would not be offline. (A request cut off that way prints its traceback,
    as any dropped connection does.)
    """

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()

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
) -> DistServer:
    """A threaded static server for root, bound but not yet serving.

    Port 0 picks a free port: read it back from ``server.server_address[1]``.
    `handler` may be a subclass of DistHandler that adds to what it does.
    """
    bound = type(f"Bound{handler.__name__}", (handler,), {"root": root.resolve(), "quiet": quiet})
    return DistServer((host, port), bound)


@contextlib.contextmanager
def serving(root: Path, handler: type[DistHandler] = DistHandler) -> Iterator[str]:
    """Serve root quietly from a thread on a free port while the block runs.

    ``with serving(root) as url:`` gives the base URL, ``http://127.0.0.1:<port>``;
    the server stops when the block ends, its open connections closed, so the origin
    is unreachable from then on. The tests and bench/startup.py serve every folder
    this way.
    """
    server = serve_dist(root, "127.0.0.1", 0, quiet=True, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
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
