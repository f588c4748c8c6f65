"""np.reshape / transpose / concatenate / stack / split / broadcast_to / flip / roll / tile /
repeat / pad / diagonal / trace / dot / matmul ... against the real NumPy."""

from __future__ import annotations

import random

from hostnp.harness import differences
from hostnp.test_reductions import _random_array

DTYPES = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64")

SETUP = """
m = [[1, 2, 3], [4, 5, 6]]
t = [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 0], [1, 2]]]
v = [1, 0, 3, 4]
sq = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
"""


def _cases(expressions: list[str]) -> list[str]:
    return [e.format(dt=dt) for e in expressions for dt in DTYPES]


def test_views_and_shapes() -> None:
    cases = _cases([
        "np.reshape(np.array(m, '{dt}'), (3, 2))", "np.reshape(np.array(m, '{dt}'), -1)",
        "np.transpose(np.array(t, '{dt}'))",
        "np.transpose(np.array(t, '{dt}'), (1, 0, 2))", "np.ravel(np.array(t, '{dt}').T)",
        "np.squeeze(np.array([m], '{dt}'))",
        "np.expand_dims(np.array(m, '{dt}'), (0, -1))", "np.moveaxis(np.array(t, '{dt}'), 0, -1)",
        "np.moveaxis(np.array(t, '{dt}'), (0, 1), (2, 0))", "np.swapaxes(np.array(t, '{dt}'), 0, 2)",
        "np.flip(np.array(t, '{dt}'))", "np.flip(np.array(t, '{dt}'), 1)", "np.fliplr(np.array(m, '{dt}'))",
        "np.flipud(np.array(m, '{dt}'))", "np.flip(np.array(m, '{dt}'), (0, 1)).T",
        "np.broadcast_to(np.array(v, '{dt}'), (2, 4))",
        "np.broadcast_arrays(np.array(v, '{dt}'), np.array([[1], [2]], '{dt}'))",
        "np.atleast_1d(np.array(3, '{dt}'))",
        "np.atleast_2d(np.array(v, '{dt}'))", "np.atleast_3d(np.array(m, '{dt}'))",
        "np.atleast_3d(np.array(v, '{dt}'))",
        "np.atleast_2d(np.array(2, '{dt}'), np.array(m, '{dt}'))", "np.shape(np.array(t, '{dt}'))",
        "np.ndim(np.array(t, '{dt}'))", "np.size(np.array(t, '{dt}'))", "np.size(np.array(t, '{dt}'), 1)",
        "np.array(t, '{dt}').squeeze()", "np.squeeze(np.array([[3]], '{dt}'), axis=1)",
    ])
    cases += [
        "np.broadcast_to(np.zeros(3), (2,))", "np.broadcast_to(np.zeros(3), (2, -1))",
        "np.squeeze(np.zeros((2, 1)), axis=0)",
        "np.expand_dims(np.zeros(2), (0, 0))", "np.expand_dims(np.zeros(2), 3)",
        "np.moveaxis(np.zeros((2, 3)), (0, 1), 0)",
        "np.moveaxis(np.zeros((2, 3)), (0, 0), (0, 1))", "np.moveaxis(np.zeros((2, 3)), 2, 0)",
        "np.fliplr([1])",
        "np.flipud(np.array(1))", "np.swapaxes(np.zeros(2), 0, 1)", "np.swapaxes(np.zeros(2), 3, 0)",
        "np.shape(3)", "np.ndim([[1], [2]])", "np.size([[1, 2]], axis=2)",
        "np.broadcast_arrays(np.zeros(3), np.zeros(2))", "np.atleast_1d()", "np.atleast_1d(1, [2, 3])",
        "np.shape([])",
        "np.reshape(m, shape=(6,))", "np.reshape(m, newshape=(6,))", "np.flip(m, 2)", "np.reshape(m)",
    ]
    assert differences(cases, SETUP) == []


