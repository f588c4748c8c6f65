"""NumPy's index tricks: ix_, and the objects r_, c_, mgrid, ogrid that build arrays when indexed.

NumPy's own Python (numpy/lib/_index_tricks_impl.py) over this package's arange, linspace,
indices and concatenate: ``np.r_[1:4, 0, [7, 8]]``, ``np.c_[a, b]``, ``np.r_['0,2', a, b]``,
``np.mgrid[0:4, 0:1:5j]``, ``np.ogrid[:3, :2]``. Refused: the matrix directives ('r', 'c') and
the string matrix syntax of r_ (np.matrix is not modelled).
"""

from __future__ import annotations

import math
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array


def ix_(*args: Any) -> tuple[core.ndarray, ...]:
    from .searching import nonzero
    out = []
    nd = len(args)
    for k, item in enumerate(args):
        new = item
        if not isinstance(new, core.ndarray):
            new = core.asarray(new)
            if new.size == 0:
                new = new.astype("int64")
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype is core.BOOL:
            new, = nonzero(new)
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def _is_scalar(item: Any) -> bool:
    return type(item) in (int, float, bool) or isinstance(item, core.generic)


class AxisConcatenator:
    """np.r_ / np.c_: slices become aranges (or linspaces for a complex step), sequences
    arrays of at least ``ndmin`` dims, scalars weak, all joined along ``axis``."""

    def __init__(self, axis: int = 0, matrix: bool = False, ndmin: int = 1, trans1d: int = -1) -> None:
        self.axis = axis
        self.matrix = matrix
        self.trans1d = trans1d
        self.ndmin = ndmin

    def __getitem__(self, key: Any) -> core.ndarray:
        from .creation import arange, linspace
        from .creation import array as make_array
        from .shaping import concatenate
        if isinstance(key, str):
            raise Refused("np.r_'s matrix string syntax")
        if not isinstance(key, tuple):
            key = (key,)
        trans1d, ndmin, axis = self.trans1d, self.ndmin, self.axis
        objs: list[Any] = []
        kinds: list[Any] = []
        for k, item in enumerate(key):
            scalar = False
            if isinstance(item, slice):
                step = 1 if item.step is None else item.step
                start = 0 if item.start is None else item.start
                stop = item.stop
                if isinstance(step, complex):
                    new = linspace(start, stop, num=int(abs(step)))
                else:
                    new = arange(start, stop, step)
                if ndmin > 1:
                    new = make_array(new, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        new = new.swapaxes(-1, trans1d)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ("r", "c"):
                    raise Refused("np.r_'s matrix directives")
                if "," in item:
                    vec = item.split(",")
                    try:
                        axis, ndmin = [int(x) for x in vec[:2]]
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                        continue
                    except Exception as e:
                        raise ValueError(f"unknown special directive {item!r}") from e
                try:
                    axis = int(item)
                    continue
                except (ValueError, TypeError) as e:
                    raise ValueError("unknown special directive") from e
            elif _is_scalar(item):
                scalar = True
                new = item
            elif isinstance(item, complex):
                raise Refused("a complex scalar")
            else:
                item_ndim = array(item).ndim
                new = make_array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    k2 = ndmin - item_ndim
                    k1 = trans1d
                    if k1 < 0:
                        k1 += k2 + 1
                    defaxes = list(range(ndmin))
                    new = new.transpose(defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2])
            objs.append(new)
            kinds.append(item if scalar else new.dtype)
        if kinds:
            final = core.result_type(*kinds)
            objs = [make_array(obj, copy=None, ndmin=ndmin, dtype=final) for obj in objs]
        return concatenate(tuple(objs), axis=axis)

    def __len__(self) -> int:
        return 0


class RClass(AxisConcatenator):
    def __init__(self) -> None:
        super().__init__(0)


class CClass(AxisConcatenator):
    def __init__(self) -> None:
        super().__init__(-1, ndmin=2, trans1d=0)


class nd_grid:
    """np.mgrid (dense) and np.ogrid (sparse): slices as grids; a complex step is a count."""

    def __init__(self, sparse: bool = False) -> None:
        self.sparse = sparse

    def __getitem__(self, key: Any) -> Any:
        from .creation import arange, indices
        try:
            size = []
            num_list: list[Any] = [0]
            for k in range(len(key)):
                step, start, stop = key[k].step, key[k].start, key[k].stop
                start = 0 if start is None else start
                step = 1 if step is None else step
                if isinstance(step, complex):
                    step = abs(step)
                    size.append(int(step))
                else:
                    size.append(math.ceil((stop - start) / step))
                num_list += [start, stop, step]
            typ = core.result_type(*num_list)
            grid = None
            if self.sparse:
                nn: list[Any] = [arange(n, dtype=typ) for n in size]
            else:
                grid = indices(size, typ)
                nn = [grid[k] for k in range(len(size))]
            for k, kk in enumerate(key):
                step = 1 if kk.step is None else kk.step
                start = 0 if kk.start is None else kk.start
                if isinstance(step, complex):
                    step = int(abs(step))
                    if step != 1:
                        step = (kk.stop - start) / float(step - 1)
                if grid is not None:
                    grid[k] = grid[k] * step + start
                else:
                    nn[k] = nn[k] * step + start
            if self.sparse:
                slobj: list[Any] = [None] * len(size)
                for k in range(len(size)):
                    slobj[k] = slice(None, None)
                    nn[k] = nn[k][tuple(slobj)]
                    slobj[k] = None
                return tuple(nn)
            return grid
        except (IndexError, TypeError):
            step, stop, start = key.step, key.stop, key.start
            start = 0 if start is None else start
            if isinstance(step, complex):
                step_float = abs(step)
                step = length = int(step_float)
                if step != 1:
                    step = (key.stop - start) / float(step - 1)
                typ = core.result_type(start, stop, step_float)
                return arange(0, length, 1, dtype=typ) * step + start
            return arange(start, stop, step)

    def __len__(self) -> int:
        return 0


r_ = RClass()
c_ = CClass()
mgrid = nd_grid(sparse=False)
ogrid = nd_grid(sparse=True)

EXPORTS: dict[str, object] = {"ix_": ix_, "r_": r_, "c_": c_, "mgrid": mgrid, "ogrid": ogrid}
