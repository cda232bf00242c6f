"""Write this folder's ARFF files, deterministically: generated data sets and ones taken from installed packages.

Run from the project root: ``python arff_samples/generate.py`` writes both kinds;
``--generated`` only the generated files (committed: a test checks that this
script reproduces them byte for byte); ``--packages`` only the files taken
from installed packages (``make`` writes them at set-up; they are not
committed); ``--missing`` only package files that are not there yet.

Each generated file is a small classification or regression problem (so WEKA's
classifiers learn something) that also exercises a corner of WEKA's ARFF
dialect or of its evaluation rules, or has the shape of one of WEKA's classic
sample sets (many classes with missing values, hundreds of attributes, text,
a train/test pair, dates, multi-instance bags, ...).  The package files are
the two ARFF files inside python-weka-wrapper3's weka.jar (iris, credit-g) and
scikit-learn's bundled data sets written as ARFF.
"""

from __future__ import annotations

import argparse
import os
import random
import string
import sys
import zipfile
from collections.abc import Callable
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



# -- the shapes of WEKA's classic sample sets --------------------------------------------------------


def _nominal_rows(rng: random.Random, classes: dict[str, int], attributes: list[tuple[str, list[str]]],
                  purity: float, missing: float, absent: dict[str, set[int]] | None = None) -> list[list[str]]:
    """Rows of nominal values: each class prefers one value per attribute; some cells missing."""
    preferred = {c: [rng.randrange(len(values)) for _, values in attributes] for c in classes}
    rows = []
    for label, count in classes.items():
        for _ in range(count):
            row = []
            for j, (_, values) in enumerate(attributes):
                if j in (absent or {}).get(label, set()) or rng.random() < missing:
                    row.append("?")
                elif rng.random() < purity:
                    row.append(values[preferred[label][j]])
                else:
                    row.append(rng.choice(values))
            rows.append(row + [label])
    rng.shuffle(rows)
    return rows


def many_missing() -> str:
    """19 classes of very different sizes, 30 nominal attributes, many missing values (soybean's shape)."""
    rng = random.Random(11)
    sizes = [92, 91, 91, 88, 44, 44, 44, 40, 20, 20, 20, 20, 20, 20, 20, 16, 15, 14, 8]
    classes = {f"disease-{i + 1:02d}": n for i, n in enumerate(sizes)}
    attributes = [(f"symptom{j + 1:02d}", [f"v{k}" for k in range(rng.randint(2, 7))]) for j in range(30)]
    absent = {label: set(rng.sample(range(30), 12)) for label in list(classes)[-5:]}  # whole columns unknown
    rows = _nominal_rows(rng, classes, attributes, purity=0.7, missing=0.08, absent=absent)
    declared = [f"@attribute {n} {{{','.join(v)}}}" for n, v in attributes]
    lines = _header("many-missing", declared + ["@attribute class {" + ",".join(classes) + "}"],
                    "19 classes, nominal attributes, many missing values.")
    return "\n".join(lines + [",".join(r) for r in rows]) + "\n"


def wide() -> str:
    """217 attributes: 216 single-valued {t} attributes (missing = not bought) and a two-valued class."""
    rng = random.Random(12)
    lines = _header("wide", [f"@attribute item{j:03d} {{t}}" + (" % one value only" if j == 0 else "")
                             for j in range(216)] + ["@attribute total {low,high} % the class"],
                    "Baskets: 216 items bought ('t') or not ('?'); the class says whether the basket was large.")
    popularity = [rng.uniform(0.01, 0.35) for _ in range(216)]
    for _ in range(700):
        appetite = rng.uniform(0.3, 1.7)
        bought = [rng.random() < p * appetite for p in popularity]
        total = "high" if sum(bought) + rng.gauss(0, 4) > 33 else "low"
        lines.append(",".join("t" if b else "?" for b in bought) + f",{total}")
    return "\n".join(lines) + "\n"


SHAPES = ["brickface", "sky", "foliage", "cement", "window", "path", "grass"]


