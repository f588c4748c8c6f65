import sys, jax, jax.numpy as jnp, traceback
from jax.experimental.pallas.ops.gpu import blackwell_matmul_mgpu as bm
import inspect
fields = set(inspect.signature(bm.TuningConfig).parameters)
kw = dict(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2, collective=False, epilogue_tile_n=32)
if "grid_minor_dim" in fields: kw["grid_minor_dim"] = bm.MatmulDimension.M
if "grid_tile_width" in fields: kw["grid_tile_width"] = 1
for k in list(kw):
    if k not in fields: kw.pop(k)
coll = len(sys.argv) > 1 and sys.argv[1] == "collective"
if coll: kw["collective"] = True
cfg = bm.TuningConfig(**kw)
a = jax.ShapeDtypeStruct((1024, 1024), jnp.float16)
b = jax.ShapeDtypeStruct((1024, 1024), jnp.float16)
print(jax.__version__, jax.devices(), "collective" if coll else "")
try:
    txt = jax.jit(lambda a, b: bm.matmul_kernel(a, b, cfg)).trace(a, b).lower(lowering_platforms=("cuda",)).as_text()
    print("LOWERED OK", len(txt), "chars; tcgen05 in text:", "tcgen05" in txt, "arch attrs:", [l.strip()[:200] for l in txt.splitlines() if "arch" in l][:3])
except Exception as e:
    traceback.print_exc(limit=3)
    print("ERROR", type(e).__name__, str(e)[:2000])
