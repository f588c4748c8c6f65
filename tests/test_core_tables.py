"""The analysis core's tables of JAX knowledge: ops, versions, dtypes, the rule catalog."""

from __future__ import annotations

import json

import pytest
from pallas_lsp.analysis import arrays, jax_calls
from pallas_lsp.analysis.dtypes import DTYPE_ALIASES, DTYPE_BITS, FLOATS, NARROW_INTS
from pallas_lsp.analysis.ops import (
    COLLECTIVE_OPS,
    HOVERED_OPS,
    OPS,
    RECORDED_BY_PARAMS,
    WRAPS_STRINGS,
    string_is_one_name,
)
from pallas_lsp.analysis.rules import RULES, catalog
from pallas_lsp.analysis.versions import (
    ABSTRACT_MESH_IN_SHARD_MAP,
    KERNEL_OUT_SHAPE,
    KERNEL_OUT_TYPE,
    LANE_INTEGER_VECTORS,
    MAKE_MESH_AXIS_SIZES,
    MEASURED,
    MULTICAST_COPY_SEVERAL_AXES,
    NEWEST_KNOWN_JAX,
    PALLAS_CALL_MOSAIC_GPU_GONE,
    USE_ABSTRACT_MESH,
    WARPGROUP_DEFAULT,
    WARPGROUP_MULTIMEM,
    Fact,
    default_semantics,
    format_jax_version,
    holds,
    parse_jax_version,
    rules_release,
)
from support import REPO


def test_the_string_axis_trap_is_the_multimem_ops_only() -> None:
    # jax-facts.md: multimem_store / multimem_load_reduce take set() of a string's letters.
    assert {n for n in COLLECTIVE_OPS if not string_is_one_name(n)} == {
        "plgpu.multimem_store", "plgpu.multimem_load_reduce"}
    assert set(WRAPS_STRINGS) == {"plgpu.semaphore_signal_multicast", "plgpu.copy_smem_to_gmem"}


def test_ops_recorded_by_their_parameters_have_distinct_positions() -> None:
    for name in RECORDED_BY_PARAMS:
        positions = [p.position for p in OPS[name].params if p.position is not None]
        assert positions == sorted(set(positions)), name
    # copy_smem_to_gmem is recorded from its multicast_ref destination, by its own model.
    assert "plgpu.copy_smem_to_gmem" not in RECORDED_BY_PARAMS
    assert "plgpu.copy_smem_to_gmem" in jax_calls.HANDLERS


def test_every_hovered_op_says_what_it_does() -> None:
    assert set(HOVERED_OPS) == {"plgpu.multimem_store", "plgpu.multimem_load_reduce",
                                "plgpu.semaphore_signal_multicast", "lax.axis_index",
                                "lax.axis_size"}
    assert all(OPS[name].hover for name in HOVERED_OPS)


def test_modelled_calls_are_keyed_by_their_jax_name() -> None:
    assert all("." in name for name in jax_calls.HANDLERS)
    # A recorded op has a handler only where it is an array (lax.iota, lax.broadcasted_iota):
    # its value, in a kernel body (after the op is recorded) and around one.
    assert set(jax_calls.HANDLERS) & RECORDED_BY_PARAMS == arrays.VALUED_OPS


@pytest.mark.parametrize(("text", "version"), [
    ("0.12.0.1", (0, 12, 0, 1)), ("0.11.0.dev2", (0, 11, 0)), ("0.10.2rc1", (0, 10, 2)),
    (" 0.8.3 ", (0, 8, 3)),
])
def test_parse_jax_version(text: str, version: tuple[int, ...]) -> None:
    assert parse_jax_version(text) == version
    assert parse_jax_version(format_jax_version(version)) == version


@pytest.mark.parametrize("text", ["", "0", "jax", "x.1"])
def test_parse_jax_version_refuses_what_is_no_version(text: str) -> None:
    with pytest.raises(ValueError, match="not a JAX version"):
        parse_jax_version(text)


