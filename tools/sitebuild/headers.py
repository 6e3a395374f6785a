"""What a response for a file of dist/ says to the browser, written once.

`server` sends these headers, and `hosts` writes them as configuration for other
hosts (Netlify and Cloudflare Pages, nginx, Apache), so that no host gets a policy of
its own. The policy itself is `paths.CONTENT_SECURITY_POLICY`, which the pages also
carry as a <meta> (`dist.add_policy`).
"""

from __future__ import annotations

from pathlib import PurePath

from sitebuild.paths import CONTENT_SECURITY_POLICY

# Headers every response carries, whatever the file (a 404 page too): the policy, and
# `nosniff`, so a browser runs a script or applies a style only when its Content-Type
# says it is one. A page also has the policy as a <meta>, but its worker and service
# worker get a policy and `nosniff` only from these headers.
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
}

# File names carry no content hash, so every response is revalidated (no-cache: a
# cheap 304 through the ETag); with hashed names a host could let browsers keep them
# for a year.
CACHE_CONTROL = "no-cache"

# The Content-Type of each suffix in dist/. With `nosniff`, scripts (.js, .mjs) must be
# served as JavaScript, and WebAssembly's streaming compile wants `application/wasm`.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".map": "application/json",
    ".md": "text/markdown; charset=utf-8",
    # widget/index.d.ts, the types for an embedder's tools (never run by a browser).
    ".ts": "text/plain; charset=utf-8",
}
DEFAULT_TYPE = "application/octet-stream"


def content_type(path: PurePath | str) -> str:
    """The Content-Type for a file, by its suffix."""
    return MIME_TYPES.get(PurePath(path).suffix.lower(), DEFAULT_TYPE)


def file_headers(path: PurePath | str) -> dict[str, str]:
    """What a 200 response for a file carries besides SECURITY_HEADERS and what its bytes
    decide (Content-Length, ETag, Last-Modified, and Content-Encoding with Vary when a
    precompressed copy is sent): its type, and that it is revalidated."""
    return {"Content-Type": content_type(path), "Cache-Control": CACHE_CONTROL}
