"""A throwaway TLS certificate for serving dist/ over HTTPS on this machine.

Real readers meet the site over HTTPS, where browsers behave differently than over
plain HTTP (WebKit, like Safari, offers brotli only over HTTPS; HTTP/1.1 connections
cost a TLS handshake each). The benches and tests that want that path make a
certificate for their run with Debian's `openssl` command (no Python package needed):
a self-signed P-256 key for 127.0.0.1 and localhost, valid for two days. The driven
browser trusts exactly that certificate: Chromium by the SHA-256 of its public key
(`--ignore-certificate-errors-spki-list`, `Certificate.spki`), Firefox and WebKitGTK
through WebDriver's `acceptInsecureCerts` (tools/browsers).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path

SUBJECT = "/CN=belot-calculator test server"
NAMES = "subjectAltName=IP:127.0.0.1,DNS:localhost"
DAYS = "2"


@dataclass(frozen=True, slots=True, kw_only=True)
class Certificate:
    """A certificate and its key (PEM files), and the base64 SHA-256 of its public key."""

    cert: Path
    key: Path
    spki: str

    def server_context(self) -> ssl.SSLContext:
        """A server-side TLS context for it: TLS 1.2 and up, HTTP/1.1 by ALPN."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(self.cert, self.key)
        context.set_alpn_protocols(["http/1.1"])
        return context


def make_certificate(folder: Path) -> Certificate:
    """A new self-signed certificate for 127.0.0.1 and localhost, written into `folder`."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise RuntimeError("openssl not found: apt-get install openssl")
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    request = [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
               "-nodes", "-days", DAYS, "-subj", SUBJECT, "-addext", NAMES,
               "-keyout", str(key), "-out", str(cert)]  # fmt: skip
    subprocess.run(request, check=True, capture_output=True)
    public = subprocess.run(
        [openssl, "pkey", "-in", str(key), "-pubout", "-outform", "DER"],
        check=True,
        capture_output=True,
    ).stdout
    spki = base64.b64encode(hashlib.sha256(public).digest()).decode()
    return Certificate(cert=cert, key=key, spki=spki)
