"""Generate one probe file per case."""
import textwrap, pathlib
HEAD = '''import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

F16 = jnp.float16
def T(dtype=F16, swizzle=128, tile=None):
    elems = 8 * swizzle // (jnp.dtype(dtype).itemsize * 8)
    return (plgpu.TilingTransform((8, tile or elems)), plgpu.SwizzleTransform(swizzle))

'''
CASES = {}
def case(name, body):
    CASES[name] = HEAD + textwrap.dedent(body)

# ---- wgmma ----
WG = '''
def make(a_shape, b_shape, acc_shape, a_dtype=F16, b_dtype=F16, acc_dtype=jnp.float32, a_t=None, b_t=None, acc_kind="ACC"):
    def kernel(o_ref, a_smem, b_smem):
        def scope(acc_ref):
            plgpu.wgmma(acc_ref, a_smem, b_smem)  # WGMMA-LINE
            return acc_ref[...]
        o_ref[...] = pl.run_scoped(scope, plgpu.ACC(acc_shape, acc_dtype))
    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(acc_shape, acc_dtype),
        scratch_types=[plgpu.SMEM(a_shape, a_dtype, transforms=a_t if a_t is not None else T(a_dtype)),
                       plgpu.SMEM(b_shape, b_dtype, transforms=b_t if b_t is not None else T(b_dtype))])
'''
case("wg_ok", WG + "print(jax.jit(make((64,128),(128,128),(64,128)))())\n")
case("wg_shape_k", WG + "print(jax.jit(make((64,128),(64,128),(64,128)))())\n")
case("wg_shape_n", WG + "print(jax.jit(make((64,128),(128,128),(64,256)))())\n")
case("wg_shape_m", WG + "print(jax.jit(make((64,128),(128,128),(128,128)))())\n")
case("wg_mixed", WG + "print(jax.jit(make((64,128),(128,128),(64,128), b_dtype=jnp.bfloat16))())\n")
case("wg_acc_f16", WG + "print(jax.jit(make((64,128),(128,128),(64,128), acc_dtype=jnp.float16))())\n")
case("wg_acc_bf16", WG + "print(jax.jit(make((64,128),(128,128),(64,128), acc_dtype=jnp.bfloat16))())\n")
case("wg_tile_bad", WG + "print(jax.jit(make((64,128),(128,128),(64,128), a_t=T(F16, 128, 32)))())\n")
case("wg_tile_bad_rhs", WG + "print(jax.jit(make((64,128),(128,128),(64,128), b_t=T(F16, 128, 32)))())\n")
case("wg_swz_mismatch", WG + "print(jax.jit(make((64,128),(128,128),(64,128), b_t=T(F16, 64)))())\n")
case("wg_no_transforms", WG + "print(jax.jit(make((64,128),(128,128),(64,128), a_t=()))())\n")
case("wg_acc_smem", '''
def kernel(o_ref, a_smem, b_smem, acc_smem):
    plgpu.wgmma(acc_smem, a_smem, b_smem)  # WGMMA-LINE
    o_ref[...] = acc_smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64,128), jnp.float32),
    scratch_types=[plgpu.SMEM((64,128), F16, transforms=T()), plgpu.SMEM((128,128), F16, transforms=T()),
                   plgpu.SMEM((64,128), jnp.float32)])
print(jax.jit(f)())
''')
case("wg_acc_out", '''
def kernel(o_ref, a_smem, b_smem):
    plgpu.wgmma(o_ref, a_smem, b_smem)  # WGMMA-LINE
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64,128), jnp.float32),
    scratch_types=[plgpu.SMEM((64,128), F16, transforms=T()), plgpu.SMEM((128,128), F16, transforms=T())])
print(jax.jit(f)())
''')
case("wg_acc_scratch_ok", '''
def kernel(o_ref, a_smem, b_smem, acc):
    plgpu.wgmma(acc, a_smem, b_smem)  # WGMMA-LINE
    o_ref[...] = acc[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64,128), jnp.float32),
    scratch_types=[plgpu.SMEM((64,128), F16, transforms=T()), plgpu.SMEM((128,128), F16, transforms=T()),
                   plgpu.ACC((64,128), jnp.float32)])
print(jax.jit(f)())
''')
case("wg_pallas_call_gmem_in", '''
def kernel(a_ref, b_ref, o_ref):
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_ref, b_ref)  # WGMMA-LINE
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
f = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((64,128), jnp.float32),
    in_specs=[plgpu.BlockSpec(transforms=T()), plgpu.BlockSpec(transforms=T())],
    compiler_params=plgpu.CompilerParams())
print(jax.jit(f)(jnp.ones((64,128), F16), jnp.ones((128,128), jnp.bfloat16)))
''')
case("wg_pallas_call_mixed_nospec", '''
def kernel(a_ref, b_ref, o_ref):
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_ref, b_ref)  # WGMMA-LINE
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
f = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((64,128), jnp.float32),
    compiler_params=plgpu.CompilerParams())
print(jax.jit(f)(jnp.ones((64,128), F16), jnp.ones((128,128), jnp.bfloat16)))
''')
case("wg_gmem_kernel", '''
def kernel(a_ref, b_ref, o_ref):
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_ref, b_ref)  # WGMMA-LINE
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64,128), jnp.float32))
print(jax.jit(f)(jnp.ones((64,128), F16), jnp.ones((128,128), F16)))
''')
# ---- barriers ----
BAR = '''
def make(barrier):
    def kernel(x_ref, o_ref, smem, bar):
        plgpu.copy_gmem_to_smem(x_ref, smem, bar)  # COPY-LINE
        plgpu.barrier_wait(bar)
        o_ref[...] = smem[...]
    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
        scratch_types=[plgpu.SMEM((128,128), jnp.float32), barrier])  # KERNEL-LINE
x = jnp.ones((128,128), jnp.float32)
'''
case("bar_ok", BAR + "print(jax.jit(make(plgpu.Barrier(num_arrivals=1)))(x))\n")
case("bar_zero_host", BAR + "print(jax.jit(make(plgpu.Barrier(num_arrivals=0)))(x))\n")
case("bar_zero_in_jit", BAR + '''
@jax.jit
def run(x):
    return make(plgpu.Barrier(num_arrivals=0))(x)  # BARRIER-LINE
print(run(x))
''')
case("bar_array_ok", '''
def kernel(x_ref, o_ref, smem, bars):
    plgpu.copy_gmem_to_smem(x_ref, smem, bars.at[1])
    plgpu.barrier_wait(bars.at[1])
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=2)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("bar_array_unindexed", '''
def kernel(x_ref, o_ref, smem, bars):
    plgpu.copy_gmem_to_smem(x_ref, smem, bars)  # COPY-LINE
    plgpu.barrier_wait(bars)  # WAIT-LINE
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=2)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("bar_wait_unindexed", '''
def kernel(x_ref, o_ref, smem, bars):
    plgpu.copy_gmem_to_smem(x_ref, smem, bars.at[0])
    plgpu.barrier_wait(bars)  # WAIT-LINE
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=2)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("bar_index_float", '''
def kernel(x_ref, o_ref, smem, bars):
    plgpu.copy_gmem_to_smem(x_ref, smem, bars.at[1.0])  # COPY-LINE
    plgpu.barrier_wait(bars.at[1])
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=2)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("bar_index_stride", '''
def kernel(x_ref, o_ref, smem, bars):
    b = bars.at[0:4:2]
    plgpu.copy_gmem_to_smem(x_ref, smem, b.at[0])  # COPY-LINE
    plgpu.barrier_wait(bars.at[0])
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=4)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("bar_index_traced", '''
def kernel(x_ref, o_ref, smem, bars):
    i = lax.axis_index("b")
    plgpu.copy_gmem_to_smem(x_ref, smem, bars.at[i])
    plgpu.barrier_wait(bars.at[i])
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32), grid=(2,), grid_names=("b",),
    scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier(num_barriers=2)])
