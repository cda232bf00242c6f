"""Write the generated ARFF files of this folder: WEKA's edge cases, deterministically.

Run from the project root: ``python arff_samples/generate.py``.  Each file is a
small classification problem (so WEKA's classifiers can learn something) that
also exercises a corner of WEKA's ARFF dialect or of its evaluation rules.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _labelled_points(rng: random.Random, labels: list[str], n: int, attributes: int = 3):
    """Points around one centre per label, so classes are learnable but overlap."""
    centres = {label: [rng.uniform(-5, 5) for _ in range(attributes)] for label in labels}
    for _ in range(n):
        label = rng.choice(labels)
        yield [round(c + rng.gauss(0, 1.5), 3) for c in centres[label]], label


def _header(relation: str, attributes: list[str], comment: str) -> list[str]:
    return [f"% {comment}", f"@relation {relation}", "", *attributes, "", "@data"]


def weighted() -> str:
    """Instance weights after dense rows: fractional, zero, negative, with comments."""
    rng = random.Random(1)
    labels = ["low", "mid", "high"]
    lines = _header(
        "weighted",
        ["@attribute a numeric % a comment after a declaration", "@attribute b numeric", "@attribute c numeric",
         "@attribute class {low, mid, high} % the class"],
        "Instance weights in braces after dense rows; WEKA reads them, liac-arff does not.",
    )
    for i, (values, label) in enumerate(_labelled_points(rng, labels, 120)):
        row = ",".join(map(str, values)) + f",{label}"
        kind = i % 6
        if kind == 1:
            row += f",{{{rng.choice([0.5, 0.25, 2, 3.75])}}}"
        elif kind == 2:
            row += f" {{{round(rng.uniform(0.01, 4), 4)}}}"
        elif kind == 3 and i % 12 == 3:
            row += ",{0}"
        elif kind == 4 and i % 24 == 4:
            row += ",{-0.5}"
        elif kind == 5:
            row += " % a comment after a row"
        lines.append(row)
    return "\n".join(lines) + "\n"


def weighted_sparse() -> str:
    """Sparse rows, some with weights, nominal values left implicit (index 0)."""
    rng = random.Random(2)
    labels = ["neg", "pos"]
    attributes = [f"@attribute w{i} numeric" for i in range(8)] + ["@attribute class {neg, pos}"]
    lines = _header("weighted-sparse", attributes, "Sparse rows with instance weights.")
    for i in range(100):
        label = rng.choice(labels)
        shift = 1.0 if label == "pos" else 0.0
        cells = [f"{j} {round(rng.random() + shift, 3)}" for j in sorted(rng.sample(range(8), 3))]
        if label == "pos":
            cells.append("8 pos")  # neg is index 0, left implicit
        row = "{" + ", ".join(cells) + "}"
        if i % 3 == 0:
            row += f" {{{round(rng.uniform(0.1, 3), 2)}}}"
        elif i % 3 == 1:
            row += ",{1.5}"
        lines.append(row)
    return "\n".join(lines) + "\n"


def missing_class() -> str:
    """A fifth of the class values missing: WEKA counts their weight apart."""
    rng = random.Random(3)
    labels = ["a", "b", "c"]
    lines = _header(
        "missing-class",
        ["@attribute x numeric", "@attribute y numeric", "@attribute z numeric", "@attribute class {a, b, c}"],
        "Missing class values ('?'), some weighted.",
    )
    for i, (values, label) in enumerate(_labelled_points(rng, labels, 150)):
        if i % 5 == 0:
            label = "?"
        row = ",".join(map(str, values)) + f",{label}"
        if i % 7 == 0:
            row += ",{2.5}"
        lines.append(row)
    return "\n".join(lines) + "\n"


def many_classes() -> str:
    """30 classes: WEKA's confusion matrix labels them a..z, then aa, ab, ..."""
    rng = random.Random(4)
    labels = [f"class{i:02d}" for i in range(30)]
    lines = _header(
        "many-classes",
        ["@attribute u numeric", "@attribute v numeric", "@attribute w numeric", "@attribute class {" + ",".join(labels) + "}"],
        "More than 26 classes.",
    )
    lines += [",".join(map(str, v)) + f",{label}" for v, label in _labelled_points(rng, labels, 600)]
    return "\n".join(lines) + "\n"


def single_class() -> str:
    """One class only: kappa's chance agreement is 1, so WEKA says 1."""
    rng = random.Random(5)
    lines = _header(
        "single-class",
        ["@attribute x numeric", "@attribute y numeric", "@attribute class {only}"],
        "A nominal class with a single value.",
    )
    lines += [f"{round(rng.gauss(0, 1), 3)},{round(rng.gauss(0, 1), 3)},only" for _ in range(40)]
    return "\n".join(lines) + "\n"


def quoted_labels() -> str:
    """Labels that need quotes: spaces, commas, quotes, %, braces and non-ASCII text."""
    rng = random.Random(6)
    labels = ["'plain'", "'with space'", "'comma, inside'", "'it\\'s'", "'100% sure'", "'{braced}'",
              "'café'", "'naïve'", "'日本語'"]
    lines = _header(
        "'quoted labels \u00e9t\u00e9'",
        ["@attribute 'first attribute' numeric", "@attribute \"second\" numeric",
         "@attribute 'the class' {" + ", ".join(labels) + "}"],
        "Quoted and non-ASCII nominal labels.",
    )
    for values, label in _labelled_points(rng, labels, 180, attributes=2):
        lines.append(",".join(map(str, values)) + f",{label}")
    return "\n".join(lines) + "\n"


def dialect() -> str:
    """Declarations WEKA accepts that liac-arff reads differently or not at all."""
    rng = random.Random(7)
    lines = [
        "% WEKA's ARFF dialect: tabs, upper case, integer/real/date types, CRLF line ends.",
        "@RELATION\tdialect",
        "@ATTRIBUTE\tcount\tINTEGER",
        "@attribute size REAL % real is numeric",
        "@attribute when date 'yyyy-MM-dd'",
        "@attribute colour {red,green,blue}",
        "@attribute class {" + ",".join(string.ascii_uppercase[:4]) + "}",
        "@DATA",
    ]
    for i in range(80):
        label = rng.choice(string.ascii_uppercase[:4])
        count = rng.randint(0, 9) + "ABCD".index(label) * 3
        size = round(rng.uniform(0, 10) + "ABCD".index(label), 2)
        lines.append(f"{count},{size},2020-01-{1 + i % 28:02d},{rng.choice(['red', 'green', 'blue'])},{label}")
        if i % 10 == 0:
            lines.append("")
    return "\r\n".join(lines) + "\r\n"


FILES = {
    "weighted.arff": weighted,
    "weighted-sparse.arff": weighted_sparse,
    "missing-class.arff": missing_class,
    "many-classes.arff": many_classes,
    "single-class.arff": single_class,
    "quoted-labels.arff": quoted_labels,
    "dialect.arff": dialect,
}


def main() -> None:
    for name, make in FILES.items():
        (HERE / name).write_bytes(make().encode("utf-8"))
        print(f"wrote arff_samples/{name}")


if __name__ == "__main__":
    main()
