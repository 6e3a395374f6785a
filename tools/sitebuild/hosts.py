"""Header configuration for other static hosts, written into dist/ from sitebuild.headers.

`python3 build.py serve` sends the site's headers itself; a site copied to another
host needs that host told. The build writes, from the same headers:

- `_headers` — Netlify and Cloudflare Pages read it from the published folder (and
  do not serve it);
- `deploy/nginx.conf` — to `include` where nginx serves dist/;
- `deploy/apache.htaccess` — to copy to dist/.htaccess, or into Apache's config.

docs/deploying.md says how to use each and what a host without them loses. None of
these files is in manifest.json: they are not part of the app, and the service worker
does not cache them.
"""

from __future__ import annotations

from pathlib import Path

from sitebuild.headers import CACHE_CONTROL, MIME_TYPES, SECURITY_HEADERS
from sitebuild.paths import ENCODINGS
from sitebuild.steps import StepFailed, step

NETLIFY = "_headers"
NGINX = "deploy/nginx.conf"
APACHE = "deploy/apache.htaccess"
HOST_FILES = (NETLIFY, NGINX, APACHE)

GENERATED = "Written by `python3 build.py build` from tools/sitebuild/headers.py: change it there."


def _bare(mime: str) -> str:
    """A Content-Type without its parameters: 'text/html; charset=utf-8' -> 'text/html'."""
    return mime.split(";")[0].strip()


def netlify_headers(wasm_files: list[str]) -> str:
    """`_headers` (Netlify, Cloudflare Pages): the security headers on every path, and
    the WebAssembly files' type made explicit.

    Both hosts already send the right types and `Cache-Control: public, max-age=0,
    must-revalidate` with an ETag (our `no-cache`), and compress on their own, so only
    what they cannot know is written: they would join a header two rules give.
    """
    lines = [
        "# Netlify and Cloudflare Pages: the headers of every response (docs/deploying.md).",
        f"# {GENERATED}",
        "/*",
        *(f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()),
    ]
    for name in wasm_files:
        lines += ["", f"/{name}", f"  Content-Type: {MIME_TYPES['.wasm']}"]
    return "\n".join(lines) + "\n"


def nginx_conf() -> str:
    """An nginx snippet for the server {} or location {} that serves dist/."""
    types: dict[str, list[str]] = {}
    for suffix, mime in MIME_TYPES.items():
        types.setdefault(_bare(mime), []).append(suffix[1:])
    # nginx adds the charset to text/html on its own, and warns when it is listed.
    charset_types = sorted(
        {_bare(mime) for mime in MIME_TYPES.values() if "charset=" in mime} - {"text/html"}
    )
    quote = '"'
    return "\n".join(
        [
            "# nginx: what dist/ needs, in the server {} or location {} that serves it",
            "# (`root /srv/belot/dist;` then `include /srv/belot/dist/deploy/nginx.conf;`).",
            "# nginx drops these add_header lines in a nested block that has add_header",
            "# of its own (docs/deploying.md).",
            f"# {GENERATED}",
            "",
            "# Every type dist/ uses (a types {} block replaces nginx's own list here).",
            "types {",
            *(f"    {mime} {' '.join(suffixes)};" for mime, suffixes in types.items()),
            "}",
            "default_type application/octet-stream;",
            "charset utf-8;",
            f"charset_types {' '.join(charset_types)};",
            "",
            "# The precompressed copies beside each file (name.gz; name.br with ngx_brotli,",
            "# Debian's libnginx-mod-http-brotli-static: then uncomment brotli_static).",
            "gzip_static on;",
            "gzip_vary on;",
            "# brotli_static on;",
            "",
            "# Every response, a 404 too, and worker.js and sw.js above all: a page has the",
            "# policy as a <meta> as well, a worker only from this header.",
            *(
                f"add_header {name} {quote}{value}{quote} always;"
                for name, value in SECURITY_HEADERS.items()
            ),
            f'add_header Cache-Control "{CACHE_CONTROL}" always;',
            "",
        ]
    )


def apache_htaccess() -> str:
    """An Apache 2.4 .htaccess for dist/ (mod_headers and mod_mime; mod_rewrite for
    the precompressed copies)."""
    quote = '"'
    lines = [
        "# Apache 2.4: what dist/ needs. Copy it to dist/.htaccess (AllowOverride FileInfo)",
        "# or into the <Directory> of dist/. It needs mod_headers and mod_mime: without",
        "# them it is an error, not a site without its policy. docs/deploying.md.",
        f"# {GENERATED}",
        "",
        "# Every response, a 404 too, and worker.js and sw.js above all: a page has the",
        "# policy as a <meta> as well, a worker only from this header.",
        *(
            f"Header always set {name} {quote}{value}{quote}"
            for name, value in SECURITY_HEADERS.items()
        ),
        f'Header always set Cache-Control "{CACHE_CONTROL}"',
        "",
        "# Every type dist/ uses, also for the precompressed copy of a file.",
    ]
    packed = "|".join(suffix.replace(".", r"\.") for suffix in ENCODINGS.values())
    for suffix, mime in MIME_TYPES.items():
        lines += [
            f'<FilesMatch "\\{suffix}({packed})?$">',
            f'    ForceType "{mime}"',
            "</FilesMatch>",
        ]
    lines += [
        "",
        "# The precompressed copies beside each file, for a browser that takes them.",
        *(f"AddEncoding {coding} {suffix}" for coding, suffix in ENCODINGS.items()),
        "Header merge Vary Accept-Encoding",
        "<IfModule mod_rewrite.c>",
        "    RewriteEngine On",
    ]
    for coding, suffix in ENCODINGS.items():  # brotli first, as our server prefers it
        lines += [
            f'    RewriteCond "%{{HTTP:Accept-Encoding}}" "\\b{coding}\\b"',
            f'    RewriteCond "%{{REQUEST_FILENAME}}{suffix}" -f',
            f'    RewriteRule "^(.+)$" "$1{suffix}" [L]',
        ]
    lines += ["</IfModule>", ""]
    return "\n".join(lines)


def write_host_configs(out: Path) -> None:
    """_headers, deploy/nginx.conf and deploy/apache.htaccess in out (a built dist/)."""
    with step(
        "header configuration for other hosts (_headers, deploy/nginx.conf, deploy/apache.htaccess)"
    ):
        for name in HOST_FILES:
            if (out / name).exists():
                raise StepFailed(f"site/ must not have {name}: the build writes it")
        wasm = sorted(path.relative_to(out).as_posix() for path in out.rglob("*.wasm"))
        texts = {NETLIFY: netlify_headers(wasm), NGINX: nginx_conf(), APACHE: apache_htaccess()}
        for name, text in texts.items():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(text, encoding="utf-8")
            print(f"    {name}: {len(text)} bytes")
