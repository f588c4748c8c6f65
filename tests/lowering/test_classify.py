"""classify(): measured JAX messages (jax-facts.md) to rule classes and codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pallas_lsp.lowering.classify import CLASS_TO_CODE, classify


@pytest.mark.parametrize(
    ("exc_type", "message", "version", "cls"),
    [
        ("ValueError", "JAX device mesh is required by multimem_load_reduce, but not defined.",
         "0.10.2", "mesh_required"),
        ("ValueError", "JAX device mesh is required by multicast copies, but not defined.",
         "0.12.0.1", "mesh_required"),
        ("ValueError", "collective_axes requires a mesh context", "0.12.0.1", "mesh_required"),
        ("NotImplementedError", "Only collective_axes that include all JAX device mesh "
         "(('data', 'model')) axes are supported, but got ('data',)", "0.10.2", "axes_mismatch"),
        ("ValueError", "collective_axes ('x',) must equal entire mesh axes ('x', 'y')",
         "0.12.0.1", "axes_mismatch"),
        ("RuntimeError", "Failed to infer the output layout of multimem_load_reduce. Please "
         "apply plgpu.layout_cast to its output right after its creation.", "0.10.2",
         "layout_missing"),
        ("RuntimeError", "Failed to infer the output layout of the iota", "0.12.0.1",
         "layout_missing"),
        ("ValueError", "Only tiled and WG strided layouts are supported by multimem_load_reduce, "
         "but got WGSplatFragLayout(shape=(128, 128))", "0.10.2", "layout_unsupported"),
        ("VerificationError", "Pallas encountered an internal verification error. ... Error "
         "details: 'mosaic_gpu.layout_cast' op attribute 'new_layout' failed to satisfy "
         "constraint", "0.12.0.1", "layout_unsupported"),
        ("MLIRError", "Verification failed:\nerror: \"layout_cast:\"(...): "
         "'mosaic_gpu.layout_cast' op attribute 'new_layout' failed", "0.10.2",
         "layout_unsupported"),
        ("NameError", "unbound axis name: z", "0.10.2", "axis_unknown"),
        ("NameError", "Found an unbound axis name: z. To fix this, please call axis_index "
         "under `jax.shard_map`.", "0.12.0.1", "axis_unknown"),
        ("LookupError", "Axis batch does not refer to a GPU mesh axis or a JAX mesh axis",
         "0.12.0.1", "axis_unknown"),
        ("LookupError", "No axis names are available", "0.12.0.1", "axis_unknown"),
        ("ValueError", "Only add is supported for f32", "0.10.2", "reduction_dtype"),
        ("ValueError", "Only add, min and max are supported for floats", "0.12.0.1",
         "reduction_dtype"),
        ("ValueError", "Unsupported integer reduction op: sum", "0.12.0.1", "reduction_dtype"),
        ("ValueError", "Unsupported reduction operation: sum", "0.10.2", "reduction_dtype"),
        ("VerificationError", "... Only Add is supported for F32 source type.", "0.12.0.1",
         "reduction_dtype"),
        ("VerificationError", "... Only Add, Max and Min reductions are supported on float "
         "source.", "0.12.0.1", "reduction_dtype"),
        ("MLIRError", "Verification failed: Only supported 32 and 64 bit integer operations",
         "0.10.2", "reduction_dtype"),
        ("ValueError", "Only 32-, 64- and 128-bit loads are supported", "0.12.0.1",
         "vector_width"),
        ("ValueError", "input_output_aliases contains the mapping '2:0' with input index 2 "
         "outside the range [0, 2)", "0.10.2", "io_aliases"),
        ("ValueError", "input_output_aliases contains the mapping '0:1' with output index 1 "
         "outside the range [0, 1)", "0.12.0.1", "io_aliases"),
        ("ValueError", "input_output_aliases contains the mapping '1:0' referring to input[1] "
         "with abstract value int32[128] and to output with a different abstract value "
         "float32[128].", "0.8.3", "io_aliases"),
        ("NotImplementedError", "Cannot bitcast from float32 to int16 because they have "
         "different widths", "0.12.0.1", "bitcast_width"),
        ("NotImplementedError", "Pointwise operations on 8-bit types are unsupported (except "
         "bitwise operations). Upcast to a 16- or 32-bit type before performing the operation.",
         "0.10.2", "narrow_arithmetic"),
        ("ValueError", "If `grid_spec` is specified, then `grid` must be `()`. It is (1,)",
         "0.12.0.1", "grid_spec_conflict"),
        ("ValueError", "If `grid_spec` is specified, then `in_specs` must be `no_block_spec`. "
         "It is None", "0.8.3", "grid_spec_conflict"),
        ("ValueError", "`in_specs` must be a tuple or a list. Found: None", "0.12.0.1",
         "in_specs_sequence"),
        # The texts measured on the pal054 - pal057 fixtures.
        ("ValueError", "When no rounding mode is specified, dimension 0 must have size smaller "
         "or a multiple of its tiling 8, but got 100", "0.8.3", "tma_gmem_tile_remainder"),
        ("ValueError", "No valid out swizzle for lhs: minor dimension has 96 bits, which is not "
         "a multiple of 128 (16 bytes)", "0.12.0.1", "find_swizzle_no_fit"),
        ("ValueError", "Async copies with swizzle=<SwizzlingMode.k128ByteSwizzle: 128> require "
         "the last dimension of the slice to be exactly k128ByteSwizzle bytes i.e.  64 elements, "
         "but got 32 elements.", "0.12.0.1", "swizzled_reshape_copy"),
        ("ValueError", "Reshape shape (64, 2, 32) is not divisible by swizzle elements 64",
         "0.8.3", "swizzled_reshape_copy"),
        ("TypeError", "The stored value has shape (128,), but the target reference has shape "
         "(64,)", "0.10.2", "async_store_smem_operands"),
        ("AssertionError", "AssertionError()", "0.12.0.1", "api_removed"),
        ("AssertionError", "", "0.12.0.1", "api_removed"),
        ("AssertionError", "AssertionError()", "0.11.2", "api_removed"),
        # PAL012 (a tiling that does not divide its buffer) and PAL074 before 0.11.2, each at
        # its own raise site; where the site is not known the first in code order
        # (test_a_bare_assertion_is_claimed_at_its_site_only).
        ("AssertionError", "AssertionError()", "0.10.2", "smem_transforms"),
        ("AssertionError", "shapes differ", "0.12.0.1", "other"),
        ("TypeError", "unsupported operand", "0.12.0.1", "other"),
        # PAL009, measured on 0.12.0.1, 0.10.2 and 0.8.3 (tests/fixtures/single/kernel_*.py).
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'out_shape'",
         "0.12.0.1", "api_renamed"),
        ("TypeError", "kernel() takes from 0 to 1 positional arguments but 2 were given",
         "0.12.0.1", "api_renamed"),
        ("TypeError", "kernel() missing 1 required positional argument: 'out_shape'", "0.8.3",
         "api_renamed"),
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'scratch_types'",
         "0.8.3", "api_renamed"),
        ("AttributeError", "module 'jax' has no attribute 'use_abstract_mesh'", "0.10.2",
         "api_renamed"),
        # Any keyword a JAX callable's signature lacks is PAL009's (issue 27: the rule reads
        # each release's signatures, plgpu.kernel's **mesh_kwargs against plgpu.Mesh's).
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'num_warpgroups'",
         "0.12.0.1", "api_renamed"),
        ("TypeError", "my_helper(x) got an unexpected keyword argument 'k'", "0.12.0.1", "other"),
        # PAL077: branches whose outputs differ, every release (tests/fixtures/single/pal077/).
        ("TypeError", "switch branches must have equal output types but they differ.\n\nbranch 0 "
         "is branch at k.py:14", "0.12.0.1", "control_flow_types"),
        ("TypeError", "cond branch outputs must have the same pytree structure, but they differ:",
         "0.8.3", "control_flow_types"),
        ("TypeError", "Branch index must be scalar, got JitTracer(int32[1]) of shape (1,).",
         "0.10.2", "control_flow_types"),
        ("TypeError", "'function' object is not iterable", "0.12.0.1", "control_flow_types"),
        ("TypeError", "lax.switch: branches argument should be a sequence of callables.", "0.8.3",
         "control_flow_types"),
        # PAL081, measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal081/).
        ("ValueError", "Out of bound slice: start=192, size=128, stride=1, dim=256.", "0.12.0.1",
         "ref_slice_out_of_bounds"),
        ("ValueError", "Out of bound slice: start=300, dim=256.", "0.8.3", "ref_slice_out_of_bounds"),
        # PAL016: a block_shape entry that is no int (pal016/block_shape_from_asdict.py).
        ("NotImplementedError", "Unsupported block size type: <class 'str'>", "0.12.0.1", "pipeline_config"),
        # PAL079: an unpacking of another number of items (pal079/kernel_refs_unpacked_one_short.py).
        ("ValueError", "not enough values to unpack (expected 5, got 4)", "0.12.0.1", "operator_error"),
        ("ValueError", "too many values to unpack (expected 3)", "0.10.2", "operator_error"),
        # copy_gmem_to_smem given no barrier (pal013/copy_without_barrier.py): a required argument
        # before 0.11.2 (PAL009), a TMA copy's refusal from it (PAL013).
        ("TypeError", "copy_gmem_to_smem() missing 1 required positional argument: 'barrier'", "0.10.2",
         "api_renamed"),
        ("ValueError", "copy_gmem_to_smem without a barrier is only supported on pre-Hopper GPUs, which "
         "use the cp.async implementation", "0.12.0.1", "tma_copies"),
        # PAL079: two arrays whose shapes do not broadcast (pal079/array_shapes_not_broadcast.py).
        ("TypeError", "mul got incompatible shapes for broadcasting: (64, 64), (64, 32).", "0.12.0.1",
         "operator_error"),
        # PAL031: Lane's layout_cast of lax.axis_index (pal031/axis_index_cast_wgmma.py).
        ("AttributeError", "'OpResult' object has no attribute 'to_layout'", "0.10.2", "scalar_layout_cast"),
        ("AttributeError", "'jaxlib.mlir._mlir_libs._mlir.ir.OpResult' object has no attribute 'to_layout'",
         "0.8.3", "scalar_layout_cast"),
        # PAL079: lax functions given a dtype they do not take, or two dtypes
        # (pal079/lax_clz_of_float.py, pal079/lax_max_python_float_bf16.py).
        ("TypeError", "clz does not accept dtype float32. Accepted dtypes are subtypes of integer.",
         "0.12.0.1", "operator_error"),
        ("TypeError", "shift_left does not accept dtype float32 at position 0. Accepted dtypes at "
         "position 0 are subtypes of integer.", "0.10.2", "operator_error"),
        ("TypeError", "lax.max requires arguments to have the same dtypes, got bfloat16, float32. (Tip: "
         "jnp.maximum is a similar function that does automatic type promotion on inputs).", "0.12.0.1",
         "operator_error"),
        # PAL079: a float dimension, a misspelt dtype string (pal079/shape_with_float_dimension.py,
        # pal079/dtype_string_misspelt.py).
        ("TypeError", "Shapes must be 1D sequences of concrete values of integer type, got (128.0, 128).",
         "0.12.0.1", "operator_error"),
        ("TypeError", "data type 'bf16' not understood", "0.10.2", "operator_error"),
        # PAL079: an iota over a dimension the shape lacks (pal079/iota_dimension_out_of_range.py).
        ("ValueError", "iota dimension must be between 0 and len(shape), got dimension=2 for shape="
         "(128, 128)", "0.12.0.1", "operator_error"),
        # PAL079: a local read before the function binds it (pal079/nonlocal_dropped_augassign.py).
        ("UnboundLocalError", "cannot access local variable 'count' where it is not associated with a "
         "value", "0.12.0.1", "operator_error"),
        # PAL079: a dict read with a key it lacks (pal079/dict_key_missing.py); PAL083's KeyError
        # of a tuple stays PAL083's.
        ("KeyError", "'scale'", "0.12.0.1", "operator_error"),
        # PAL040: float32 tcgen05 inputs, read as tf32 (pal040/tcgen05_mma_float32_inputs.py).
        ("NotImplementedError", "Unsupported input element type: tf32", "0.12.0.1",
         "tcgen05_mma_operands"),
        # PAL005: a device_id mapping naming an axis the mesh lacks (pal005/device_id_unknown_axis.py).
        ("ValueError", "Unrecognized axes in device_id: {'ring': JitTracer(int32[])}", "0.12.0.1",
         "axis_unknown"),
        ("NotImplementedError", "Only JAX mesh axes can be used in device_id, but found {'ring': 1}",
         "0.8.3", "axis_unknown"),
        # A bare ZeroDivisionError: a program's own division (PAL079) or a cluster of 0 blocks
        # (PAL010, pal010/cluster_of_zero.py): PAL010 comes first in code order.
        ("ZeroDivisionError", "integer modulo by zero", "0.12.0.1", "kernel_args"),
        # PAL034 before 0.11.2: the MLIR verifier's refusal (pal034/set_max_registers_not_multiple.py).
        ("MLIRError", "Verification failed:\nerror: \"set_max_registers_p:\"(...): 'nvvm.setmaxregister' op "
         "new register size must be multiple of 8\n note: ...", "0.10.2", "set_max_registers"),
        # PAL059: a 32-bit array cast to bool (pal059/astype_bool_lane.py).
        ("ValueError", "Register bitwidth in target type must be divisible by 8, got 2", "0.12.0.1",
         "register_cast_unsupported"),
        # PAL020: Pallas Triton's params on a plgpu.kernel (pal020/kernel_triton_params.py).
        ("NotImplementedError", "mesh is not supported in the Triton backend", "0.10.2",
         "foreign_compiler_params"),
        # "n must be a non-negative integer": a copy wait's (PAL013) and wgmma_wait's (PAL029,
        # by its raise site); without a site, PAL013's class.
        ("ValueError", "n must be a non-negative integer, got -1", "0.12.0.1", "tma_copies"),
        # PAL084, measured on 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal084/).
        ("ValueError", "`indices` must not be longer than `shape`: indices=(0, 0), shape=(2,)",
         "0.12.0.1", "ref_index_rank"),
        ("ValueError", "Only one ellipsis is supported.", "0.10.2", "ref_index_rank"),
        # PAL003's splat multimem_store (tests/fixtures/single/pal003/multimem_store_splat.py).
        ("NotImplementedError", "Splat layout does not support multimem", "0.12.0.1", "layout_missing"),
        # PAL085, measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal085/).
        ("ValueError", "Mesh requires the ndim of its first argument (`devices`) to equal the length of "
         "its second argument (`axis_names`), but got devices.ndim == 1 and len(axis_names) == 3.",
         "0.12.0.1", "mesh_construction"),
        ("ValueError", "Number of axis names should match the number of axis_types. Got "
         "axis_names=('x', 'y') and axis_types=(Auto,)", "0.8.3", "mesh_construction"),
        # PAL029's accumulator of rows no multiple of 64 (tests/fixtures/single/pal029/acc_rows_*.py).
        ("ValueError", "WGMMA requires m and n to be multiples of 64 and 8, got 32 and 128", "0.12.0.1",
         "wgmma_instruction_limits"),
        ("VerificationError", "Pallas encountered an internal verification error. Please file a bug "
         "at https://github.com/jax-ml/jax/issues/new/choose. Error details: 'mosaic_gpu.wgmma' op "
         "The accumulator's first dimension must be a multiple of 64, but got 32.", "0.12.0.1",
         "wgmma_instruction_limits"),
        # PAL083, measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal083/).
        ("KeyError", "('Warpgroup', <PrimitiveSemantics.Warpgroup: 2>)", "0.12.0.1",
         "lowering_semantics_value"),
        ("KeyError", "(None, <PrimitiveSemantics.Warpgroup: 2>)", "0.8.3", "lowering_semantics_value"),
        # PAL082, measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal082/).
        ("ValueError", "Value dtype float32 does not match ref dtype int32", "0.12.0.1",
         "multimem_store_operands"),
        ("ValueError", "Value shape (64, 128) does not match ref shape (128, 128)", "0.10.2",
         "multimem_store_operands"),
        # PAL064: a kernel body JAX calls with more or fewer refs than it takes, measured on
        # 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (tests/fixtures/single/pal064/kernel_body_*.py).
        ("TypeError", "copy_kernel() takes 3 positional arguments but 4 were given", "0.12.0.1",
         "call_signature_mismatch"),
        ("TypeError", "kernel() missing 1 required positional argument: 'bar'", "0.10.2",
         "call_signature_mismatch"),
        # PAL020, measured (tests/fixtures/single/pal020/); 0.11.2's bare AssertionError is
        # PAL008's first (classes_of keeps both: the finding on the line says which).
        ("TypeError", "Compiler params must be a `plgpu.CompilerParams`, got <class "
         "'jax._src.pallas.mosaic.core.CompilerParams'>", "0.8.3", "foreign_compiler_params"),
        ("ValueError", "Unsupported backend: mosaic_tpu", "0.8.3", "foreign_compiler_params"),
        ("ValueError", "Cannot lower pallas_call on platform: gpu. To use Pallas on GPU, install "
         "jaxlib GPU.", "0.10.2", "foreign_compiler_params"),
        ("ValueError", "module 'jax' has no attribute 'use_abstract_mesh'", "0.10.2", "other"),
        ("ValueError", "Only 32-, 64- and 128-bit stores are supported", "0.12.0.1",
         "vector_width"),
        # PAL010, measured on 0.8.3, 0.10.2 and 0.12.0.1 (tests/fixtures/single/pal010/).
        ("ValueError", "grid_names must have the same length as grid, got Mesh(grid=(4,), "
         "grid_names=(), cluster=(), cluster_names=(), num_threads=None, thread_name=None, "
         "kernel_name=None).", "0.12.0.1", "kernel_args"),
        ("ValueError", "num_threads and thread_name must be either both set or both None, got "
         "Mesh(grid=(2,), grid_names=('blocks',))", "0.8.3", "kernel_args"),
        ("ValueError", "cluster_names must have the same length as cluster, got Mesh()", "0.10.2",
         "kernel_args"),
        ("ValueError", "cluster= must be at most 3D, got Mesh()", "0.10.2", "kernel_args"),
        ("ValueError", "Requested too many CUDA threads per block. Each Mosaic thread corresponds "
         "to 128 CUDA threads. At most 16 are supported, got Mesh()", "0.12.0.1", "kernel_args"),
        # PAL011 (tests/fixtures/single/pal011/).
        ("TypeError", "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
         "methods. In a call to primitive multimem_store, the value of parameter collective_axes "
         "was not hashable: ['x', 'y']", "0.10.2", "axes_unhashable"),
        ("TypeError", "unhashable type: 'list'", "0.12.0.1", "axes_unhashable"),
        # plgpu.kernel's compiler_params given a dict (pal011/kernel_params_as_dict).
        ("TypeError", "unhashable type: 'dict'", "0.10.2", "axes_unhashable"),
        # The kernel's shared-memory budget (pal076/scratch_over_budget).
        ("ValueError", "Mosaic GPU kernel exceeds available shared memory: smem_bytes=524296 > "
         "max_smem_bytes=232448", "0.12.0.1", "smem_budget"),
        # lax's control-flow type checks (PAL077), every release.
        ("TypeError", "Pred must be a scalar, got JitTracer(bool[1]) of shape (1,).", "0.12.0.1",
         "control_flow_types"),
        ("TypeError", "scan body function carry input and carry output must have the same pytree "
         "structure, but they differ:", "0.10.2", "control_flow_types"),
        ("TypeError", "while_loop body function carry input and carry output must have equal types, "
         "but they differ:", "0.8.3", "control_flow_types"),
        ("TypeError", "Index type must be an integer, got JitTracer(~float32[]) as float32", "0.12.0.1",
         "control_flow_types"),
        # A float grid entry given to pl.pallas_call (pal078/pallas_call_grid_float.py).
        ("ValueError", "Grid must be a tuple of integers or jax.Array, got (2.0,)", "0.10.2",
         "grid_not_int"),
        # fori_loop bounds of two dtypes (pal077/fori_bounds_float_lower.py), every release.
        ("TypeError", "lower and upper arguments to fori_loop must have equal types, got float32 and "
         "int32", "0.10.2", "control_flow_types"),
        # Python's own operator errors (pal079/*): a pl.ds Slice plus an int, a tuple plus an
        # int, an integer division by zero.
        ("TypeError", "unsupported operand type(s) for +: 'Slice' and 'int'", "0.12.0.1",
         "operator_error"),
        ("TypeError", 'can only concatenate tuple (not "int") to tuple', "0.10.2", "operator_error"),
        ("ZeroDivisionError", "integer division or modulo by zero", "0.8.3", "operator_error"),
        # A shard_map over Explicit axes given an unsharded input (pal080/*), from 0.9.1.
        ("ValueError", "in_specs passed to shard_map: P('x', None) does not match the specs of the "
         "input: P(None, None) for arg: float32[256,128]. `in_specs` is an optional argument",
         "0.12.0.1", "shard_map_explicit_input"),
        # A shard_map's in_specs naming an axis the mesh lacks (pal028/in_specs_axis_not_in_mesh).
        ("ValueError", "shard_map in_specs argument must refer to an axis marked as manual "
         "(frozenset({'y'})), but:\n\n  in_specs refers to 'x'", "0.12.0.1",
         "shard_map_axis_names_subset"),
        ("TypeError", "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
         "methods. In a call to primitive core_map, the value of parameter compiler_params was "
         "not hashable: {'approx_math': True}", "0.8.3", "axes_unhashable"),
        ("TypeError", "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
         "methods. In a call to primitive foo, the value of parameter shape was not hashable",
         "0.12.0.1", "other"),

        # PAL012, PAL013, PAL027, measured on 0.8.3 - 0.12.0.1 (tests/fixtures/single/pal012/,
        # pal013/, pal027/).
        ("ValueError", "Swizzle 96 is not supported. Only 32, 64 and 128 are accepted.", "0.12.0.1",
         "smem_transforms"),
        ("ValueError", "Swizzle 128 requires the trailing dimension to be of size 64, but got "
         "shape: (8, 4, 8, 32)", "0.10.2", "smem_transforms"),
        ("ValueError", "Expected slice start (4) and slice stop (20) to be divisible by the tile "
         "size (8)", "0.8.3", "smem_transforms"),
        ("NotImplementedError", "Tiling without swizzle is not supported.", "0.10.2",
         "smem_transforms"),
        ("NotImplementedError", "Unsupported transforms: [UntileRef(tiling=(8, 64))] "
         "([UntileRef(tiling=(8, 64))])", "0.8.3", "smem_transforms"),
        ("ValueError", "src must be a GMEM reference, got Ref<smem>{float32[256]}", "0.10.2",
         "tma_copies"),
        ("ValueError", "Expected the SMEM reference to have the same shape as the transformed "
         "slice: (128,) != (256,)", "0.8.3", "tma_copies"),
        ("ValueError", "Expected dtypes to match but src had type float32 and dst had type float16",
         "0.12.0.1", "tma_copies"),
        ("NotImplementedError", "Only copies transferring a number of bytes divisible by the "
         "warpgroup size are supported. Got bytes=32 but warpgroup size is 128", "0.10.2",
         "tma_copies"),
        ("MLIRError", "Verification failed:\nerror: 'nvvm.cp.async.bulk.wait_group' op attribute "
         "'group' failed to satisfy constraint: 32-bit signless integer attribute", "0.10.2",
         "tma_copies"),
        ("ValueError", "memref<32xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> must "
         "have a number of elements that is a multiple of 128 (got 32)", "0.10.2", "ref_load_size"),
        # PAL014, PAL015, PAL025 (docs/measurements/wgmma-barriers-clusters.md).
        ("ValueError", "Incompatible shapes for matrix multiplication: lhs=(64, 128), "
         "rhs=b.shape=(64, 128), acc=(64, 128)", "0.12.0.1", "wgmma_operands"),
        ("ValueError", "Mixed input dtypes for matrix multiplication unsupported: lhs=float16, "
         "rhs=bfloat16", "0.8.3", "wgmma_operands"),
        ("TypeError", "Expected WGMMAAbstractAccumulatorRef got Ref<smem>{float32[64,128]}",
         "0.10.2", "wgmma_operands"),
        ("ValueError", "Num arrivals must be at least 1, but got 0", "0.12.0.1", "barriers"),
        ("ValueError", "Operation is only valid for a single barrier, but barrier ref contains 2. "
         "Individual barriers can be accessed by indexing into the ref.", "0.10.2", "barriers"),
        ("LookupError", "Unknown cluster axis d, available axes: ['c']", "0.8.3",
         "cluster_axis_unknown"),
        # PAL026: the state primitive's swap check (every release).
        ("ValueError", "Invalid dtype for `swap`. Ref dtype: float16. Value dtype: float32. ",
         "0.10.2", "ref_store_mismatch"),
        ("ValueError", "Invalid shape for `swap`. Ref shape: (128, 64). Expected shape: (128, 32). "
         "Value shape: (128, 64). Transforms: (NDIndexer(...),). ", "0.12.0.1", "ref_store_mismatch"),
        # Mosaic GPU's atomic_store words its shape check without "Expected shape": PAL072's,
        # not PAL026's; and its lowering-time refusals (measured: docs/measurements/atomic-stores.md).
        ("ValueError", "Invalid shape for `swap`. Ref shape: (128,). Value shape: (8,).", "0.12.0.1",
         "atomic_store_operands"),
        ("NotImplementedError", "f32 only supports add atomics, got max", "0.10.2",
         "atomic_store_operands"),
        ("NotImplementedError", "f16/bf16 SMEM/multimem atomics only support add, got min", "0.12.0.1",
         "atomic_store_operands"),
        ("NotImplementedError", "Unsupported element type for atomic stores: i16", "0.12.0.1",
         "atomic_store_operands"),
        ("NotImplementedError", "Unsupported element type for atomic stores: f64", "0.12.0.1", "other"),
        ("NotImplementedError", "Atomic stores not supported for splat layout", "0.10.2",
         "atomic_store_operands"),
        # plgpu.kernel's unpipelined lowering (PAL074), 0.11.2 on.
        ("NotImplementedError", "dimension_semantics= is not supported by the unpipelined lowering",
         "0.12.0.1", "kernel_dimension_semantics"),
        # plgpu.CompilerParams' own check (PAL073), every release.
        ("ValueError", "Either both profile_space and profile_dir must be set, or neither.", "0.8.3",
         "compiler_params_profile"),
        # wgmma's instruction limits (PAL029), measured 0.8.3 to 0.12.0.1.
        ("ValueError", "WGMMA with element type bf16 only supports accumulators of type f32, "
         "but got: f16", "0.12.0.1", "wgmma_instruction_limits"),
        ("ValueError", "WGMMA with element type i8 only supports accumulators of type s32, but "
         "got: f32", "0.8.3", "wgmma_instruction_limits"),
        ("ValueError", "N must be a multiple of 8 and <= 256, got: 512", "0.10.2",
         "wgmma_instruction_limits"),
        ("ValueError", "Only f16 WGMMA supports transposes", "0.11.2", "wgmma_instruction_limits"),
        # wgmma's SMEM tiles under Lane (PAL050), measured 0.8.3 to 0.12.0.1.
        ("NotImplementedError", "WGMMA lhs tiling does not fit swizzle. Got tiling=(16, 64), "
         "expected (8, 64)", "0.12.0.1", "wgmma_smem_transforms"),
        ("NotImplementedError", "WGMMA rhs tiling does not fit swizzle", "0.10.2",
         "wgmma_smem_transforms"),
        ("ValueError", "WGMMA rhs has unsupported transforms: [UntilingTransform(tiling=(8, "
         "64))].", "0.11.2", "wgmma_smem_transforms"),
        # A scalar cast to a tiled layout (PAL031), Warpgroup and Lane texts.
        ("ValueError", "Only plgpu.Layout.WG_SPLAT is supported for scalar values.", "0.11.2",
         "scalar_layout_cast"),
        ("ValueError", "Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape ()",
         "0.10.2", "scalar_layout_cast"),
        # The same words for an array whose shape the tiling does not fit: not a scalar's, a
        # register layout cast's (PAL075, Lane), as Lane's relayout of a strided array.
        ("ValueError", "Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape (32, 8)",
         "0.12.0.1", "register_layout_cast"),
        ("ValueError", "Tiling ((128, 8), (32, 8), (8, 8), (2,)) does not apply to shape (256,)",
         "0.10.2", "register_layout_cast"),
        ("NotImplementedError", "Cannot convert from WGStridedFragLayout(shape=(128, 128), vec_size=4) "
         "to TiledLayout(tiling=Tiling(tiles=((64, 8), (16, 8), (8, 8), (2,))), warp_dims=(-7,), "
         "lane_dims=(-3, -2), vector_dim=-1)", "0.11.2", "register_layout_cast"),
        # An SMEM tiling transform's tile (one tile) is no register layout's.
        ("ValueError", "Tiling ((8, 64),) does not apply to shape (4, 64)", "0.12.0.1", "other"),
        # Stores into a plgpu.ACC accumulator (PAL030), measured 0.10.2 to 0.12.0.1.
        ("NotImplementedError", "Non-trivial indexing on WGMMAAbstractAccumulatorRef is not "
         "supported for stores.", "0.11.2", "acc_store"),
        ("ValueError", "Accumulator shape (64, 128) does not match value shape (64, 64)",
         "0.12.0.1", "acc_store"),
        ("ValueError", "Accumulator dtype float32 does not match value dtype float16", "0.10.2",
         "acc_store"),
        # tcgen05's accumulator shape check is another text, PAL040's or no rule's.
        ("ValueError", "Accumulator shape mismatch: expected (128, 128), got (128, 64)",
         "0.12.0.1", "other"),
        # Blackwell's tcgen05 words its N limit otherwise: not a wgmma's.
        ("ValueError", "N must be a multiple of 16, got: 72", "0.12.0.1", "other"),
        # The Blackwell texts measured in docs/measurements/blackwell-lowering.md.
        ("ValueError", "Accumulator and RHS have incompatible shapes. Accumulator: (128, 128). "
         "RHS: (128, 64).", "0.8.3", "tcgen05_mma_operands"),
        ("ValueError", "MMA barrier must have orders_tensor_core set to True.", "0.12.0.1",
         "tcgen05_mma_operands"),
        ("ValueError", "transforms are not supported for TMEM", "0.10.2", "tmem_allocation"),
        ("ValueError", "Expected the same number of in_tmem_layouts (0) as TMEM ref operands (1). "
         "op=\n  %49 = \"mosaic_gpu.vector_load\"(%38)", "0.12.0.1", "tmem_sync_access"),
        # The texts measured for PAL058 - PAL060 (their fixtures).
        ("NotImplementedError", "bf16", "0.8.3", "approx_math_dtype"),
        ("NotImplementedError", "f16", "0.12.0.1", "approx_math_dtype"),
        # sin / cos / sqrt / rsqrt / tanh under approx_math=True: a message-less
        # NotImplementedError, which the lowering report writes "NotImplementedError()".
        ("NotImplementedError", "NotImplementedError()", "0.12.0.1", "approx_math_dtype"),
        ("NotImplementedError", "", "0.8.3", "approx_math_dtype"),
        ("NotImplementedError", "Only arrays with tiled layouts can be sliced", "0.10.2",
         "register_array_slice"),
        ("NotImplementedError", "Unsupported layout: WGStridedFragLayout(shape=(128,), "
         "vec_size=1)", "0.12.0.1", "register_array_slice"),
        ("ValueError", "Incompatible FragmentedArray layouts", "0.12.0.1", "register_broadcast"),
        ("NotImplementedError", "Unsupported broadcast for WGStridedFragLayout", "0.10.2",
         "register_broadcast"),
        ("NotImplementedError", "WGStridedFragLayout(shape=(1, 128), vec_size=np.int64(1))",
         "0.8.3", "register_broadcast"),
        ("NotImplementedError", "Unsupported broadcast", "0.8.3", "register_broadcast"),
        ("NotImplementedError", "Hardware has no support for converting from bf16 to f8E4M3FN "
         "(only cast from bf16 to f16 is supported). Cast to f32 first", "0.10.2",
         "register_cast_unsupported"),
        ("NotImplementedError", "Unsupported conversion involving narrow float types: i32 to "
         "f8E4M3FN", "0.12.0.1", "register_cast_unsupported"),
        ("NotImplementedError", "Conversion between float types of width other than 16 not "
         "supported", "0.8.3", "register_cast_unsupported"),
        ("NotImplementedError", "No layout inference rule defined for %34 = math.erf %33 : "
         "vector<512xf32>", "0.12.0.1", "warpgroup_layout_rule_missing"),
        # PAL063's (its fixtures): Python 3.12's AttributeError, and 3.11's (the name alone).
        ("AttributeError", "type object 'SemaphoreType' has no attribute 'DMA'", "0.12.0.1",
         "enum_member_missing"),
        ("AttributeError", "DMA", "0.10.2", "enum_member_missing"),
        # lax's own refusal of a widening bitcast, while tracing (PAL048's, pal048/bitcast_wider_last_dim).
        ("ValueError", "Attempting to convert array of shape (16, 8) from float16 of size 16 bits "
         "to float32 of size 32, bits but 8 * 16 != 32", "0.10.2", "bitcast_width"),
        # A module's missing name stays PAL009's.
        ("AttributeError", "module 'jax' has no attribute 'use_abstract_mesh'", "0.10.2",
         "api_renamed"),
        # The texts measured for PAL065 - PAL068 (their fixtures).
        ("ValueError", "Can only load scalars in warp-level code.", "0.12.0.1", "warp_array"),
        ("LoweringError", "Can only close over scalars and Refs when using core_map with WarpMesh. "
         "Found array of shape float32[128].", "0.10.2", "warp_array"),
        ("ValueError", "The kernel function in mpmd_map _per_warp at kernel.py:17 captures "
         "non-scalar array constants [f32[128]]. You can only close over scalars and Refs; "
         "arrays must be passed to the kernel via Refs.", "0.12.0.1", "warp_array"),
        ("NotImplementedError", "All aliased Refs must have the same memory space (SMEM or TMEM). "
         "Got <generator object RefUnion.__init__.<locals>.<genexpr> at 0x7f8d36e399c0>.",
         "0.8.3", "ref_union_members"),
        ("ValueError", "Some aliased TMEM references are collective and some are not.",
         "0.12.0.1", "ref_union_members"),
        ("NotImplementedError", "Unsupported slice: Slice(start=FragmentedArray(layout="
         "WGSplatFragLayout(shape=()), is_signed=True), size=128, stride=2)", "0.12.0.1",
         "ref_noncontiguous_index"),
        ("NotImplementedError", "int_indexer_shape non-empty", "0.11.2", "ref_noncontiguous_index"),
        ("ValueError", "The format string should not contain any format specs or conversions",
         "0.12.0.1", "debug_print_format"),
        ("ValueError", "The format string should not reference arguments by position or name",
         "0.8.3", "debug_print_format"),
        ("TypeError", "The format string expects 2 arguments, but got 1", "0.10.2",
         "debug_print_format"),
        # The tensor-memory texts measured in docs/measurements/tmem-lowering.md (their fixtures).
        ("ValueError", "a_scale and b_scale must both be present or absent.", "0.8.3",
         "tcgen05_mma_operands"),
        ("ValueError", "Accumulator Ref must be collective if collective_axis is set.", "0.12.0.1",
         "tcgen05_mma_operands"),
        ("ValueError", "b_scale must be a TMEM Ref", "0.11.2", "tcgen05_mma_operands"),
        ("ValueError", "Unsupported shape: (256, 128). TMEM references must have either 128 or 64 "
         "rows, but got 256.", "0.10.2", "tmem_allocation"),
        ("ValueError", "After rounding up, got 1024 columns, exceeding the limit of 512",
         "0.12.0.1", "tmem_columns"),
        ("ValueError", "Can't mix collective and non-collective TMEM allocations within the same "
         "kernel.", "0.8.3", "tmem_collective_mix"),
        ("ValueError", "Async load only supports TMEM refs", "0.12.0.1", "tmem_async_ref"),
        ("ValueError", "Async store only supports TMEM refs", "0.10.2", "tmem_async_ref"),
        # Another op without a layout rule is not PAL060's.
        ("NotImplementedError", "No layout inference rule defined for %29 = arith.select %27, "
         "%28, %22 : vector<512xi1>", "0.12.0.1", "other"),
        # Another op's missing TMEM layouts is not a synchronous access.
        ("ValueError", "Expected the same number of in_tmem_layouts (0) as TMEM ref operands (1). "
         "op=\n  \"mosaic_gpu.tcgen05_mma\"(%1)", "0.12.0.1", "other"),
    ],
)
def test_classify(exc_type: str, message: str, version: str, cls: str) -> None:
    assert classify(exc_type, message, version) == cls


def test_every_class_has_its_contract_code() -> None:
    assert CLASS_TO_CODE == {
        "mesh_required": "PAL001",
        "axes_mismatch": "PAL002",
        "layout_missing": "PAL003",
        "layout_unsupported": "PAL004",
        "axis_unknown": "PAL005",
        "reduction_dtype": "PAL006",
        "vector_width": "PAL007",
        "api_removed": "PAL008",
        "api_renamed": "PAL009",
        "kernel_args": "PAL010",
        "axes_unhashable": "PAL011",
        "pipeline_config": "PAL016",
        "loop_layout": "PAL017",
        "block_specs": "PAL018",
        "primitive_unimplemented": "PAL019",
        "smem_transforms": "PAL012",
        "tma_copies": "PAL013",
        "wgmma_operands": "PAL014",
        "barriers": "PAL015",
        "cluster_axis_unknown": "PAL025",
        "ref_load_size": "PAL027",
        "ref_store_mismatch": "PAL026",
        "foreign_compiler_params": "PAL020",
        "mesh_device_order": "PAL021",
        "shard_map_no_mesh": "PAL022",
        "nested_shard_map_mesh": "PAL023",
        "release_cannot_lower": "PAL024",
        "shard_map_axis_names_subset": "PAL028",
        "wgmma_instruction_limits": "PAL029",
        "acc_store": "PAL030",
        "scalar_layout_cast": "PAL031",
        "register_layout_cast": "PAL075",
        "smem_budget": "PAL076",
        "control_flow_types": "PAL077",
        "grid_not_int": "PAL078",
        "operator_error": "PAL079",
        "shard_map_explicit_input": "PAL080",
        "set_max_registers": "PAL034",
        "nd_loop_tiling": "PAL035",
        "fori_loop_unroll": "PAL036",
        "tcgen05_mma_operands": "PAL040",
        "tmem_allocation": "PAL041",
        "tmem_sync_access": "PAL042",
        "gmem_ref_transforms": "PAL043",
        "run_scoped_collective": "PAL044",
        "semaphore_operands": "PAL045",
        "tma_window": "PAL046",
        "io_aliases": "PAL047",
        "bitcast_width": "PAL048",
        "narrow_arithmetic": "PAL049",
        "wgmma_smem_transforms": "PAL050",
        "register_reduction_axes": "PAL051",
        "grid_spec_conflict": "PAL052",
        "in_specs_sequence": "PAL053",
        "tma_gmem_tile_remainder": "PAL054",
        "find_swizzle_no_fit": "PAL055",
        "swizzled_reshape_copy": "PAL056",
        "async_store_smem_operands": "PAL057",
        "approx_math_dtype": "PAL058",
        "register_cast_unsupported": "PAL059",
        "warpgroup_layout_rule_missing": "PAL060",
        "register_array_slice": "PAL061",
        "register_broadcast": "PAL062",
        "enum_member_missing": "PAL063",
        "call_signature_mismatch": "PAL064",
        "warp_array": "PAL065",
        "ref_union_members": "PAL066",
        "ref_noncontiguous_index": "PAL067",
        "debug_print_format": "PAL068",
        "tmem_columns": "PAL069",
        "tmem_collective_mix": "PAL070",
        "tmem_async_ref": "PAL071",
        "atomic_store_operands": "PAL072",
        "compiler_params_profile": "PAL073",
        "kernel_dimension_semantics": "PAL074",
        "ref_slice_out_of_bounds": "PAL081",
        "multimem_store_operands": "PAL082",
        "lowering_semantics_value": "PAL083",
        "ref_index_rank": "PAL084",
        "mesh_construction": "PAL085",
        "program_id_axis": "PAL086",
        "device_id_dtype": "PAL087",
        "device_id_count": "PAL088",
        "shard_map_spec_shape": "PAL089",
    }


@given(exc_type=st.text(max_size=30), message=st.text(max_size=300),
       version=st.one_of(st.none(), st.text(max_size=12)))
def test_classify_is_total(exc_type: str, message: str, version: str | None) -> None:
    assert classify(exc_type, message, version) in {*CLASS_TO_CODE, "other"}


def test_plgpu_kernels_own_positional_refusal_belongs_to_both_rules() -> None:
    """plgpu.kernel's "kernel() takes from 0 to 1 positional arguments" and "missing ...
    'out_shape'" are PAL009's; a body's "takes 4 ... but 5" and "missing ... 'bar'" PAL064's."""
    from pallas_lsp.lowering.classify import classes_of

    assert classes_of("TypeError", "kernel() takes from 0 to 1 positional arguments but 2 were "
                      "given", "0.12.0.1") == ("api_renamed",)
    assert classes_of("TypeError", "kernel() takes 4 positional arguments but 5 were given",
                      "0.12.0.1") == ("call_signature_mismatch",)
    assert classes_of("TypeError", "kernel() missing 1 required positional argument: "
                      "'out_shape'", "0.8.3") == ("api_renamed",)
    assert classes_of("TypeError", "kernel() missing 1 required positional argument: 'bar'",
                      "0.10.2") == ("call_signature_mismatch",)


