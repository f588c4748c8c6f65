"""``np.loadtxt`` of text the program holds: an ``io.StringIO`` of an inline table, or a list of
lines (a file name is a read of the user's disk, refused).

NumPy 2's reader, for the options it is given here: lines split at ``\\n``, ``\\r\\n`` or ``\\r``;
the first ``skiprows`` lines skipped (comments and blank lines included); from each line the
text from a comment string on dropped, and a line left blank skipped; fields split at the
delimiter (whitespace when None), the whitespace around each stripped; ``max_rows`` data rows
read; ``usecols`` picking columns (negative from the end). The first row fixes the number of
columns: "the number of columns changed from 2 to 1 at row 2; use `usecols` ...", rows counted
from 1; a column ``usecols`` asks for that a row lacks: "invalid column index 5 at row 1 with 2
columns". Fields convert to the signed or unsigned integers (an optional sign and digits) or
the floats (a decimal number with an optional exponent, or nan / inf), else "could not convert
string '2,4' to int64 at row 0, column 1." (rows counted from 0 there, columns from 1). The
table becomes a (rows, columns) array with its single-element dimensions squeezed unless
``ndmin`` keeps them, transposed with ``unpack``. Refused: other dtypes (bool, str, structured),
``converters``, ``quotechar``, ``like``, a conversion error under ``usecols``, an empty table
(NumPy warns), an integer out of its dtype's range, non-ASCII text. (NumPy reads no underscore
in a number, as Python's int() and float() do: `1_0` is no number to it.)
"""

from __future__ import annotations

import io
import re
from typing import Any

from ..python.real import Refused
from . import core

_LINES = re.compile(r"\r\n|\r|\n")
_INTEGER = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"
                    r"|[+-]?(nan|inf|infinity)", re.IGNORECASE)


def loadtxt(fname: Any, dtype: Any = float, comments: Any = "#", delimiter: Any = None,
            converters: Any = None, skiprows: int = 0, usecols: Any = None, unpack: bool = False,
            ndmin: int = 0, encoding: Any = None, max_rows: Any = None, *, quotechar: Any = None,
            like: Any = None) -> Any:
    if converters is not None or quotechar is not None or like is not None:
        raise Refused("loadtxt with converters, quotechar or like")
    lines = _lines(fname)
    dt = core.dtype(dtype)
    if dt.kind not in "iuf":
        raise Refused(f"loadtxt into {dt.name}")
    if ndmin not in (0, 1, 2):
        raise ValueError(f"Illegal value of ndmin keyword: {ndmin}")
    marks = _comments(comments)
    if delimiter is not None and (not isinstance(delimiter, str) or len(delimiter) != 1):
        raise Refused("a delimiter other than one character")
    columns = _usecols(usecols)
    if type(skiprows) is not int or (max_rows is not None and type(max_rows) is not int):
        raise Refused("skiprows or max_rows not an int")
    rows: list[list[Any]] = []
    width: int | None = None
    for line in lines[max(skiprows, 0):]:
        if max_rows is not None and max_rows >= 0 and len(rows) >= max_rows:
            break
        for mark in marks:
            line = line.split(mark, 1)[0]
        fields = line.split() if delimiter is None else [field.strip() for field in line.split(delimiter)]
        if not line.strip():
            continue  # a blank (or comment) line is no row
        if columns is not None:
            for index in columns:
                if not -len(fields) <= index < len(fields):
                    raise ValueError(f"invalid column index {index} at row {len(rows) + 1} "
                                     f"with {len(fields)} columns")
            fields = [fields[index] for index in columns]
        elif width is not None and len(fields) != width:
            raise ValueError(f"the number of columns changed from {width} to {len(fields)} at row "
                             f"{len(rows) + 1}; use `usecols` to select a subset and avoid this error")
        width = len(fields)
        rows.append([_convert(field, dt, len(rows), column + 1, columns is not None)
                     for column, field in enumerate(fields)])
    if not rows:
        raise Refused("loadtxt of no data (NumPy warns)")
    table = core.make([value for row in rows for value in row], (len(rows), width or 0), dt)
    result = _ensure_ndmin(table, ndmin)
    return result.T if unpack else result


def _lines(fname: Any) -> list[str]:
    if isinstance(fname, io.StringIO):
        text = fname.read()  # loadtxt reads the rest of the stream, as NumPy does
    elif isinstance(fname, (list, tuple)) and all(isinstance(line, str) for line in fname):
        text = "\n".join(line.rstrip("\r\n") for line in fname)
    else:
        raise Refused("loadtxt of anything but an io.StringIO or a list of lines")
    if not text.isascii():
        raise Refused("loadtxt of non-ASCII text")
    return _LINES.split(text)


def _comments(comments: Any) -> tuple[str, ...]:
    if comments is None:
        return ()
    if isinstance(comments, str):
        return (comments,) if comments else ()
    if isinstance(comments, (list, tuple)) and all(isinstance(c, str) and c for c in comments):
        return tuple(comments)
    raise Refused("comments of another kind")


def _usecols(usecols: Any) -> tuple[int, ...] | None:
    if usecols is None:
        return None
    if type(usecols) is int:
        return (usecols,)
    if isinstance(usecols, (list, tuple)) and all(type(c) is int for c in usecols):
        return tuple(usecols)
    raise Refused("usecols of another kind")


def _convert(field: str, dt: Any, row: int, column: int, picked: bool) -> Any:
    number = _INTEGER if dt.kind in "iu" else _FLOAT
    if number.fullmatch(field) is None:
        if picked:
            raise Refused("a conversion error in a column picked by usecols")
        raise ValueError(f"could not convert string {field!r:.100} to {dt.name} at row {row}, "
                         f"column {column}.")
    if dt.kind in "iu":
        value = int(field)
        low, high = core.bounds(dt)
        if not low <= value <= high:
            raise Refused("an integer out of its dtype's range")
        return core.cast(value, dt)
    return core.cast(float(field), dt)


def _ensure_ndmin(table: Any, ndmin: int) -> Any:
    """numpy.lib._npyio_impl._ensure_ndmin_ndarray: squeeze down to ``ndmin`` dimensions."""
    if table.ndim > ndmin:
        table = table.reshape(tuple(n for n in table.shape if n != 1))
    if table.ndim < ndmin:
        table = table.reshape((-1,)) if ndmin == 1 else table.reshape((1, -1)).T
    return table


EXPORTS: dict[str, object] = {"loadtxt": loadtxt}