def _shapes(seed: int, n: int, relation: str) -> str:
    """7 classes over 19 numeric features; the same class centres for the train and the test file."""
    centres = random.Random(13)
    centre = {label: [round(centres.uniform(0, 100), 1) for _ in range(19)] for label in SHAPES}
    rng = random.Random(seed)
    lines = _header(relation, [f"@attribute feature{j + 1:02d} numeric" for j in range(19)]
                    + ["@attribute class {" + ",".join(SHAPES) + "}"],
                    "Image regions: 7 classes, 19 features; a train/test pair for WEKA's -T.")
    for i in range(n):
        label = SHAPES[i % 7] if i < 7 else rng.choice(SHAPES)
        lines.append(",".join(str(round(c + rng.gauss(0, 14), 3)) for c in centre[label]) + f",{label}")
    return "\n".join(lines) + "\n"


def shapes_train() -> str:
    return _shapes(14, 700, "shapes-train")


def shapes_test() -> str:
    return _shapes(15, 400, "shapes-test")


def imbalanced() -> str:
    """Four classes, 92 % / 5 % / 2.5 % / 0.1 %, mixed attributes with missing values (hypothyroid's shape)."""
    rng = random.Random(16)
    counts = {"negative": 1753, "compensated": 97, "primary": 48, "secondary": 2}
    flags = [f"flag{j + 1:02d}" for j in range(14)]
    lines = _header("imbalanced", ["@attribute age numeric", "@attribute sex {F,M}"]
                    + [f"@attribute {f} {{f,t}}" for f in flags]
                    + ["@attribute TSH numeric", "@attribute T3 numeric", "@attribute TT4 numeric",
                       "@attribute referral {other,SVI,SVHC,STMW,SVHD}",
                       "@attribute class {" + ",".join(counts) + "}"],
                    "A very imbalanced four-class problem.")
    shift = {"negative": 0.0, "compensated": 1.5, "primary": 3.0, "secondary": -2.0}
    rows = []
    for label, count in counts.items():
        for _ in range(count):
            s = shift[label]
            values = [str(rng.randint(1, 94)), rng.choice("FM") if rng.random() > 0.04 else "?"]
            values += ["t" if rng.random() < 0.1 + 0.05 * abs(s) else "f" for _ in flags]
            for centre in (1.5 + s * 4, 2.0 - s * 0.3, 110 - s * 15):
                values.append("?" if rng.random() < 0.1 else str(round(max(0.005, rng.gauss(centre, 1 + abs(centre) / 5)), 3)))
            values.append(rng.choice(["other", "SVI", "SVHC", "STMW", "SVHD"]))
            rows.append(values + [label])
    rng.shuffle(rows)
    return "\n".join(lines + [",".join(r) for r in rows]) + "\n"


_GENERAL = ("market prices rose fell said company shares year week trade export import bank rate "
            "percent million billion dollar government report sales quarter profit loss oil gold").split()
_TOPIC = "corn maize harvest bushels usda acreage crop farmers grain planting yields feed".split()


def _texts(seed: int, n: int, relation: str) -> str:
    """Documents as one string attribute (quotes, commas, escapes inside) and a 0/1 topic class."""
    rng = random.Random(seed)
    lines = _header(relation, ["@attribute Text string", "@attribute class-att {0,1}"],
                    "News-like documents; needs StringToWordVector (e.g. inside FilteredClassifier).")
    for _ in range(n):
        topic = rng.random() < 0.25
        words = [rng.choice(_TOPIC if topic and rng.random() < 0.3 else _GENERAL) for _ in range(rng.randint(8, 40))]
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words)), rng.choice(["it\\'s", "U.S.,", "\\\"quoted\\\"", "50%"]))
        lines.append("'" + " ".join(words) + f"',{int(topic)}")
    return "\n".join(lines) + "\n"


def text_train() -> str:
    return _texts(17, 300, "text-train")


def text_test() -> str:
    return _texts(18, 150, "text-test")