def test_a_dataclass_init_refusal_belongs_to_the_signature_rule() -> None:
    """The __init__ @dataclass writes refuses a call in CPython's words, naming Cls.__init__
    (tests/fixtures/single/pal064/dataclass_kw_only_positional.py, measured on 0.8.3, 0.10.2,
    0.11.2 and 0.12.0.1); an unexpected keyword reads as JAX's classes' do, so PAL009 claims it
    too."""
    from pallas_lsp.lowering.classify import classes_of

    assert "call_signature_mismatch" in classes_of(
        "TypeError", "Plan.__init__() takes from 2 to 3 positional arguments but 4 were given", "0.12.0.1")
    assert "call_signature_mismatch" in classes_of(
        "TypeError", "Plan.__init__() missing 1 required keyword-only argument: 'rows'", "0.10.2")
    assert classes_of("TypeError", "Plan.__init__() got an unexpected keyword argument 'colz'",
                      "0.12.0.1") == ("api_renamed", "call_signature_mismatch")


def test_a_strided_slice_belongs_to_both_rules_that_predict_it() -> None:
    """PAL012 judges shared-memory windows, PAL067 GMEM refs: the text is the same."""
    from pallas_lsp.lowering.classify import classes_of

    assert classes_of("NotImplementedError", "Strided slices not implemented", "0.12.0.1") == (
        "smem_transforms", "ref_noncontiguous_index")