print(jax.jit(f)(jnp.ones((128,128), jnp.float32)))
''')
case("cbar_zero", '''
def kernel(o_ref, bar):
    plgpu.barrier_arrive(bar)
    plgpu.barrier_wait(bar)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",),
    scratch_types=[plgpu.ClusterBarrier(collective_axes=("c",), num_arrivals=0)])  # KERNEL-LINE
print(jax.jit(f)())
''')
case("cbar_ok", '''
def kernel(o_ref, bar):
    plgpu.barrier_arrive(bar)
    plgpu.barrier_wait(bar)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",),
    scratch_types=[plgpu.ClusterBarrier(collective_axes=("c",))])
print(jax.jit(f)())
''')
case("cbar_axis_unknown", '''
def kernel(o_ref, bar):
    plgpu.barrier_arrive(bar)  # ARRIVE-LINE
    plgpu.barrier_wait(bar)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",),
    scratch_types=[plgpu.ClusterBarrier(collective_axes=("d",))])  # KERNEL-LINE
print(jax.jit(f)())
''')
case("cbar_grid_axis", '''
def kernel(o_ref, bar):
    plgpu.barrier_arrive(bar)  # ARRIVE-LINE
    plgpu.barrier_wait(bar)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), grid=(2,), grid_names=("g",), cluster=(2,), cluster_names=("c",),
    scratch_types=[plgpu.ClusterBarrier(collective_axes=("g",))])  # KERNEL-LINE
