#!/bin/bash
# usage: run.sh version-python label files...
py=$1; label=$2; shift 2
for f in "$@"; do
  out=$(cd /work/wt-mma && nice .venv/bin/pallas-lsp lower --python $py /tmp/mma/$f 2>/dev/null)
  echo "$out" > /tmp/mma/out/$label.${f%.py}.json
  python3 - "$label" "$f" <<'PY'
import json,sys
label,f=sys.argv[1:]
d=json.load(open(f"/tmp/mma/out/{label}.{f[:-3]}.json"))
errs=d["errors"]
if not errs and not d["fatal"]:
    print(f"{label} {f}: OK lowered={d['lowered']}")
for e in errs:
    print(f"{label} {f}: line {e['line']} {e['exc_type']} code={e.get('code')} :: {(e['message'] or '').splitlines()[0][:300]}")
if d["fatal"]:
    print(f"{label} {f}: FATAL {d['fatal_kind']} line {d['fatal_line']} :: {d['fatal'][:300]}")
PY
done