def numeric_class() -> str:
    """Regression: a nominal vendor and numeric machine features predict a numeric performance."""
    rng = random.Random(19)
    vendors = ["acme", "bolt", "core", "dyna", "east", "flux", "giga", "hexa"]
    lines = _header("numeric-class", ["@attribute vendor {" + ",".join(vendors) + "}", "@attribute MYCT numeric",
                                      "@attribute MMIN numeric", "@attribute MMAX numeric", "@attribute CACH numeric",
                                      "@attribute CHMIN numeric", "@attribute CHMAX numeric", "@attribute PRP numeric"],
                    "A numeric class (regression): WEKA reports no kappa for it.")
    for _ in range(200):
        vendor = rng.choice(vendors)
        myct, mmin = rng.choice([17, 25, 50, 75, 125, 200, 480]), rng.choice([512, 1000, 2000, 4000, 8000])
        mmax, cach = mmin * rng.choice([2, 4, 8]), rng.choice([0, 8, 16, 32, 64, 128])
        chmin, chmax = rng.randint(0, 16), rng.randint(16, 64)
        prp = round(mmax / 400 + cach * 0.6 + chmax * 0.8 - myct * 0.05 + vendors.index(vendor) * 3
                    + rng.gauss(0, 10))
        lines.append(f"{vendor},{myct},{mmin},{mmax},{cach},{chmin},{chmax},{max(6, prp)}")
    return "\n".join(lines) + "\n"


def date_class() -> str:
    """A date class (WEKA reads it as a numeric class of milliseconds): monthly counts, 1955-1966."""
    rng = random.Random(20)
    lines = _header("date-class", ["@attribute passengers numeric",
                                   "@attribute when date 'yyyy-MM-dd HH:mm' % the class, dates before 1970"],
                    "Monthly passenger counts; the class is a date, as in WEKA's airline series.")
    for i in range(144):
        year, month = 1955 + i // 12, i % 12 + 1
        passengers = round(110 + i * 2.5 + 40 * ((month in (6, 7, 8)) - 0.3) + rng.gauss(0, 8))
        lines.append(f"{passengers},'{year}-{month:02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:"
                     f"{rng.choice([0, 15, 30, 45]):02d}'")
    return "\n".join(lines) + "\n"


def dates() -> str:
    """Date attributes (default and custom patterns, missing values) beside a nominal class."""
    rng = random.Random(21)
    lines = _header("dates", ["@attribute ordered date", "@attribute shipped date 'dd/MM/yyyy'",
                              "@attribute items numeric", "@attribute class {on-time,late}"],
                    "Date attributes that are not the class: NaiveBayes and SMO cannot handle them.")
    for _ in range(120):
        day = rng.randint(0, 3000)
        ordered = 946684800 + day * 86400 + rng.randint(0, 86399)  # from 2000-01-01
        delay = rng.randint(1, 12)
        late = delay > 6 if rng.random() > 0.1 else delay <= 6
        ymd = _utc(ordered)
        shipped = _utc(ordered + delay * 86400)
        first = "?" if rng.random() < 0.05 else f"{ymd[0]:04d}-{ymd[1]:02d}-{ymd[2]:02d}T{ymd[3]:02d}:{ymd[4]:02d}:{ymd[5]:02d}"
        lines.append(f"{first},{shipped[2]:02d}/{shipped[1]:02d}/{shipped[0]:04d},{rng.randint(1, 9)},"
                     f"{'late' if late else 'on-time'}")
    return "\n".join(lines) + "\n"


def _utc(seconds: int) -> tuple[int, int, int, int, int, int]:
    import datetime

    moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
    return moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second


def multi_instance() -> str:
    """Multi-instance bags: a relational attribute whose values are quoted rows separated by \\n."""
    rng = random.Random(22)
    lines = _header("multi-instance", ["@attribute bag-id numeric", "@attribute bag relational",
                                       "  @attribute x numeric", "  @attribute y numeric",
                                       "  @attribute colour {red,green,blue}", "@end bag",
                                       "@attribute class {negative,positive}"],
                    "Multi-instance data: each bag is positive if one of its rows is near the target.")
    for i in range(60):
        positive = i % 2 == 1
        rows = []
        for k in range(rng.randint(2, 6)):
            near = positive and k == 0
            x, y = (rng.gauss(5, 0.5), rng.gauss(5, 0.5)) if near else (rng.uniform(-10, 10), rng.uniform(-10, 10))
            rows.append(f"{round(x, 3)},{round(y, 3)},{rng.choice(['red', 'green', 'blue'])}")
        rng.shuffle(rows)
        weight = ",{2}" if i % 10 == 3 else ""
        lines.append(f"{i},'" + "\\n".join(rows) + f"',{'positive' if positive else 'negative'}{weight}")
    return "\n".join(lines) + "\n"