def test_a_swap_dtype_text_belongs_to_the_store_and_the_atomic_store() -> None:
    """The state primitive's dtype text is Mosaic GPU's atomic store's word for word: both
    classes, PAL026's first (the finding on the line says which: PAL072 on an atomic call)."""
    from pallas_lsp.lowering.classify import classes_of

    assert classes_of("ValueError", "Invalid dtype for `swap`. Ref dtype: float16. Value dtype: float32.",
                      "0.12.0.1") == ("ref_store_mismatch", "atomic_store_operands")


def test_a_bare_assertion_belongs_to_both_rules_that_predict_it() -> None:
    from pallas_lsp.lowering.classify import classes_of

    assert classes_of("AssertionError", "AssertionError()", "0.12.0.1") == (
        "api_removed", "smem_transforms", "foreign_compiler_params", "grid_not_int", "device_id_dtype")
    assert classes_of("AssertionError", "AssertionError()", "0.10.2") == (
        "smem_transforms", "kernel_dimension_semantics", "grid_not_int")


def test_a_bare_assertion_is_claimed_at_its_site_only() -> None:
    """Before 0.11.2 a bare AssertionError is PAL074's where the pipelined lowering asserts one
    dimension semantics per grid dimension, and no rule's anywhere else JAX asserts."""
    from pallas_lsp.lowering.classify import classes_of

    here = "jax/_src/pallas/mosaic_gpu/lowering.py:lower_pipelined_jaxpr_to_module"
    assert classes_of("AssertionError", "AssertionError()", "0.10.2", here) == ("kernel_dimension_semantics",)
    assert classes_of("AssertionError", "AssertionError()", "0.10.2",
                      "jax/_src/pallas/mosaic_gpu/lowering.py:_ensure_fa") == ()
    assert classes_of("AssertionError", "AssertionError()", "0.12.0.1", here) == (
        "api_removed", "foreign_compiler_params")
    # A tile that does not divide its shared-memory buffer: PAL012's, every release from 0.10.
    tiling = "jax/_src/pallas/mosaic_gpu/core.py:TilingTransform.transform_type"
    assert classes_of("AssertionError", "AssertionError()", "0.10.2", tiling) == ("smem_transforms",)
    assert classes_of("AssertionError", "AssertionError()", "0.12.0.1", tiling) == (
        "api_removed", "smem_transforms", "foreign_compiler_params")
    # A remote ref's device id loaded as a float, asserted by _ensure_ir_value from 0.11.2:
    # PAL087's (and PAL008's / PAL020's, whose bare assertion it reads alike).
    ensure = "jax/_src/pallas/mosaic_gpu/lowering.py:_ensure_ir_value"
    assert classes_of("AssertionError", "AssertionError()", "0.12.0.1", ensure) == (
        "api_removed", "foreign_compiler_params", "device_id_dtype")
    assert classes_of("AssertionError", "AssertionError()", "0.10.2", ensure) == ()
    # A float grid entry of plgpu.kernel, asserted when its launch is traced: PAL078's.
    grid = "jax/_src/pallas/core.py:tracing_grid_env"
    assert classes_of("AssertionError", "AssertionError()", "0.10.2", grid) == ("grid_not_int",)
    assert classes_of("AssertionError", "AssertionError()", "0.8.3", grid) == ("grid_not_int",)


