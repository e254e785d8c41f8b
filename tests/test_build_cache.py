"""hooks/build_cache.py: a build product is made once per digest of its inputs, and never left half-made."""

from __future__ import annotations

import pytest

from hooks.build_cache import cached, digest_of


def test_a_product_is_made_once_per_key_and_a_new_key_replaces_it(tmp_path):
    folder = tmp_path / "cache"
    made = []

    def make(path):
        made.append(path.name)
        path.write_text(f"product {len(made)}")

    first = cached(folder, "aaaa", ".zip", make)
    assert first == folder / "aaaa.zip" and first.read_text() == "product 1"
    assert cached(folder, "aaaa", ".zip", make) == first and made == ["aaaa.tmp"]
    second = cached(folder, "bbbb", ".zip", make)
    assert second.read_text() == "product 2"
    assert sorted(p.name for p in folder.iterdir()) == ["bbbb.zip"]  # the old product is gone


def test_a_failed_make_leaves_no_product(tmp_path):
    folder = tmp_path / "cache"

    def broken(path):
        path.write_text("half")
        raise RuntimeError("the tool failed")

    with pytest.raises(RuntimeError, match="the tool failed"):
        cached(folder, "cccc", ".snapshot", broken)
    assert not (folder / "cccc.snapshot").exists()
    with pytest.raises(RuntimeError, match="was not made"):
        cached(folder, "cccc", ".snapshot", lambda path: None)
    assert not (folder / "cccc.snapshot").exists()


def test_the_digest_follows_contents_stats_and_texts(tmp_path):
    a = tmp_path / "a.bin"
    a.write_bytes(b"one")
    base = digest_of(contents=[a], texts=["/lib/x"])
    assert digest_of(contents=[a], texts=["/lib/x"]) == base and len(base) == 16
    assert digest_of(contents=[a], texts=["/lib/y"]) != base
    a.write_bytes(b"two")
    assert digest_of(contents=[a], texts=["/lib/x"]) != base
    stat = digest_of(stats=[a])
    a.write_bytes(b"three")
    assert digest_of(stats=[a]) != stat


def test_the_digest_tells_items_apart_where_their_bytes_run_together(tmp_path):
    assert digest_of(texts=["ab", "c"]) != digest_of(texts=["a", "bc"])
    assert digest_of(texts=["ab"]) != digest_of(texts=["ab", ""])
    one, two = tmp_path / "one", tmp_path / "two"
    one.write_bytes(b"x")
    two.write_bytes(b"")
    assert digest_of(contents=[one, two]) != digest_of(contents=[two, one])
    assert digest_of(texts=["ab", "c"]) == digest_of(texts=["ab", "c"])  # and stays the same for the same items
