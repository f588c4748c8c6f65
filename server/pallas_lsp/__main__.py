import sys

from pallas_lsp.isolation import drop_working_directory

drop_working_directory()  # before anything else is imported (pallas_lsp/isolation.py)

from pallas_lsp.entry import dispatch  # noqa: E402

raise SystemExit(dispatch(sys.argv[1:]))