@pytest.mark.parametrize(("version", "semantics"), [
    ((0, 8, 3), "Lane"), ((0, 10, 2), "Lane"), ((0, 11), "Warpgroup"), ((0, 11, 0), "Warpgroup"),
    ((0, 12, 0, 1), "Warpgroup"),
])
def test_default_semantics(version: tuple[int, ...], semantics: str) -> None:
    assert default_semantics(version) == semantics


# Each version fact, the fixture or probe whose recorded lowering shows it, and what
# that lowering looks like on a release where the fact holds.
MEASUREMENTS = json.loads((REPO / "docs" / "measurements" / "jax-releases.json").read_text())
FACT_EVIDENCE = {
    WARPGROUP_DEFAULT: ("default_semantics_no_layout.py", lambda kinds: "PAL003" not in kinds),
    WARPGROUP_MULTIMEM: ("warpgroup_explicit_no_layout_ok.py", lambda kinds: not kinds),
    LANE_INTEGER_VECTORS: ("reduce_int32_bitwise_ok.py", lambda kinds: not kinds),
    MULTICAST_COPY_SEVERAL_AXES: ("multicast_copy_ok.py", lambda kinds: not kinds),
    PALLAS_CALL_MOSAIC_GPU_GONE: ("pallas_call_lane_ok.py", lambda kinds: kinds == {"PAL008"}),
    ABSTRACT_MESH_IN_SHARD_MAP: ("abstract_mesh.py", lambda kinds: not kinds),
    KERNEL_OUT_SHAPE: ("kernel_out_shape.py", lambda kinds: not kinds),
    KERNEL_OUT_TYPE: ("kernel_out_type.py", lambda kinds: not kinds),
    USE_ABSTRACT_MESH: ("use_abstract_mesh.py", lambda kinds: not kinds),
    MAKE_MESH_AXIS_SIZES: ("make_mesh_axis_sizes.py", lambda kinds: not kinds),
}


@pytest.mark.parametrize("fact", FACT_EVIDENCE, ids=lambda f: f.what)
def test_each_version_fact_is_what_lowering_recorded(fact: Fact) -> None:
    """Every release the data file holds (but those that cannot lower these kernels at
    all) agrees with the fact's range: the version table is the measurement."""
    fixture, when_it_holds = FACT_EVIDENCE[fact]
    unlowerable = {m.version for m in MEASURED if m.unlowerable}
    for name, release in MEASUREMENTS["releases"].items():
        version = parse_jax_version(name)
        if version in unlowerable:
            continue
        kinds = {e["code"] or e["exc_type"] for e in release["fixtures"][fixture]["errors"]}
        assert when_it_holds(kinds) == holds(fact, version), f"{fact.what} on {name}: {kinds}"


def test_every_measured_release_is_in_the_data_file() -> None:
    assert [parse_jax_version(v) for v in MEASUREMENTS["releases"]] == [m.version for m in MEASURED]


def test_measured_releases() -> None:
    assert MEASURED[-1].version == NEWEST_KNOWN_JAX
    assert list(MEASURED) == sorted(MEASURED, key=lambda m: m.version)
    assert rules_release((0, 10, 2)) == ((0, 10, 2), None)
    assert rules_release((0, 10, 2, 0))[1] is None
    nearest, note = rules_release((0, 10, 3))
    assert nearest == (0, 10, 2) and "nearest measured release" in (note or "")
    assert rules_release((0, 13))[0] == NEWEST_KNOWN_JAX
    assert rules_release((0, 8, 1))[0] == MEASURED[0].version
    assert "Multicast lowering with collective metadata" in (rules_release((0, 9, 2))[1] or "")


def test_dtype_tables_agree() -> None:
    assert set(DTYPE_ALIASES.values()) - {"bool"} == set(DTYPE_BITS)
    assert set(DTYPE_BITS) >= FLOATS and set(DTYPE_BITS) >= NARROW_INTS
    assert all(DTYPE_BITS[d] < 32 for d in NARROW_INTS)


def test_every_rule_owns_the_lowering_errors_it_predicts() -> None:
    assert list(RULES) == sorted(RULES)
    for rule in catalog().values():
        assert rule.lowering_errors, rule.code
        for error in rule.lowering_errors:
            # Compiled at first use (rules/base.py): each must compile.
            assert error.regex.pattern == error.pattern, rule.code
