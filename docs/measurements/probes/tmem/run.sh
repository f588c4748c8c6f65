#!/bin/bash
# Lower each probe under every release: ./run.sh FILE...  (run from this folder)
W=/work/wt-sitesH
declare -A PY=([0.8.3]=$W/.venv-jax083/bin/python [0.10.2]=$W/.venv-jax010/bin/python
               [0.11.2]=/work/jaxenvs/0.11.2/bin/python [0.12.0.1]=$W/.venv-jax012/bin/python)
for f in "$@"; do
  for r in 0.8.3 0.10.2 0.11.2 0.12.0.1; do
    src=$f
    if [ $r = 0.8.3 ]; then src=/tmp/sitesH_083_$f; sed 's/out_type=/out_shape=/; s/scratch_types=/scratch_shapes=/' $f > $src; fi
    echo "$f $r: $(JAX_PLATFORMS=cpu nice -n 10 ${PY[$r]} lower.py $src 2>&1 | tail -1)"
  done
done