print(jax.jit(f)())
''')
case("cbar_wait_only_unknown", '''
def kernel(o_ref, bar):
    plgpu.barrier_wait(bar)  # WAIT-LINE
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",),
    scratch_types=[plgpu.ClusterBarrier(collective_axes=("d",))])  # KERNEL-LINE
print(jax.jit(f)())
''')
# ---- clusters: multicast copy ----
CL = '''
def make(axes, cluster=(2,), names=("c",), grid=(), grid_names=(), partitioned_axis=None):
    def kernel(x_ref, o_ref, smem, bar):
        kw = {} if partitioned_axis is None else dict(partitioned_axis=partitioned_axis)
        plgpu.copy_gmem_to_smem(x_ref, smem, bar, collective_axes=axes, **kw)  # COPY-LINE
        plgpu.barrier_wait(bar)
        o_ref[...] = smem[...]
    return plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,128), jnp.float32),
        cluster=cluster, cluster_names=names, grid=grid, grid_names=grid_names,
        scratch_types=[plgpu.SMEM((128,128), jnp.float32), plgpu.Barrier()])
x = jnp.ones((128,128), jnp.float32)
'''
case("cl_ok", CL + "print(jax.jit(make('c'))(x))\n")
case("cl_ok_tuple", CL + "print(jax.jit(make(('c',)))(x))\n")
case("cl_axis_unknown", CL + "print(jax.jit(make('d'))(x))\n")
case("cl_axis_grid", CL + "print(jax.jit(make('g', grid=(2,), grid_names=('g',)))(x))\n")
case("cl_two_axes", CL + "print(jax.jit(make(('c','d'), cluster=(2,2), names=('c','d')))(x))\n")
case("cl_two_axes_partitioned", CL + "print(jax.jit(make(('c','d'), cluster=(2,2), names=('c','d'), partitioned_axis=0))(x))\n")
case("cl_partitioned_ok", CL + "print(jax.jit(make('c', partitioned_axis=0))(x))\n")
case("cl_partitioned_size4", CL + "print(jax.jit(make('c', cluster=(4,), partitioned_axis=0))(x))\n")
case("cl_partitioned_not_last", CL + "print(jax.jit(make('c', cluster=(2,2), names=('c','d'), partitioned_axis=0))(x))\n")
case("cl_no_cluster", CL + "print(jax.jit(make('c', cluster=(), names=()))(x))\n")
case("cl_axis_index", '''
def kernel(o_ref):
    o_ref[...] = jnp.full((128,), lax.axis_index("c"), jnp.int32)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.int32), cluster=(2,), cluster_names=("c",))
print(jax.jit(f)())
''')
case("cl_axis_index_unknown", '''
def kernel(o_ref):
    o_ref[...] = jnp.full((128,), lax.axis_index("d"), jnp.int32)  # AXIS-LINE
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.int32), cluster=(2,), cluster_names=("c",))
print(jax.jit(f)())
''')
case("cl_nd_loop_ok", '''
def kernel(o_ref):
    @plgpu.nd_loop((4,), collective_axes="c")
    def body(loop_info):
        pass
    o_ref[...] = jnp.zeros((128,), jnp.float32)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",))
print(jax.jit(f)())
''')
case("cl_nd_loop_unknown", '''
def kernel(o_ref):
    @plgpu.nd_loop((4,), collective_axes="d")  # LOOP-LINE
    def body(loop_info):
        pass
    o_ref[...] = jnp.zeros((128,), jnp.float32)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,), cluster_names=("c",))
print(jax.jit(f)())
''')
case("cl_names_len", '''
def kernel(o_ref):
    o_ref[...] = jnp.zeros((128,), jnp.float32)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(2,2), cluster_names=("c",))  # KERNEL-LINE
print(jax.jit(f)())
''')
case("cl_4d", '''
def kernel(o_ref):
    o_ref[...] = jnp.zeros((128,), jnp.float32)
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32), cluster=(1,1,1,2), cluster_names=("a","b","c","d"))  # KERNEL-LINE
print(jax.jit(f)())
''')
for name, text in CASES.items():
    pathlib.Path(f"{name}.py").write_text(text)
print(len(CASES))