def picnic() -> str:
    """14 days, nominal attributes, a yes/no class (the textbook weather problem's shape; data generated)."""
    rng = random.Random(23)
    lines = _header("picnic", ["@attribute outlook {sunny, overcast, rainy}", "@attribute temperature {hot, mild, cool}",
                               "@attribute humidity {high, normal}", "@attribute windy {TRUE, FALSE}",
                               "@attribute play {yes, no}"],
                    "A textbook-sized nominal problem: 14 days, play outside or not.")
    for i in range(14):
        outlook, temp = rng.choice(["sunny", "overcast", "rainy"]), rng.choice(["hot", "mild", "cool"])
        humidity, windy = rng.choice(["high", "normal"]), rng.choice(["TRUE", "FALSE"])
        play = outlook == "overcast" or (outlook == "sunny") == (humidity == "normal") and windy == "FALSE"
        if i == 0:
            outlook, humidity, play = "sunny", "high", False
        lines.append(f"{outlook},{temp},{humidity},{windy},{'yes' if play else 'no'}")
    return "\n".join(lines) + "\n"


def picnic_numeric() -> str:
    """The picnic problem with numeric temperature and humidity, 20 days."""
    rng = random.Random(24)
    lines = _header("picnic-numeric", ["@attribute outlook {sunny, overcast, rainy}", "@attribute temperature numeric",
                                       "@attribute humidity numeric", "@attribute windy {TRUE, FALSE}",
                                       "@attribute play {yes, no}"],
                    "Nominal and numeric attributes, 20 days.")
    for _ in range(20):
        outlook, temp, humidity = rng.choice(["sunny", "overcast", "rainy"]), rng.randint(60, 90), rng.randint(60, 100)
        windy = rng.choice(["TRUE", "FALSE"])
        play = outlook == "overcast" or (humidity < 80 and windy == "FALSE") or temp < 68
        lines.append(f"{outlook},{temp},{humidity},{windy},{'yes' if play else 'no'}")
    return "\n".join(lines) + "\n"


def eyewear() -> str:
    """Every combination of four nominal attributes (24 rows) and a three-valued class from a rule."""
    lines = _header("eyewear", ["@attribute age {young, middle, old}", "@attribute sight {near, far}",
                                "@attribute glare {no, yes}", "@attribute screen-time {low, high}",
                                "@attribute advice {tinted, coated, none}"],
                    "A complete small nominal table, like the textbook contact-lens problem (rule of our own).")
    for age in ("young", "middle", "old"):
        for sight in ("near", "far"):
            for glare in ("no", "yes"):
                for screen in ("low", "high"):
                    advice = ("none" if screen == "low" and glare == "no" else
                              "tinted" if glare == "yes" and (age != "old" or sight == "near") else "coated")
                    lines.append(f"{age},{sight},{glare},{screen},{advice}")
    return "\n".join(lines) + "\n"


def _numeric_classes(seed: int, relation: str, comment: str, sizes: dict[str, int], features: int,
                     spread: float, low: float = -5, high: float = 5, digits: int = 4) -> str:
    rng = random.Random(seed)
    centre = {label: [rng.uniform(low, high) for _ in range(features)] for label in sizes}
    rows = []
    for label, count in sizes.items():
        for _ in range(count):
            rows.append(",".join(str(round(c + rng.gauss(0, spread), digits)) for c in centre[label]) + f",{label}")
    rng.shuffle(rows)
    lines = _header(relation, [f"@attribute a{j + 1:02d} numeric" for j in range(features)]
                    + ["@attribute class {" + ",".join(sizes) + "}"], comment)
    return "\n".join(lines + rows) + "\n"


def six_classes() -> str:
    return _numeric_classes(25, "six-classes", "Six classes of very different sizes, 9 numeric attributes.",
                            {"build-float": 70, "build-non-float": 76, "vehicle": 17, "container": 13,
                             "tableware": 9, "headlamp": 29}, 9, 2.2)


def radar() -> str:
    return _numeric_classes(26, "radar", "Two classes, 34 numeric attributes in about [-1, 1].",
                            {"good": 225, "bad": 126}, 34, 0.5, -0.6, 0.6)


