"""Run inside Pyodide's own Python by ``hooks/stdlib_bytecode.mjs``: one zip rewritten member by member, as the
referee's Python zips are made (``stdlib_bytecode.py``, with ``stdlib_minify.py`` first for the standard library).
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable

# A member's name and bytes -> its new name and bytes, or None to copy it as it is.
Transform = Callable[[str, bytes], "tuple[str, bytes] | None"]


def rewrite_zip(source_path: str, target_path: str, transform: Transform) -> dict[str, int]:
    """``source_path`` with each member passed through ``transform``, in the same order, stored (uncompressed: the
    file as a whole is compressed for the network, and an import needs no inflating). A rewritten member keeps its
    timestamp and attributes; an untouched one is copied with its own header."""
    counts = {"rewritten": 0, "kept": 0, "bytes_before": 0, "bytes_after": 0}
    with zipfile.ZipFile(source_path) as source, zipfile.ZipFile(target_path, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            data = source.read(info)
            counts["bytes_before"] += len(data)
            new = transform(info.filename, data)
            if new is None:
                copy = info
                counts["kept"] += 1
            else:
                name, data = new
                copy = zipfile.ZipInfo(name, date_time=info.date_time)
                copy.external_attr = info.external_attr
                counts["rewritten"] += 1
            out.writestr(copy, data, compress_type=zipfile.ZIP_STORED)
            counts["bytes_after"] += len(data)
    return counts
