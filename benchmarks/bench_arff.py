"""Benchmark: loading ARFF files, ``wekaeval.load_arff`` against WEKA's ``ArffLoader`` and ``pandas.read_csv``.

What it measures
----------------
Three generated files (``numpy.random.default_rng(0)``), each written once to a temporary folder, with the
same values written as CSV beside it:

* *dense numeric*: 100,000 rows x 10 attributes (9 numbers of 1 to 6 decimals, 1 % missing, a nominal
  class of 3 labels): 10^6 values;
* *dense mixed*: 20,000 rows x 26 attributes (15 numeric attributes with numbers in every shape Java reads,
  ``1e-5`` and quoted ones included, a string, 10 nominal attributes with quoted labels, instance weights
  on 10 % of rows): about 5 x 10^5 values;
* *sparse*: 2,000 rows x 1,000 numeric attributes and a nominal class, about 5 % of the values given:
  10^5 index/value pairs (its CSV holds the pairs, one ``row,index,value`` line each).

For each: the best of ``--repeats`` timed runs after one warm-up (so the JVM has compiled its loader) of

1. ``load_arff(path)`` (the last attribute as the class);
2. WEKA's ``ArffLoader.setFile(path); getDataSet()`` in WEKA's JVM (``python-weka-wrapper3``);
3. ``pandas.read_csv`` of the same values.

Every value must be identical: the doubles WEKA holds for each numeric and nominal attribute
(``attributeToDoubleArray``) against ``load_arff``'s class values with that attribute as the class, and
the instance weights.  Targets: ``load_arff`` at least as fast as WEKA, and within 3x of pandas.

How to run
----------
``make bench``, or::

    .venv/bin/python benchmarks/bench_arff.py [--repeats R] [--quick]

Exit status: 0 when every value is identical and the targets are met, 1 otherwise, 2 without WEKA's JVM.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from wekaeval import load_arff  # noqa: E402


def _numbers(rng: np.random.Generator, n: int) -> list[str]:
    values = rng.standard_normal(n) * 10.0 ** rng.integers(0, 4, n)
    decimals = rng.integers(1, 7, n)
    texts = [f"{v:.{d}f}" for v, d in zip(values.tolist(), decimals.tolist(), strict=True)]
    for i in np.flatnonzero(rng.random(n) < 0.01).tolist():
        texts[i] = "?"
    return texts


def dense_numeric(rng: np.random.Generator, rows: int) -> tuple[str, str]:
    columns = [_numbers(rng, rows) for _ in range(9)]
    labels = ["low", "mid", "high"]
    columns.append([labels[i] for i in rng.integers(0, 3, rows).tolist()])
    header = "@relation dense-numeric\n" + "".join(f"@attribute x{i} numeric\n" for i in range(9))
    header += "@attribute class {low,mid,high}\n@data\n"
    lines = [",".join(row) for row in zip(*columns, strict=True)]
    return header + "\n".join(lines) + "\n", "\n".join(lines).replace("?", "") + "\n"


def dense_mixed(rng: np.random.Generator, rows: int) -> tuple[str, str]:
    header = ["@relation 'dense mixed'"]
    columns: list[list[str]] = []
    csv_columns: list[list[str]] = []
    for i in range(15):
        texts = _numbers(rng, rows)
        odd = np.flatnonzero(rng.random(rows) < 0.05).tolist()
        shapes = ["1e-5", "2.5E3", "'3.25'", "+7", "-0", ".5", "12345678901234567890", "0x1.8p1"]
        for k in odd:
            texts[k] = shapes[k % len(shapes)]
        header.append(f"@attribute n{i} {'real' if i % 2 else 'numeric'}")
        columns.append(texts)
        csv_columns.append([t.strip("'") if t != "0x1.8p1" else "3.0" for t in texts])
    header.append("@attribute note string")
    notes = [f"'note {k % 97}'" for k in range(rows)]
    columns.append(notes)
    csv_columns.append([n.replace("'", '"') for n in notes])
    for i in range(10):
        labels = [f"'label {j}'" if j % 2 else f"v{j}" for j in range(4 + i)]
        header.append(f"@attribute c{i} {{{','.join(labels)}}}")
        picked = [labels[j] for j in rng.integers(0, len(labels), rows).tolist()]
        columns.append(picked)
        csv_columns.append([p.replace("'", '"') for p in picked])
    weights = np.where(rng.random(rows) < 0.1, rng.integers(1, 40, rows) / 8, 0.0).tolist()
    lines = []
    for k, row in enumerate(zip(*columns, strict=True)):
        line = ",".join(row)
        lines.append(line + (f",{{{weights[k]}}}" if weights[k] else ""))
    csv_lines = [",".join(row) for row in zip(*csv_columns, strict=True)]
    text = "\n".join(header) + "\n@data\n" + "\n".join(lines) + "\n"
    return text, "\n".join(csv_lines).replace("?", "") + "\n"


def sparse(rng: np.random.Generator, rows: int, width: int = 1000) -> tuple[str, str]:
    header = "@relation sparse\n" + "".join(f"@attribute w{i} numeric\n" for i in range(width))
    header += "@attribute class {yes,no}\n@data\n"
    lines, csv_lines = [], []
    for r in range(rows):
        given = np.flatnonzero(rng.random(width) < 0.05)
        values = rng.integers(1, 1000, len(given)) / 100
        cells = [f"{i} {v}" for i, v in zip(given.tolist(), values.tolist(), strict=True)]
        cells.append(f"{width} {'yes' if r % 3 else 'no'}")
        lines.append("{" + ", ".join(cells) + "}")
        csv_lines += [f"{r},{i},{v}" for i, v in zip(given.tolist(), values.tolist(), strict=True)]
    return header + "\n".join(lines) + "\n", "\n".join(csv_lines) + "\n"


def best_seconds(function: Callable[[], object], repeats: int) -> float:
    function()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def weka_loader(path: Path) -> Callable[[], object]:
    import jpype

    file = jpype.JClass("java.io.File")(str(path))
    loader_class = jpype.JClass("weka.core.converters.ArffLoader")

    def load() -> object:
        loader = loader_class()
        loader.setFile(file)
        return loader.getDataSet()

    return load


def identical(path: Path, data: object) -> bool:
    """Every numeric and nominal attribute's doubles, and the weights, as WEKA holds them."""
    ours = load_arff(path)
    weights = np.array([data.instance(k).weight() for k in range(data.numInstances())])  # type: ignore[attr-defined]
    same = np.array_equal(ours.weights, weights)
    for index, attribute in enumerate(ours.attributes):
        if attribute.type not in ("numeric", "nominal"):
            continue
        theirs = np.asarray(data.attributeToDoubleArray(index), dtype=np.float64)  # type: ignore[attr-defined]
        mine = load_arff(path, class_attribute=index).class_values
        same &= mine.tobytes() == theirs.tobytes()
    return bool(same)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="files a tenth of the size (a smoke run)")
    arguments = parser.parse_args()
    import pandas

    from wekaeval import bridge

    try:
        bridge.start_jvm()
    except bridge.WekaUnavailable as error:
        print(f"bench_arff: WEKA's JVM is needed: {error}", file=sys.stderr)
        return 2
    scale = 10 if arguments.quick else 1
    rng = np.random.default_rng(0)
    cases = [
        ("dense numeric 100,000 x 10", dense_numeric(rng, 100_000 // scale), None),
        ("dense mixed 20,000 x 26", dense_mixed(rng, 20_000 // scale), None),
        ("sparse 2,000 x 1,001 (5 %)", sparse(rng, 2_000 // scale), ["row", "index", "value"]),
    ]
    status = 0
    print(
        f"{'file':<28} {'MB':>5} {'wekaeval s':>10} {'WEKA s':>8} {'pandas s':>9} {'WEKA/ours':>10} {'ours/pandas':>12}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for number, (label, (text, csv), names) in enumerate(cases):
            path = Path(folder) / f"case{number}.arff"
            csv_path = Path(folder) / f"case{number}.csv"
            path.write_text(text)
            csv_path.write_text(csv)
            ours = best_seconds(lambda path=path: load_arff(path), arguments.repeats)
            load = weka_loader(path)
            weka = best_seconds(load, arguments.repeats)

            def read_csv(csv_path: Path = csv_path, names: list[str] | None = names) -> object:
                return pandas.read_csv(csv_path, header=None, names=names)

            frame = best_seconds(read_csv, arguments.repeats)
            same = identical(path, load())
            ratio, versus_pandas = weka / ours, ours / frame
            met = same and ratio >= 1.0 and versus_pandas <= 3.0
            status = max(status, 0 if met else 1)
            size = len(text.encode()) / 1e6
            print(
                f"{label:<28} {size:>5.1f} {ours:>10.3f} {weka:>8.3f} {frame:>9.3f} "
                f"{ratio:>9.2f}x {versus_pandas:>11.2f}x"
                f"  {'identical' if same else 'VALUES DIFFER'}{'' if met else '  (target missed)'}"
            )
    print("targets: WEKA/ours >= 1, ours/pandas <= 3, every value identical")
    return status


if __name__ == "__main__":
    sys.exit(main())
