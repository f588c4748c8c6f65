"""The rule registry: one module per rule, each with ``RULE`` (its catalog entry,
including the lowering errors it predicts) and ``check(program, options)`` (its
detector). Adding a rule means one module here, its line below, and one fixture
under tests/fixtures."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from . import (
    pal001_mesh_required,
    pal002_axes_mismatch,
    pal003_layout_missing,
    pal004_layout_unsupported,
    pal005_axis_unknown,
    pal006_reduction_dtype,
    pal007_vector_width,
    pal008_api_removed,
    pal009_api_renamed,
    pal010_kernel_args,
    pal011_axes_unhashable,
    pal012_smem_transforms,
    pal013_tma_copies,
    pal014_wgmma_operands,
    pal015_barriers,
    pal016_pipeline_config,
    pal017_loop_layout,
    pal018_block_specs,
    pal019_primitive_unimplemented,
    pal020_foreign_compiler_params,
    pal021_mesh_device_order,
    pal022_shard_map_no_mesh,
    pal023_nested_shard_map_mesh,
    pal024_release_cannot_lower,
    pal025_cluster_axis_unknown,
    pal026_ref_store_mismatch,
    pal027_ref_load_size,
    pal028_shard_map_axis_names_subset,
    pal029_wgmma_instruction_limits,
    pal030_acc_store,
    pal031_scalar_layout_cast,
    pal034_set_max_registers,
    pal035_nd_loop_tiling,
    pal036_fori_loop_unroll,
    pal040_tcgen05_mma_operands,
    pal041_tmem_allocation,
    pal042_tmem_sync_access,
    pal043_gmem_ref_transforms,
    pal044_run_scoped_collective,
    pal045_semaphore_operands,
    pal046_tma_window,
    pal047_io_aliases,
    pal048_bitcast_width,
    pal049_narrow_arithmetic,
    pal050_wgmma_smem_transforms,
    pal051_register_reduction_axes,
    pal052_grid_spec_conflict,
    pal053_in_specs_sequence,
    pal054_tma_gmem_tile_remainder,
    pal055_find_swizzle_no_fit,
    pal056_swizzled_reshape_copy,
    pal057_async_store_smem_operands,
    pal058_approx_math_dtype,
    pal059_register_cast_unsupported,
    pal060_warpgroup_layout_rule_missing,
    pal061_register_array_slice,
    pal062_register_broadcast,
    pal063_enum_member_missing,
    pal064_call_signature_mismatch,
    pal065_warp_array,
    pal066_ref_union_members,
    pal067_ref_noncontiguous_index,
    pal068_debug_print_format,
    pal069_tmem_columns,
    pal070_tmem_collective_mix,
    pal071_tmem_async_ref,
    pal072_atomic_store_operands,
    pal073_compiler_params_profile,
    pal074_kernel_dimension_semantics,
)
from .base import REPOSITORY_URL, LoweringError, Rule

if TYPE_CHECKING:
    from ..model import Finding, Options
    from ..program import Program


class RuleModule(Protocol):
    RULE: Rule

    def check(self, program: Program, options: Options) -> Iterable[Finding]: ...


# In code order: the order findings are computed and lowering errors are classified.
RULES: dict[str, RuleModule] = {module.RULE.code: module for module in (
    pal001_mesh_required,
    pal002_axes_mismatch,
    pal003_layout_missing,
    pal004_layout_unsupported,
    pal005_axis_unknown,
    pal006_reduction_dtype,
    pal007_vector_width,
    pal008_api_removed,
    pal009_api_renamed,
    pal010_kernel_args,
    pal011_axes_unhashable,
    pal012_smem_transforms,
    pal013_tma_copies,
    pal014_wgmma_operands,
    pal015_barriers,
    pal016_pipeline_config,
    pal017_loop_layout,
    pal018_block_specs,
    pal019_primitive_unimplemented,
    pal020_foreign_compiler_params,
    pal021_mesh_device_order,
    pal022_shard_map_no_mesh,
    pal023_nested_shard_map_mesh,
    pal024_release_cannot_lower,
    pal025_cluster_axis_unknown,
    pal026_ref_store_mismatch,
    pal027_ref_load_size,
    pal028_shard_map_axis_names_subset,
    pal029_wgmma_instruction_limits,
    pal030_acc_store,
    pal031_scalar_layout_cast,
    pal034_set_max_registers,
    pal035_nd_loop_tiling,
    pal036_fori_loop_unroll,
    pal040_tcgen05_mma_operands,
    pal041_tmem_allocation,
    pal042_tmem_sync_access,
    pal043_gmem_ref_transforms,
    pal044_run_scoped_collective,
    pal045_semaphore_operands,
    pal046_tma_window,
    pal047_io_aliases,
    pal048_bitcast_width,
    pal049_narrow_arithmetic,
    pal050_wgmma_smem_transforms,
    pal051_register_reduction_axes,
    pal052_grid_spec_conflict,
    pal053_in_specs_sequence,
    pal054_tma_gmem_tile_remainder,
    pal055_find_swizzle_no_fit,
    pal056_swizzled_reshape_copy,
    pal057_async_store_smem_operands,
    pal058_approx_math_dtype,
    pal059_register_cast_unsupported,
    pal060_warpgroup_layout_rule_missing,
    pal061_register_array_slice,
    pal062_register_broadcast,
    pal063_enum_member_missing,
    pal064_call_signature_mismatch,
    pal065_warp_array,
    pal066_ref_union_members,
    pal067_ref_noncontiguous_index,
    pal068_debug_print_format,
    pal069_tmem_columns,
    pal070_tmem_collective_mix,
    pal071_tmem_async_ref,
    pal072_atomic_store_operands,
    pal073_compiler_params_profile,
    pal074_kernel_dimension_semantics,
)}


def catalog() -> dict[str, Rule]:
    return {code: module.RULE for code, module in RULES.items()}


__all__ = ["REPOSITORY_URL", "RULES", "LoweringError", "Rule", "catalog"]
