"""hooks/zip_rewrite.py: a zip rewritten member by member, in order, stored, each rewritten member keeping its
timestamp and attributes, each untouched one copied as it was."""

from __future__ import annotations

import zipfile

from hooks.zip_rewrite import rewrite_zip


def test_members_are_rewritten_or_copied_in_order(tmp_path):
    source, target = tmp_path / "in.zip", tmp_path / "out.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data, when in (("a/__init__.py", b"x = 1\n" * 50, (2020, 1, 2, 3, 4, 6)),
                                 ("a/data.txt", b"kept as it is", (2021, 5, 6, 7, 8, 10)),
                                 ("b.py", b"y = 2\n", (2022, 9, 10, 11, 12, 14))):
            info = zipfile.ZipInfo(name, date_time=when)
            info.external_attr = 0o100644 << 16
            zf.writestr(info, data)

    def transform(name: str, data: bytes):
        return (name + "c", data.upper()) if name.endswith(".py") else None

    counts = rewrite_zip(str(source), str(target), transform)
    assert counts == {"rewritten": 2, "kept": 1, "bytes_before": 300 + 13 + 6, "bytes_after": 300 + 13 + 6}
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(target) as after:
        assert after.namelist() == ["a/__init__.pyc", "a/data.txt", "b.pyc"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in after.infolist())
        assert after.read("a/__init__.pyc") == b"X = 1\n" * 50 and after.read("b.pyc") == b"Y = 2\n"
        assert after.read("a/data.txt") == b"kept as it is"
        for old, new in zip(before.infolist(), after.infolist()):
            assert new.date_time == old.date_time and new.external_attr == old.external_attr
