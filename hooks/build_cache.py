"""One build product kept in ``.cache/<folder>`` under the digest of its inputs: made again only when they change.

Each folder holds one product at a time (a new digest clears it), and a product is written to a ``.tmp`` file first
and renamed once whole, so an interrupted build never leaves a half-made file under a valid name.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path


def digest_of(*, contents: Iterable[Path] = (), stats: Iterable[Path] = (), texts: Iterable[str] = ()) -> str:
    """A short digest of files' contents, of large files' sizes and modification times, and of strings. Each item
    goes in with its length first, so no two lists of items run together into the same bytes."""
    digest = hashlib.sha256()

    def add(data: bytes) -> None:
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)

    for path in contents:
        add(path.read_bytes())
    for path in stats:
        stat = path.stat()
        add(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    for text in texts:
        add(text.encode())
    return digest.hexdigest()[:16]


def cached(folder: Path, key: str, suffix: str, make: Callable[[Path], None]) -> Path:
    """``folder/<key><suffix>``, made by ``make(path)`` (which writes ``path``; ``folder`` is its to use for work
    files) unless it exists already."""
    target = folder / f"{key}{suffix}"
    if target.exists():
        return target
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / f"{key}.tmp"
    make(partial)
    if not partial.exists():
        raise RuntimeError(f"{target.name} was not made")
    partial.rename(target)
    return target
