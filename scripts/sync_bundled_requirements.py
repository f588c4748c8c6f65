"""Write the server's direct pins from pyproject.toml into the .vsix's bundled requirements.

``pyproject.toml``'s ``[project] dependencies`` is the one place the language server's
direct dependencies are pinned; ``client/scripts/bundled-requirements.txt`` (what
``bundle-python.mjs`` installs into the .vsix) repeats them between two marker lines,
followed by the hand-pinned packages they pull in. This script regenerates the block;
``--check`` only says whether it is out of date (tests/test_faces_agree.py runs it).

    python scripts/sync_bundled_requirements.py [--check]
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = REPO / "pyproject.toml"
BUNDLED = REPO / "client" / "scripts" / "bundled-requirements.txt"
BEGIN = "# --- from pyproject.toml (scripts/sync_bundled_requirements.py writes this block) ---"
END = "# --- end of the generated block; the closure they pull in follows ---"
# Pinned in pyproject.toml but never imported by the server: not shipped in the .vsix
# (jedi and parso were 5,620 of its 5,894 files). Remove a name here when the server
# starts importing it; bundle-python.mjs imports every server module from the bundle.
NOT_BUNDLED = {"jedi"}


def direct_pins() -> list[str]:
    with PYPROJECT.open("rb") as handle:
        pins = tomllib.load(handle)["project"]["dependencies"]
    return [pin for pin in pins if pin.split("==")[0].strip().lower() not in NOT_BUNDLED]


def synced(text: str) -> str:
    lines = text.splitlines()
    block = [BEGIN, *direct_pins(), END]
    if BEGIN in lines and END in lines:
        start, end = lines.index(BEGIN), lines.index(END)
        lines[start:end + 1] = block
    else:
        # The first run: the direct pins were written by hand at the top of the list.
        names = {pin.split("==")[0].lower() for pin in direct_pins()}
        kept = [line for line in lines if line.split("==")[0].strip().lower() not in names]
        first = next(n for n, line in enumerate(kept) if not line.startswith("#"))
        lines = kept[:first] + block + kept[first:]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is out of date")
    args = parser.parse_args(argv)
    current = BUNDLED.read_text(encoding="utf-8")
    wanted = synced(current)
    if current == wanted:
        return 0
    if args.check:
        print(f"{BUNDLED.relative_to(REPO)} is out of date: run scripts/sync_bundled_requirements.py",
              file=sys.stderr)
        return 1
    BUNDLED.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
