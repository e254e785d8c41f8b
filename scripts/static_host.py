"""Serve the built site the way a real static host does: `make preview`, and the benchmarks' server.

    .venv/bin/python scripts/static_host.py [--dir site] [--port 8000] [--no-gzip] [--rate MBPS] [--delay MS]

- Content types as GitHub Pages sends them, the wasm one included (``application/wasm``, needed for streaming
  compilation), ``application/manifest+json`` for the web app manifests.
- ``Cache-Control: max-age=600`` on every file (GitHub Pages' header) and ``no-cache`` on ``sw.js`` (browsers
  revalidate a service worker's script anyway; other hosts should say so explicitly), with ``ETag`` and
  ``Last-Modified``, answering ``If-None-Match`` / ``If-Modified-Since`` with 304.
- gzip for text and wasm, as common hosts do (``--no-gzip``: files as they are, like a plain host); files that are
  compressed already (``.zst``, ``.zip``, ``.whl``, ``.png``, ``.gz``) are sent as they are.
- ``--rate MBPS``: the bytes of every response share one line of that many Mbit/s (a token bucket shared by all
  connections); ``--delay MS``: each request waits that long before its first byte (a round trip). For throttled
  benchmarks: DevTools throttling does not see a worker's requests reliably.

Stops with Ctrl-C. Serves 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import http.server
import os
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
    ".wasm": "application/wasm", ".zip": "application/zip", ".whl": "application/zip", ".zst": "application/zstd",
    ".gz": "application/gzip", ".xml": "application/xml", ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2", ".ico": "image/x-icon",
}
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".wasm", ".xml", ".txt"}
MAX_AGE = 600


class Line:
    """A shared line of ``rate`` bytes per second (token bucket, 64 KB burst) and a delay per request."""

    def __init__(self, mbps: float | None, delay_ms: float):
        self.rate = mbps * 1e6 / 8 if mbps else None
        self.delay = delay_ms / 1000
        self.lock = threading.Lock()
        self.tokens = 0.0
        self.stamp = time.monotonic()
        self.sent = 0
        self.sent_by_path: dict[str, int] = {}
        self.last_byte = time.monotonic()
        self.responses: list[tuple[str, int, int]] = []  # (path, status, body bytes sent), one per response

    def wait_for(self, count: int) -> None:
        if self.rate is None:
            return
        while True:
            with self.lock:
                now = time.monotonic()
                self.tokens = min(self.tokens + (now - self.stamp) * self.rate, 65536.0)
                self.stamp = now
                if self.tokens >= count:
                    self.tokens -= count
                    return
                missing = count - self.tokens
            time.sleep(missing / self.rate)

    def count(self, path: str, sent: int) -> None:
        with self.lock:
            self.sent += sent
            self.last_byte = time.monotonic()
            self.sent_by_path[path] = self.sent_by_path.get(path, 0) + sent

    def record(self, path: str, status: int, sent: int) -> None:
        with self.lock:
            self.responses.append((path, status, sent))


# gzip bodies by (file, mtime), shared by every server of the process (the benchmarks start many, one per
# scenario: compressing the same files again would add the server's CPU time to the figures)
_GZIP_CACHE: dict[tuple[str, float], bytes] = {}


def handler_for(directory: Path, use_gzip: bool, line: Line):
    cache = _GZIP_CACHE

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            pass

        def _file(self) -> Path | None:
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            target = (directory / path.lstrip("/")).resolve()
            if not str(target).startswith(str(directory.resolve())):
                return None
            if target.is_dir():
                if not path.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
                target = target / "index.html"
            return target if target.is_file() else None

        def do_HEAD(self):
            self.do_GET(head=True)

        def do_GET(self, head: bool = False):
            if line.delay:
                time.sleep(line.delay)
            target = self._file()
            status = 200
            if target is None:
                if self.wfile.closed or self.close_connection:
                    return
                if self.path.split("?")[0].endswith("/") or "." not in self.path.rsplit("/", 1)[-1]:
                    target, status = directory / "404.html", 404
                if target is None or not target.is_file():
                    self.send_error(404)
                    line.record(self.path.split("?", 1)[0], 404, 0)
                    return
            stat = target.stat()
            etag = f'"{hashlib.sha1(f"{target}:{stat.st_mtime_ns}:{stat.st_size}".encode()).hexdigest()[:16]}"'
            if status == 200 and self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                line.record(self.path.split("?", 1)[0], 304, 0)
                return
            body = target.read_bytes()
            encode = use_gzip and target.suffix in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", "")
            if encode:
                key = (str(target), stat.st_mtime)
                if key not in cache:
                    cache[key] = gzip.compress(body, 6)
                body = cache[key]
            self.send_response(status)
            self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
            self.send_header("Cache-Control", "no-cache" if target.name == "sw.js" else f"max-age={MAX_AGE}")
            if encode:
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            if head:
                return
            path = self.path.split("?", 1)[0]
            sent = 0
            try:
                for start in range(0, len(body), 16384):
                    chunk = body[start:start + 16384]
                    line.wait_for(len(chunk))
                    self.wfile.write(chunk)
                    sent += len(chunk)
                    line.count(path, len(chunk))
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
            finally:
                line.record(path, status, sent)

    return Handler


def serve(directory: Path, port: int = 0, use_gzip: bool = True, mbps: float | None = None,
          delay_ms: float = 0) -> tuple[http.server.ThreadingHTTPServer, Line]:
    """Start serving in a thread; returns the server (``server_port``) and its line (bytes sent)."""
    line = Line(mbps, delay_ms)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler_for(directory, use_gzip, line))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--no-gzip", action="store_true")
    parser.add_argument("--rate", type=float, default=None, help="Mbit/s shared by all connections")
    parser.add_argument("--delay", type=float, default=0, help="ms before each response")
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} is not built: run `make site`")
    server, _ = serve(args.dir, args.port, not args.no_gzip, args.rate, args.delay)
    print(f"Serving {args.dir} on http://127.0.0.1:{server.server_port}/ "
          f"({'gzip' if not args.no_gzip else 'no compression'}, Cache-Control max-age={MAX_AGE}); Ctrl-C stops")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
