"""The shipped API surfaces (analysis/api_data/): the newest release's table in full, the
others as changes to it (analysis/api_changes.py). Each rebuilt table is exactly the
per-release copy shipped before (at 6c64a69, by digest), the generator writes the shipped
files from them, and only the release asked for is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pallas_lsp.analysis import api_changes
from pallas_lsp.analysis.api_surface import DATA_RELEASES, shipped
from support import REPO
from table_digest import digest

# table_digest.digest of api_data/jax_<release>.py's MODULES at 6c64a69 (four full copies).
DIGEST_6C64A69 = {
    (0, 8, 3): "3d54f97b4bf9405752ab014edbbbaf734d640d6c7f834ed3c05c0bbe2aabb35b",
    (0, 10, 2): "3eb8a4c2d88fd57c4f215462cf33a72deae5e39ce8cb15c702dde1fdc4e1aa46",
    (0, 11, 2): "fb6e2b6112974a4203bacb3e78b816e567f969ec1cd3789b2eb023f9062d3562",
    (0, 12, 0, 1): "28d3871b0cb31f0991621263b747805dfa7b66b04c1d83463dd9f2dcd1002ef0",
}


@pytest.mark.parametrize("release", DATA_RELEASES, ids=lambda r: ".".join(map(str, r)))
def test_each_rebuilt_release_is_the_copy_it_replaced(release: tuple[int, ...]) -> None:
    surface = shipped(release)
    assert surface is not None
    assert digest(surface.modules) == DIGEST_6C64A69[release]


def test_the_rebuilt_tables_keep_the_copies_key_order() -> None:
    # pprint wrote the copies with their keys sorted; code that lists a table sees that order.
    for release in DATA_RELEASES:
        modules = shipped(release).modules  # type: ignore[union-attr]
        assert list(modules) == sorted(modules)
        for entry in modules.values():
            if entry:
                assert all(list(entry[k]) == sorted(entry[k]) for k in ("signatures", "deprecated"))


def test_the_generator_writes_the_shipped_files() -> None:
    sys.path.insert(0, str(REPO / "bench" / "releases"))
    try:
        import generate
    finally:
        sys.path.pop(0)
    surfaces = {".".join(map(str, r)): shipped(r).modules for r in DATA_RELEASES}  # type: ignore[union-attr]
    for path, text in generate.api_texts(surfaces).items():
        assert path.read_text(encoding="utf-8") == text, path.name


def test_asking_for_one_release_imports_the_base_and_that_release_only() -> None:
    code = ("import sys; from pallas_lsp.analysis.api_surface import shipped; shipped((0, 10, 2)); "
            "print(sorted(m for m in sys.modules if '.api_data.' in m))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ("['pallas_lsp.analysis.api_data.jax_0_10_2', "
                                   "'pallas_lsp.analysis.api_data.jax_0_12_0_1']")


@pytest.mark.parametrize(("base", "table"), [
    ({"a": 1, "b": (1, 2)}, {"a": 1, "b": (1, 3), "c": None}),
    ({"m": {"names": ("x", "y"), "s": {}}}, {"m": {"names": ("w", "y"), "s": {"f": ()}}}),
    ({"m": None}, {"m": {"names": ()}}),
    ({"m": {"names": ("x",)}}, {"m": None}),
    ({"a": 1, "gone": 2}, {"a": 1}),
    ({"b": 1, "a": 2}, {"a": 2, "b": 1}),  # the same dict in another key order
    (("b", "a"), ("a", "b")),  # a tuple of names that is not sorted is replaced whole
])
def test_changes_rebuild_the_table_exactly(base: object, table: object) -> None:
    rebuilt = api_changes.apply(base, api_changes.changes(base, table))
    assert digest(rebuilt) == digest(table)
    assert repr(rebuilt) == repr(table)  # the key order too


def test_an_unknown_change_is_refused() -> None:
    with pytest.raises(ValueError, match="not a change"):
        api_changes.apply({}, ("?", None))
