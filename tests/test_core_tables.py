"""The analysis core's tables of JAX knowledge: ops, versions, dtypes, the rule catalog."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import jax_calls
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
    MEASURED,
    NEWEST_KNOWN_JAX,
    PALLAS_CALL_MOSAIC_GPU_GONE,
    USE_ABSTRACT_MESH,
    default_semantics,
    format_jax_version,
    holds,
    is_measured,
    measured_list,
    parse_jax_version,
)


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
    assert not set(jax_calls.HANDLERS) & RECORDED_BY_PARAMS


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


def test_release_boundaries() -> None:
    assert not holds(PALLAS_CALL_MOSAIC_GPU_GONE, (0, 10, 2))
    assert holds(PALLAS_CALL_MOSAIC_GPU_GONE, (0, 11, 0))
    assert holds(ABSTRACT_MESH_IN_SHARD_MAP, (0, 11, 2))
    assert not holds(ABSTRACT_MESH_IN_SHARD_MAP, (0, 12, 0, 1))
    # 0.10 takes both spellings of plgpu.kernel's output type; 0.9 and 0.11 one each.
    assert [holds(KERNEL_OUT_SHAPE, v) for v in ((0, 9, 2), (0, 10, 2), (0, 11, 0))] == [
        True, True, False]
    assert [holds(KERNEL_OUT_TYPE, v) for v in ((0, 9, 2), (0, 10, 2), (0, 11, 0))] == [
        False, True, True]
    assert not holds(USE_ABSTRACT_MESH, (0, 10, 2)) and holds(USE_ABSTRACT_MESH, (0, 11))


def test_measured_releases() -> None:
    assert MEASURED[-1].version == NEWEST_KNOWN_JAX
    assert list(MEASURED) == sorted(MEASURED, key=lambda m: m.version)
    assert is_measured((0, 10, 2)) and is_measured((0, 10, 2, 0)) and not is_measured((0, 11, 2))
    assert measured_list().split(", ")[-1] == format_jax_version(NEWEST_KNOWN_JAX)


def test_dtype_tables_agree() -> None:
    assert set(DTYPE_ALIASES.values()) - {"bool"} == set(DTYPE_BITS)
    assert set(DTYPE_BITS) >= FLOATS and set(DTYPE_BITS) >= NARROW_INTS
    assert all(DTYPE_BITS[d] < 32 for d in NARROW_INTS)


def test_every_rule_owns_the_lowering_errors_it_predicts() -> None:
    assert list(RULES) == sorted(RULES)
    for rule in catalog().values():
        assert rule.lowering_errors, rule.code