def test_view_writes_reach_the_base() -> None:
    setup = SETUP + """
def after(view_of, write):
    base = np.array(t)
    view = view_of(base)
    view[write] = 99
    return base
"""
    cases = [
        "after(lambda a: np.flip(a, 1), (0, 0, 1))", "after(lambda a: np.split(a, 2)[1], (0, 1, 1))",
        "after(lambda a: np.moveaxis(a, 0, -1), (2, 1, 0))", "after(lambda a: np.squeeze(a[:1]), (1, 1))",
        "after(lambda a: np.array_split(a, [1, 2], axis=1)[2], (1, 0, 0))", "after(lambda a: np.ravel(a), 5)",
        "after(lambda a: np.expand_dims(a, 1), (1, 0, 2, 1))",
        "after(lambda a: np.swapaxes(a, 0, 1), (2, 1, 0))",
    ]
    assert differences(cases, setup) == []


def test_joins_and_splits() -> None:
    cases = _cases([
        "np.concatenate([np.array(m, '{dt}'), np.array(m, '{dt}')])",
        "np.concatenate([np.array(m, '{dt}'), [[7], [8]]], axis=1)",
        "np.concatenate([np.array(m, '{dt}'), np.array(v, 'int8')], axis=None)",
        "np.concatenate([np.array(v, '{dt}'), [0.5]])",
        "np.stack([np.array(v, '{dt}'), np.array(v, 'int64')])",
        "np.stack([np.array(v, '{dt}')] * 3, axis=1)",
        "np.stack([np.array(m, '{dt}')] * 2, axis=-1)",
        "np.hstack([np.array(v, '{dt}'), np.array(v, '{dt}')])",
        "np.hstack([np.array(m, '{dt}'), np.array(m, '{dt}')])",
        "np.vstack([np.array(v, '{dt}'), np.array(v, '{dt}')])",
        "np.vstack([np.array(m, '{dt}'), [7, 8, 9]])",
        "np.column_stack([np.array(v, '{dt}'), np.array(v, '{dt}')])",
        "np.column_stack([np.array(m, '{dt}').T, [7, 8, 9]])",
        "np.dstack([np.array(m, '{dt}'), np.array(m, '{dt}')])",
        "np.append(np.array(m, '{dt}'), [1, 2])", "np.append(np.array(m, '{dt}'), [[1, 2, 3]], axis=0)",
        "np.split(np.array(t, '{dt}'), 2)", "np.split(np.array(t, '{dt}'), [1, 2], axis=1)",
        "np.array_split(np.array(v, '{dt}'), 3)", "np.array_split(np.array(t, '{dt}'), 4, axis=-1)",
        "np.split(np.array(v, '{dt}'), [-1, 9])", "np.split(np.array(v, '{dt}'), [3, 1])",
        "np.concatenate((np.array(3, '{dt}'), np.array(3, '{dt}')))",
        "np.hstack((np.array(3, '{dt}'), np.array(3, '{dt}')))",
    ])
    cases += [
        "np.concatenate([np.zeros((2, 2)), np.zeros((2, 3))])",
        "np.concatenate([np.zeros((2, 2)), np.zeros(3)])",
        "np.concatenate([1, 2])", "np.concatenate([])", "np.stack([])",
        "np.stack([np.zeros(2), np.zeros(3)])",
        "np.split(np.arange(5), 2)", "np.array_split(np.arange(5), 0)",
        "np.split(np.arange(4), [1, 2], axis=1)",
        "np.vstack([])", "np.hstack([])", "np.column_stack([])", "np.concatenate([np.zeros(2)], axis=1)",
        "np.stack([np.zeros(2)], axis=2)", "np.append([1], [[2]], axis=0)",
        "np.concatenate([[1, 2], [3]], axis=None)",
        "np.split(np.arange(4), 0)", "np.split([1, 2, 3, 4], 2)", "np.split(np.arange(5), 2.5)",
        "np.array_split(np.arange(5), 2.5)", "np.split(np.arange(4), 2.0)", "np.array_split([1, 2, 3], 2)",
        "np.array_split(np.arange(4), [1.5])", "np.split(np.arange(4), np.int64(2))",
        "np.split(np.arange(6).reshape(2, 3), [1], axis=-1)", "np.array_split(np.arange(4), 2, axis=1)",
        "np.array_split(np.arange(4), np.array([1, 3]))", "np.split(np.arange(4), np.array(2))",
        "np.array_split(5, 2)", "np.split(np.arange(4), 0.0)", "np.concatenate(np.array(m))",
        "np.stack(np.array(m), axis=1)",
        "np.concatenate([np.array([1], 'uint64'), np.array([-1], 'int64')])",
        "np.concatenate([np.array([1], 'int8'), [300]])",
    ]
    assert differences(cases, SETUP) == []