def rare_positive() -> str:
    return _numeric_classes(27, "rare-positive", "Two classes, one very rare (12 of 856), 32 numeric attributes.",
                            {"Active": 12, "Inactive": 844}, 32, 1.5, -1, 1, 3)


def ballots() -> str:
    """16 yes/no votes with missing values and a two-party class."""
    rng = random.Random(28)
    attributes = [(f"issue-{j + 1:02d}", ["n", "y"]) for j in range(16)]
    rows = _nominal_rows(rng, {"party-a": 267, "party-b": 168}, attributes, purity=0.75, missing=0.05)
    lines = _header("ballots", [f"@attribute {n} {{n,y}}" for n, _ in attributes] + ["@attribute class {party-a,party-b}"],
                    "Votes on 16 issues, some not cast ('?').")
    return "\n".join(lines + [",".join(r) for r in rows]) + "\n"


def small_mixed() -> str:
    """57 rows of mixed numeric and nominal attributes, a third of the values missing."""
    rng = random.Random(29)
    lines = _header("small-mixed", ["@attribute duration numeric", "@attribute wage-increase numeric",
                                    "@attribute cost-of-living {none,tcf,tc}", "@attribute working-hours numeric",
                                    "@attribute pension {none,ret_allw,empl_contr}", "@attribute vacation {below,avg,gnr}",
                                    "@attribute health-plan {none,half,full}", "@attribute class {bad,good}"],
                    "A small mixed problem with many missing values.")
    for _ in range(57):
        good = rng.random() < 0.65
        values = [rng.randint(1, 3), round(rng.gauss(4.5 if good else 2.8, 1.0), 1), rng.choice(["none", "tcf", "tc"]),
                  rng.randint(35, 40), rng.choice(["none", "ret_allw", "empl_contr"]),
                  rng.choice(["avg", "gnr"] if good else ["below", "avg"]), rng.choice(["none", "half", "full"])]
        cells = ["?" if rng.random() < 0.33 else str(v) for v in values]
        lines.append(",".join(cells) + f",{'good' if good else 'bad'}")
    return "\n".join(lines) + "\n"


def sparse_vectors() -> str:
    """Sparse rows over 120 numeric attributes, three classes, no weights."""
    rng = random.Random(30)
    labels = ["alpha", "beta", "gamma"]
    attributes = [f"@attribute t{j:03d} numeric" for j in range(120)] + ["@attribute class {alpha,beta,gamma}"]
    lines = _header("sparse-vectors", attributes, "Sparse rows {index value, ...}; class alpha (index 0) left implicit.")
    for _ in range(400):
        k = rng.randrange(3)
        cells = sorted(set(rng.sample(range(40 * k, 40 * k + 40), 4) + rng.sample(range(120), 3)))
        row = [f"{j} {rng.randint(1, 5)}" for j in cells]
        if k:
            row.append(f"120 {labels[k]}")
        lines.append("{" + ",".join(row) + "}")
    return "\n".join(lines) + "\n"


GENERATED: dict[str, Callable[[], str]] = {
    "weighted.arff": weighted,
    "weighted-sparse.arff": weighted_sparse,
    "missing-class.arff": missing_class,
    "many-classes.arff": many_classes,
    "single-class.arff": single_class,
    "quoted-labels.arff": quoted_labels,
    "dialect.arff": dialect,
    "many-missing.arff": many_missing,
    "wide.arff": wide,
    "shapes-train.arff": shapes_train,
    "shapes-test.arff": shapes_test,
    "imbalanced.arff": imbalanced,
    "text-train.arff": text_train,
    "text-test.arff": text_test,
    "numeric-class.arff": numeric_class,
    "date-class.arff": date_class,
    "dates.arff": dates,
    "multi-instance.arff": multi_instance,
    "picnic.arff": picnic,
    "picnic-numeric.arff": picnic_numeric,
    "eyewear.arff": eyewear,
    "six-classes.arff": six_classes,
    "radar.arff": radar,
    "rare-positive.arff": rare_positive,
    "ballots.arff": ballots,
    "small-mixed.arff": small_mixed,
    "sparse-vectors.arff": sparse_vectors,
}


# -- data sets that installed packages ship ---------------------------------------------------------


