"""Write tests/oracles/fixtures/scmamp_reference.json: scmamp's Shaffer and Bergmann-Hommel adjusted p-values.

scmamp (B. Calvo and G. Santafé, the R package at github.com/b0rxa/scmamp, GPL-2) is the only
implementation of Shaffer's static and Bergmann & Hommel's procedures for all pairwise comparisons
(García and Herrera 2008); wekaeval.experiment._hypotheses is checked against its values without R
(tests/experiment/test_hypotheses.py), as tests/javamath/test_javamath.py checks against stored JVM values.
Run it where R and scmamp's one dependency are installed (Debian: ``apt-get install r-base-core r-cran-reshape2``),
giving a git checkout (or bare mirror) of scmamp::

    .venv/bin/python -m tests.oracles.make_scmamp_reference --scmamp /path/to/scmamp

It installs that commit of scmamp into a temporary R library, runs tests/oracles/scmamp_reference.R on

- Demšar's Table 6 (J. Demšar (2006), Statistical comparisons of classifiers over multiple data sets,
  JMLR 7:1-30: the AUC of C4.5, C4.5+m, C4.5+cf and C4.5+m+cf on 14 data sets, typed from the paper),
- seeded random tables of small integers (so that ranks and p-values tie), k = 2 to 12 schemes,
  through scmamp's ``postHocTest(test="friedman", correct="shaffer" | "bergmann")``,
- seeded random matrices of p-values (distinct, tied, large, 0 and 1), k = 2 to 15, through
  ``adjustShaffer`` and ``adjustBergmannHommel`` directly,

and writes every double exactly (hex from R, shortest round-trip decimals in the JSON), with a header
naming the scmamp commit and the R version.  Where scmamp stops with an error (k = 2; Bergmann-Hommel
beyond 9 schemes) the case records its message.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from tests.experiment.test_compare import DEMSAR as DEMSAR_TABLE6  # Demšar (2006), Table 6: AUC, higher is better
from tests.experiment.test_compare import SCHEMES as DEMSAR_SCHEMES
from tests.paths import FIXTURES, ORACLES

TARGET = FIXTURES / "scmamp_reference.json"
R_SCRIPT = ORACLES / "scmamp_reference.R"


#: (schemes, data sets, distinct values) of the random tables: few values, many ties
TABLE_SHAPES = [(2, 10, 5)] + [(k, n, v) for k in range(3, 10) for n, v in ((6, 3), (14, 5), (30, 40))]
TABLE_SHAPES += [(10, 14, 5), (12, 20, 6)]
#: (schemes, kind) of the random p-value matrices
PVALUE_SHAPES = [(k, kind) for k in range(2, 10) for kind in ("distinct", "tied", "large")]
PVALUE_SHAPES += [(4, "edges"), (7, "edges"), (10, "tied"), (12, "distinct"), (15, "tied")]
FIRST_SEED = 3400


def random_table(rng: np.random.Generator, k: int, n: int, values: int) -> list[list[int]]:
    return rng.integers(0, values, size=(n, k)).tolist()


def random_pvalues(rng: np.random.Generator, k: int, kind: str) -> np.ndarray:
    m = k * (k - 1) // 2
    if kind == "distinct":
        upper = 10.0 ** rng.uniform(-9.0, 0.0, size=m)
    elif kind == "tied":
        pool = 10.0 ** rng.uniform(-6.0, 0.0, size=max(1, m // 4))
        upper = rng.choice(pool, size=m)
    elif kind == "large":  # most products with t_i pass 1
        upper = rng.uniform(0.05, 1.0, size=m)
    else:  # "edges": exact 0 and 1 among tied small values
        upper = rng.choice(np.array([0.0, 1.0, 1e-300, 0.5, 0.01, 0.01 / 3]), size=m)
    matrix = np.full((k, k), np.nan)
    first, second = np.triu_indices(k, 1)
    matrix[first, second] = upper
    matrix[second, first] = upper
    return matrix


def cases() -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = [
        {
            "name": "demsar2006_table6",
            "kind": "table",
            "seed": None,
            "source": "Demšar (2006), JMLR 7:1-30, Table 6 (AUC, higher is better)",
            "datasets": list(DEMSAR_TABLE6),
            "schemes": list(DEMSAR_SCHEMES),
            "table": [list(row) for row in DEMSAR_TABLE6.values()],
        }
    ]
    seed = FIRST_SEED
    for k, n, values in TABLE_SHAPES:
        rng = np.random.default_rng(seed)
        table = random_table(rng, k, n, values)
        made.append({"name": f"table_k{k}_n{n}_v{values}", "kind": "table", "seed": seed, "table": table})
        seed += 1
    for k, kind in PVALUE_SHAPES:
        rng = np.random.default_rng(seed)
        made.append(
            {"name": f"pvalues_k{k}_{kind}", "kind": "pvalues", "seed": seed, "p": random_pvalues(rng, k, kind)}
        )
        seed += 1
    return made


def _hex(value: float) -> str:
    return "NA" if math.isnan(value) else float(value).hex()


def write_cases(made: list[dict[str, Any]], path: Path) -> None:
    lines = []
    for case in made:
        if case["kind"] == "table":
            table = case["table"]
            lines.append(f"table {case['name']} {len(table)} {len(table[0])}")
            lines.extend(" ".join(repr(v) for v in row) for row in table)
        else:
            p = case["p"]
            lines.append(f"pvalues {case['name']} {len(p)}")
            lines.extend(" ".join(_hex(v) for v in row) for row in p)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _value(text: str) -> float:
    return math.nan if text == "NA" else float.fromhex(text)


def read_output(path: Path) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    header: dict[str, str] = {}
    results: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        field, _, rest = line.partition(" ")
        if field in ("r_version", "scmamp_version"):
            header[field] = rest
        elif field == "case":
            current = results.setdefault(rest, {"errors": {}})
        elif field == "error":
            which, _, message = rest.partition(" ")
            current["errors"][which] = message
        else:
            current[field] = np.array([_value(v) for v in rest.split(" ")])
    return header, results


def _json_matrix(values: np.ndarray, k: int) -> list[list[float | None]]:
    matrix = values.reshape(k, k)
    return [[None if math.isnan(v) else float(v) for v in row] for row in matrix]


def build(scmamp: Path, target: Path) -> None:
    commit = subprocess.run(
        ["git", "-C", str(scmamp), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    made = cases()
    with tempfile.TemporaryDirectory(prefix="scmamp-") as tmp:
        work = Path(tmp)
        archive = subprocess.run(
            ["git", "-C", str(scmamp), "archive", "--prefix=scmamp/", commit], check=True, capture_output=True
        )
        subprocess.run(["tar", "x", "-C", str(work)], input=archive.stdout, check=True)
        library = work / "lib"
        library.mkdir()
        subprocess.run(
            [
                "R",
                "CMD",
                "INSTALL",
                "--no-docs",
                "--no-multiarch",
                "--no-test-load",
                f"--library={library}",
                str(work / "scmamp"),
            ],
            check=True,
            capture_output=True,
        )
        write_cases(made, work / "cases.txt")
        env = dict(os.environ, R_LIBS=str(library))
        subprocess.run(["Rscript", str(R_SCRIPT), str(work / "cases.txt"), str(work / "out.txt")], check=True, env=env)
        header, results = read_output(work / "out.txt")
    out_cases = []
    for case in made:
        got = results[case["name"]]
        entry = {key: value for key, value in case.items() if key != "p"}
        if case["kind"] == "table":
            k = len(case["table"][0])
            entry["mean_ranks"] = [float(v) for v in got["mean_ranks"]]
        else:
            k = len(case["p"])
            sent, back = case["p"].ravel(), got["raw"]
            assert np.array_equal(sent, back, equal_nan=True), f"{case['name']}: R read other p-values than sent"
        entry["schemes_count"] = k
        entry["raw"] = _json_matrix(got["raw"], k) if "raw" in got else None
        entry["shaffer"] = _json_matrix(got["shaffer"], k) if "shaffer" in got else None
        entry["bergmann_hommel"] = _json_matrix(got["bergmann"], k) if "bergmann" in got else None
        entry["scmamp_errors"] = {
            ("bergmann_hommel" if key == "bergmann" else key): message for key, message in got["errors"].items()
        }
        out_cases.append(entry)
        print(f"{case['name']}: seed {case['seed']}, errors {entry['scmamp_errors'] or 'none'}")
    document = {
        "about": (
            "scmamp's adjusted p-values for all pairwise comparisons: Shaffer's static procedure (adjustShaffer) "
            "and Bergmann & Hommel's (adjustBergmannHommel), for wekaeval.experiment._hypotheses. Tables go "
            "through postHocTest(test='friedman', correct='shaffer'|'bergmann'): 'raw' is its raw.pval (the "
            "z-test on mean ranks, ranks 1 = highest value), 'shaffer' and 'bergmann_hommel' its corrected.pval. "
            "p-value cases go through adjustShaffer/adjustBergmannHommel directly, 'raw' being the input. "
            "Diagonals are null: scmamp copies the raw matrix's NA. A null matrix means scmamp stopped: "
            "see scmamp_errors."
        ),
        "made_by": "python -m tests.oracles.make_scmamp_reference --scmamp DIR (tests/oracles/scmamp_reference.R)",
        "made_on": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "scmamp": {
            "repository": "https://github.com/b0rxa/scmamp",
            "commit": commit,
            "version": header["scmamp_version"],
        },
        "r_version": header["r_version"],
        "references": [
            "B. Calvo and G. Santafé (2016) scmamp: Statistical comparison of multiple algorithms in multiple "
            "problems. The R Journal 8(1):248-256.",
            "J. Demšar (2006) Statistical comparisons of classifiers over multiple data sets. JMLR 7:1-30.",
            "S. García and F. Herrera (2008) An extension on 'Statistical comparisons of classifiers over "
            "multiple data sets' for all pairwise comparisons. JMLR 9:2677-2694.",
        ],
        "cases": out_cases,
    }
    text = json.dumps(document, indent=1, ensure_ascii=False)
    text = re.sub(r"\[\s+([^\[\]{}\"]*?)\s+\]", lambda row: "[" + " ".join(row.group(1).split()) + "]", text)
    target.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {target}: {len(out_cases)} cases, scmamp {commit}, {header['r_version']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scmamp", type=Path, required=True, help="a git checkout or mirror of github.com/b0rxa/scmamp"
    )
    parser.add_argument("--output", type=Path, default=TARGET)
    args = parser.parse_args()
    build(args.scmamp, args.output)


if __name__ == "__main__":
    main()