def test_copies() -> None:
    cases = _cases([
        "np.roll(np.array(v, '{dt}'), 1)", "np.roll(np.array(m, '{dt}'), -4)",
        "np.roll(np.array(m, '{dt}'), 1, axis=1)",
        "np.roll(np.array(t, '{dt}'), (1, -1), axis=(0, 2))", "np.roll(np.array(v, '{dt}'), 1, axis=(0, 0))",
        "np.tile(np.array(v, '{dt}'), 2)", "np.tile(np.array(m, '{dt}'), (2, 1))",
        "np.tile(np.array(v, '{dt}'), (2, 1, 2))",
        "np.tile(np.array(3, '{dt}'), 3)", "np.repeat(np.array(m, '{dt}'), 2)",
        "np.repeat(np.array(m, '{dt}'), 2, axis=0)",
        "np.repeat(np.array(m, '{dt}'), [1, 0, 2], axis=1)", "np.repeat(np.array(3, '{dt}'), 3)",
        "np.pad(np.array(m, '{dt}'), 1)", "np.pad(np.array(m, '{dt}'), (1, 2), constant_values=7)",
        "np.pad(np.array(m, '{dt}'), ((0, 1), (2, 0)), constant_values=((1, 2), (3, 4)))",
        "np.pad(np.array(v, '{dt}'), (0, 3))",
        "np.diagonal(np.array(sq, '{dt}'))", "np.diagonal(np.array(m, '{dt}'), 1)",
        "np.diagonal(np.array(m, '{dt}'), -1)",
        "np.diagonal(np.array(t, '{dt}'), 0, 1, 2)", "np.trace(np.array(sq, '{dt}'))",
        "np.trace(np.array(m, '{dt}'), 1)",
        "np.trace(np.array(t, '{dt}'), axis1=1, axis2=2)", "np.array(v, '{dt}').repeat(2)",
        "np.array(sq, '{dt}').trace()",
        "np.array(sq, '{dt}').diagonal(1)",
    ])
    cases += [
        "np.repeat([1, 2], -1)", "np.repeat([1, 2], [1, 2, 3])", "np.repeat([1, 2], [1, -2])",
        "np.tile([1, 2], -1)",
        "np.pad([1, 2], -1)", "np.pad([1, 2], ((1, 2), (3, 4)))",
        "np.pad(np.zeros((2, 2)), ((1, 2), (3, 4), (5, 6)))",
        "np.pad([1, 2], 1, mode='edge')", "np.pad([1, 2], 1.5)", "np.pad([1, 2], 1, constant_values=2.7)",
        "np.diagonal(np.zeros(2))", "np.trace(np.zeros(2))", "np.diagonal(np.zeros((2, 2)), 0, 1, 1)",
        "np.roll(np.zeros((2, 2)), (1, 2), axis=(0,))", "np.trace([[0.1, 0.2], [0.3, 0.7]])",
        "np.trace(np.array(sq, 'int8'), dtype='float32')", "np.repeat([1, 2], 1.5)",
    ]
    refusable = frozenset({"np.pad([1, 2], 1, mode='edge')"})
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_products() -> None:
    cases = _cases([
        "np.dot(np.array(v, '{dt}'), np.array(v, '{dt}'))",
        "np.dot(np.array(m, '{dt}'), np.array(sq, '{dt}'))",
        "np.dot(np.array(m, '{dt}'), [1, 2, 3])", "np.dot(np.array(t, '{dt}'), np.array(m, '{dt}').T)",
        "np.dot(np.array(2, '{dt}'), np.array(m, '{dt}'))",
        "np.inner(np.array(m, '{dt}'), np.array(m, '{dt}'))",
        "np.inner(np.array(v, '{dt}'), 3)", "np.outer(np.array(v, '{dt}'), np.array([1, 2], '{dt}'))",
        "np.matmul(np.array(m, '{dt}'), np.array(sq, '{dt}'))",
        "np.matmul(np.array(t, '{dt}'), np.array([[1], [1]], '{dt}'))",
        "np.matmul(np.array([1, 2, 3], '{dt}'), np.array(sq, '{dt}'))",
        "np.matmul(np.array(sq, '{dt}'), np.array([1, 0, 1], '{dt}'))",
        "np.matmul(np.array([1, 2], '{dt}'), np.array([3, 4], '{dt}'))",
        "np.array(m, '{dt}') @ np.array(sq, '{dt}')",
        "np.array(m, '{dt}').dot(np.array(sq, '{dt}'))",
        "np.matmul(np.array([sq, sq], '{dt}'), np.array(sq, '{dt}'))",
        "np.dot(np.array(v, '{dt}') * 40, np.array(v, '{dt}') * 40)",
    ])
    cases += [
        "np.dot(np.zeros((2, 3)), np.zeros(2))", "np.inner(np.zeros((2, 3)), np.zeros(2))",
        "np.matmul(np.zeros((2, 3)), np.zeros(2))",
        "np.matmul(1, np.zeros(2))", "np.matmul(np.zeros(2), 1)", "np.dot([1, 2], [1, 2, 3])",
        "np.outer([1, 2], [[1, 2]])",
        "np.inner([1, 2], [1, 2, 3])", "np.dot([0.1, 0.2], [0.3, 0.4])", "np.dot([1.5, 2.0], [4.0, 0.25])",
        "np.dot(np.array([2**62, 2**62]), [2, 2])", "np.outer([0.1, 0.2], [0.3, 3])", "np.dot(2, 3.5)",
        "np.matmul(np.ones((2, 1, 2, 3)), np.ones((3, 3, 1)))",
    ]
    refusable = frozenset({"np.dot([0.1, 0.2], [0.3, 0.4])", "np.outer([0.1, 0.2], [0.3, 3])"})
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_fuzz_shapes_and_products() -> None:
    rng = random.Random(7)
    calls = (
        "np.concatenate([{a}, {b}], axis={ax})", "np.concatenate([{a}, {b}], axis=None)",
        "np.stack([{a}, {a}], axis={ax})",
        "np.hstack([{a}, {b}])", "np.vstack([{a}, {b}])", "np.column_stack([{a}, {b}])",
        "np.roll({a}, {n}, axis={ax})",
        "np.roll({a}, {n})", "np.tile({a}, ({n}, 2))", "np.repeat({a}, {n}, axis={ax})", "np.flip({a}, {ax})",
        "np.pad({a}, {n})", "np.transpose({a})", "np.moveaxis({a}, 0, -1)", "np.squeeze({a})",
        "np.expand_dims({a}, {ax})",
        "np.diagonal({a})", "np.trace({a})", "np.dot({a}, {b})", "np.matmul({a}, {b})", "np.inner({a}, {b})",
        "np.outer({a}, {b})", "np.atleast_3d({a})", "np.broadcast_arrays({a}, {b})", "np.append({a}, {b})",
        "np.array_split({a}, {n}, axis={ax})", "np.swapaxes({a}, 0, {ax})", "np.ravel({a}.T)",
    )
    cases = [rng.choice(calls).format(a=_random_array(rng), b=_random_array(rng), ax=rng.choice((0, 1, -1)),
                                      n=rng.choice((0, 1, 2, -1))) for _ in range(500)]
    assert differences(cases, refused_ok=frozenset(cases)) == []