def _weka_template(name: str) -> Callable[[], bytes]:
    def extract() -> bytes:
        import importlib.util

        spec = importlib.util.find_spec("weka")
        for location in spec.submodule_search_locations if spec else []:
            jar = Path(location) / "lib" / "weka.jar"
            if jar.exists():
                with zipfile.ZipFile(jar) as archive:
                    return archive.read(f"weka/gui/knowledgeflow/templates/{name}")
        raise ModuleNotFoundError("python-weka-wrapper3 (the weka extra) is not installed")

    extract.__doc__ = f"{name} from python-weka-wrapper3's weka.jar, byte for byte."
    return extract


def _sklearn(loader: str, relation: str, regression: bool = False, target: int = 0) -> Callable[[], bytes]:
    def write() -> bytes:
        import sklearn
        from sklearn import datasets

        bunch = getattr(datasets, loader)()
        names = [_arff_name(n) for n in bunch.feature_names]
        header = [f"% {relation}: scikit-learn {sklearn.__version__}'s datasets.{loader}(), written as ARFF",
                  f"@relation {relation}", ""] + [f"@attribute {n} numeric" for n in names]
        if regression:
            targets = bunch.target if bunch.target.ndim == 1 else bunch.target[:, target]
            target_name = "target" if bunch.target.ndim == 1 else _arff_name(bunch.target_names[target])
            header.append(f"@attribute {target_name} numeric")
            values = [repr(float(t)) for t in targets]
        else:
            labels = [_arff_name(str(n)) for n in bunch.target_names]
            header.append("@attribute class {" + ",".join(labels) + "}")
            values = [labels[int(t)] for t in bunch.target]
        rows = [",".join(repr(float(v)) for v in row) + f",{value}" for row, value in zip(bunch.data, values)]
        return ("\n".join(header + ["", "@data"] + rows) + "\n").encode("utf-8")

    write.__doc__ = f"scikit-learn's {loader}() as ARFF."
    return write


def _arff_name(name: str) -> str:
    name = name.strip().replace(" ", "_").replace("(", "").replace(")", "")
    return name if all(c.isalnum() or c in "_-." for c in name) else "'" + name.replace("'", "\\'") + "'"


PACKAGE_FILES: dict[str, Callable[[], bytes]] = {
    "iris.arff": _weka_template("iris.arff"),
    "credit-g.arff": _weka_template("credit-g.arff"),
    "sklearn-iris.arff": _sklearn("load_iris", "sklearn-iris"),
    "sklearn-wine.arff": _sklearn("load_wine", "sklearn-wine"),
    "sklearn-breast-cancer.arff": _sklearn("load_breast_cancer", "sklearn-breast-cancer"),
    "sklearn-digits.arff": _sklearn("load_digits", "sklearn-digits"),
    "sklearn-diabetes.arff": _sklearn("load_diabetes", "sklearn-diabetes", regression=True),
    "sklearn-linnerud.arff": _sklearn("load_linnerud", "sklearn-linnerud", regression=True, target=2),
}


def write_generated(directory: Path = HERE) -> list[Path]:
    """Write every generated file into ``directory``; the paths written."""
    written = []
    for name, make in GENERATED.items():
        path = directory / name
        path.write_bytes(make().encode("utf-8"))
        written.append(path)
    return written


def write_package_files(directory: Path = HERE, *, missing_only: bool = False) -> list[Path]:
    """Write the files taken from installed packages; raises ModuleNotFoundError when a package is missing."""
    written = []
    for name, make in PACKAGE_FILES.items():
        path = directory / name
        if missing_only and path.exists():
            continue
        data = make()
        temporary = path.with_name(f".{name}.{os.getpid()}.tmp")  # one per writer
        temporary.write_bytes(data)
        temporary.replace(path)  # never a half-written file for a concurrent reader
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--generated", action="store_true", help="only the generated (committed) files")
    group.add_argument("--packages", action="store_true", help="only the files taken from installed packages")
    group.add_argument("--missing", action="store_true", help="only package files that are not there yet")
    args = parser.parse_args(argv)
    written = []
    if not (args.packages or args.missing):
        written += write_generated()
    if not args.generated:
        try:
            written += write_package_files(missing_only=args.missing)
        except ModuleNotFoundError as error:
            print(f"generate.py: {error}: install the project with its weka and samples extras", file=sys.stderr)
            return 1
    for path in written:
        print(f"wrote arff_samples/{path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
