"""A pasted sweep table's delimiter is found with `csv.Sniffer`; the row for the launch dtype gives op and width."""
import csv
import io

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
TABLE = "dtype;op;vec\nfloat32;add;4\nbfloat16;max;8\nint32;xor;4\n"

dialect = csv.Sniffer().sniff(TABLE)
ROWS = {row["dtype"]: row for row in csv.DictReader(io.StringIO(TABLE), dialect=dialect)}
DTYPE = jnp.bfloat16
ROW = ROWS[jnp.dtype(DTYPE).name]


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("mesh_x", "mesh_y"), reduction_op=ROW["op"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=int(ROW["vec"])),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("mesh_x", "mesh_y"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, DTYPE),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, DTYPE)))