def test_a_bare_assertion_raised_by_the_users_file_is_the_programs_own() -> None:
    """From 0.11.2 a bare AssertionError is pl.pallas_call's refusal (PAL008 / PAL020) when JAX
    raised it; the worker says where it was raised, and the user's own `assert` is the
    program's own error (PAL079), never PAL008's."""
    from pallas_lsp.lowering.runner import parse_reply

    def first_error(raised_in_user_file: bool):
        reply = {"jax_version": "0.12.0.1", "lowered": 0, "launches": [], "errors": [
            {"exc_type": "AssertionError", "message": "AssertionError()", "line": 9,
             "file": "/k.py", "launch_line": 18, "raised_in_user_file": raised_in_user_file}]}
        return parse_reply(reply).errors[0]

    assert first_error(False).code == "PAL008"
    assert first_error(True).code == "PAL079"  # the program's own error (design.md 239)
    assert first_error(True).also == ()


def test_an_error_the_program_raised_itself_is_pal079s_where_no_text_claims_it() -> None:
    """The worker says whether the user's code (or the standard library it called straight)
    raised an error; one no rule's text claims is PAL079's, at module level too, and one a
    library raised stays of no class (design.md 239)."""
    from pallas_lsp.lowering.runner import parse_reply

    def traced(by_program: bool, exc_type: str = "ValueError", message: str = "bad rows"):
        reply = {"jax_version": "0.12.0.1", "lowered": 0, "launches": [], "errors": [
            {"exc_type": exc_type, "message": message, "line": 9, "file": "/k.py", "launch_line": 18,
             "raised_in_user_file": by_program, "raised_by_program": by_program}]}
        return parse_reply(reply).errors[0]

    def fatal(by_program: bool, message: str):
        reply = {"jax_version": "0.12.0.1", "lowered": 0, "launches": [], "errors": [], "fatal": {
            "kind": "user_code", "line": 7, "message": message, "raised_by_program": by_program}}
        return parse_reply(reply)

    assert traced(True).code == "PAL079"
    assert traced(False).cls == "other"
    # A text a rule claims keeps its rule, whoever raised it.
    assert traced(True, "TypeError", "unsupported operand type(s) for +: 'Slice' and 'int'").code == "PAL079"
    report = fatal(True, "ValueError: invalid literal for int() with base 10: '12x'")
    assert report.fatal is None and [(e.code, e.line) for e in report.errors] == [("PAL079", 7)]
    report = fatal(True, "ConfigError")  # `raise ConfigError`: no message
    assert report.fatal is None
    assert [(e.code, e.exc_type) for e in report.errors] == [("PAL079", "ConfigError")]
    report = fatal(False, "TypeError: Shapes must be 1D sequences of concrete values of integer type")
    assert report.fatal is not None and not report.errors
    report = fatal(True, "the file exited with status 2")
    assert report.fatal is not None and not report.errors


