"""The shipped API surfaces (analysis/api_data/): the newest release's table in full, the
others as changes to it (analysis/api_changes.py). Each rebuilt table is exactly the
per-release full copy the generator read (by digest: the copies shipped on wip-gaps,
e76b8bb, the last tree that shipped four full copies; 6c64a69's before that gaps'
additions), the generator writes the shipped files from them, and only the release asked
for is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pallas_lsp.analysis import api_changes
from pallas_lsp.analysis.api_surface import DATA_RELEASES, shipped
from support import REPO
from table_digest import digest

# table_digest.digest of api_data/jax_<release>.py's MODULES at e76b8bb (four full copies,
# with the deprecated-but-accessible signatures wip-gaps added; regenerate both together).
DIGEST_FULL_COPIES = {
    (0, 8, 3): "a91db6de73b447d62f595fc3adc7870c4e35e2fad88c3a642f5606f70d9027aa",
    (0, 10, 2): "56531bb8e73baa8bfd1bfa2abaf6483a777d1786d12b31fead82572f93edfe38",
    (0, 11, 2): "816a7d6488862471eeb28cbdd66a8838c282fccf27f89c5495d10bf50e3cfda0",
    (0, 12, 0, 1): "7c9d26c4d3233f76c7c7d3cdfbe627cfa0fea4d715fd3bd962bc1e358ff00775",
}


# The same tables with each enum class's members and attributes ("enums", added by wip-sitesI
# for PAL063: read by the same generator from the same four installs; without that key each
# table is still exactly the copy above).
DIGEST_WITH_ENUMS = {
    (0, 8, 3): "831f8a1a78b75ab690ee3b645197034726e581334bf2b90342966a03cf004680",
    (0, 10, 2): "8f561a4a35ec54a0adfbc370d32807c752c6fc683e235cd40534b0069630aa4a",
    (0, 11, 2): "811cce955d8dfed7cd4a186a3d5f252d3d713fab2ad2774f37b44ff6843b1d27",
    (0, 12, 0, 1): "5980df2c707d4b62fc851b9b6776db5b788ea9de4090b5a4d70150104d4930df",
}


@pytest.mark.parametrize("release", DATA_RELEASES, ids=lambda r: ".".join(map(str, r)))
def test_each_rebuilt_release_is_the_copy_it_replaced(release: tuple[int, ...]) -> None:
    surface = shipped(release)
    assert surface is not None
    assert digest(surface.modules) == DIGEST_WITH_ENUMS[release]
    without_enums = {name: None if entry is None else {k: v for k, v in entry.items() if k != "enums"}
                     for name, entry in surface.modules.items()}
    assert digest(without_enums) == DIGEST_FULL_COPIES[release]


def test_the_rebuilt_tables_keep_the_copies_key_order() -> None:
    # pprint wrote the copies with their keys sorted; code that lists a table sees that order.
    for release in DATA_RELEASES:
        modules = shipped(release).modules  # type: ignore[union-attr]
        assert list(modules) == sorted(modules)
        for entry in modules.values():
            if entry:
                assert all(list(entry[k]) == sorted(entry[k]) for k in ("signatures", "deprecated", "enums"))


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
    # A signature that gained, lost or changed a parameter: the spans that changed, in order.
    ({"f": (("x", "PK", False), ("axis", "KO", True), ("y", "KO", True))},
     {"f": (("x", "PK", False), ("axis", "KO", True), ("accuracy", "KO", True), ("y", "KO", True))}),
    ({"f": (("a", "P", False), ("b", "PK", True), ("c", "KO", True), ("d", "VK", False))},
     {"f": (("a", "PK", False), ("b", "PK", True), ("d", "VK", False))}),
    ((("a", "P", False), ("b", "PK", True)), (("z", "KO", True),)),
    (({"k": 1}, {"j": 2}), ({"k": 1}, {"j": 3})),  # items that cannot be hashed: replaced whole
])
def test_changes_rebuild_the_table_exactly(base: object, table: object) -> None:
    rebuilt = api_changes.apply(base, api_changes.changes(base, table))
    assert digest(rebuilt) == digest(table)
    assert repr(rebuilt) == repr(table)  # the key order too


def test_a_signature_that_gained_a_parameter_is_written_as_that_parameter() -> None:
    base = tuple((f"p{i}", "PK", False) for i in range(8))
    table = (*base[:5], ("accuracy", "KO", True), *base[5:])
    assert api_changes.changes(base, table) == ("@", ((5, 5, (("accuracy", "KO", True),)),))


def test_an_unknown_change_is_refused() -> None:
    with pytest.raises(ValueError, match="not a change"):
        api_changes.apply({}, ("?", None))


def test_positional_drift_names_are_current() -> None:
    """PAL009's list of functions whose positional parameters differ between releases is the
    one the shipped API data gives (regenerate: api_positional_drift.drifted())."""
    from pallas_lsp.analysis import api_positional_drift

    assert api_positional_drift.drifted() == api_positional_drift.NAMES