def test_the_worker_names_the_raise_site_as_the_table_spells_it(tmp_path) -> None:
    """``raised_at`` is the innermost frame's "jax/...py:qualified.name", a nested function's
    ``<locals>`` dropped (``Tiling.tile_shape.fail``), so a site-bound pattern matches it."""
    import importlib.util

    from pallas_lsp.lowering.worker import _raising_site

    module = tmp_path / "jax" / "experimental" / "mosaic" / "gpu" / "fake_fragmented.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "class Tiling:\n"
        "    def tile_shape(self, shape):\n"
        "        def fail():\n"
        "            raise ValueError(f'Tiling ((64, 8),) does not apply to shape {shape}')\n"
        "        fail()\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("fake_fragmented", module)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    try:
        loaded.Tiling().tile_shape((256,))
    except ValueError as exc:
        site = _raising_site(exc)
    assert site == "jax/experimental/mosaic/gpu/fake_fragmented.py:Tiling.tile_shape.fail"
    assert _raising_site(ValueError("never raised")) == ""


def test_a_followed_librarys_own_raise_reached_from_the_program_is_the_programs(tmp_path) -> None:
    """An exception raised by installed code the analysis follows from source (JAX's
    ``pallas/ops``, a package that is not JAX's or NumPy's), with only that library's and the
    standard library's frames between the raise and the program's file, is the program's own
    (PAL079 predicts it on the program's call), JAX's transformations between them too; one
    raised in JAX's core is not (design.md 320)."""
    import importlib.util

    from pallas_lsp.lowering.worker import _Check

    packages = tmp_path / "lib" / "python3.12" / "site-packages"

    def module(relative: str, text: str) -> object:
        path = packages / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
        return loaded

    core = module("jax/_src/fake_core.py", "def check(n):\n    raise ValueError(f'core {n}')\n\n\n"
                  "def jit_call(f, *args):\n    return f(*args)\n")
    gather = module("jax/experimental/pallas/ops/gpu/fake_gather.py",
                    "def gather(n, core=None):\n"
                    "    if core is not None:\n        core.check(n)\n"
                    "    raise NotImplementedError(f'tile {n}')\n")
    helper = module("userlib/tiles.py", "def tiles(n):\n    raise ValueError(f'rows {n}')\n")
    user = tmp_path / "project" / "k.py"
    user.parent.mkdir()
    user.write_text("def run(f, *args):\n    return f(*args)\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("k", user)
    assert spec is not None and spec.loader is not None
    program = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(program)
    check = _Check(str(user))

    def raised(*call: object) -> BaseException:
        try:
            program.run(*call)
        except Exception as exc:
            return exc
        raise AssertionError("nothing raised")

    assert check.raised_by_program(raised(gather.gather, 8))
    assert check.raised_by_program(raised(helper.tiles, 8))
    # JAX's transformations between the program and the library (jax.jit, custom_vjp).
    assert check.raised_by_program(raised(core.jit_call, gather.gather, 8))
    assert not check.raised_by_program(raised(gather.gather, 8, core))
    assert not check.raised_by_program(raised(core.check, 8))
    # Caught at the program's own jitted call (the worker's launch): its frames lie above.
    assert check.raised_by_program(_bare(gather.gather, 8), True)
    assert not check.raised_by_program(_bare(gather.gather, 8))
    assert not check.raised_by_program(_bare(core.check, 8), True)


def _bare(f: object, *args: object) -> BaseException:
    """The exception ``f(*args)`` raises, its traceback starting at this frame (no program's)."""
    try:
        f(*args)  # type: ignore[operator]
    except Exception as exc:
        return exc
    raise AssertionError("nothing raised")
