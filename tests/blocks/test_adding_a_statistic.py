"""docs/development.md's worked example, applied: a class-details column added in at most five files.

The edits below are the example's whole diff (``TN Rate``, the true negative rate WEKA computes but does not
print, as a plugin column would be). They are made to a copy of the package, and in a fresh interpreter the copy
prints the column, the report reader reads it back to the printed digits, and the report's check finds it
consistent: nothing else in the package lists the columns.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT

#: The worked example's diff: file (under src/wekaeval) -> (text before, text after).
EDITS = {
    "blocks/_statistics.py": (
        _ROW := "    Statistic('true_negative_rate', 'trueNegativeRate', 'per-class',"
        " weighted='weighted_true_negative_rate',\n",
        _ROW + "              column=8, toggle='tn rate', header='TN Rate', width=9,\n",
    ),
    "blocks/_details.py": (
        "    area_under_prc: float | None = None\n",
        "    area_under_prc: float | None = None\n    true_negative_rate: float | None = None\n",
    ),
}

_SCRIPT = """
import json
import wekaeval
from wekaeval import Evaluation, read_weka_output
from wekaeval.javamath import java_fixed
evaluation = Evaluation(["yes", "no", "maybe"])
evaluation.evaluate_batch([[0.7, 0.2, 0.1], [0.1, 0.6, 0.3], [0.5, 0.4, 0.1], [0.2, 0.2, 0.6], [0.3, 0.3, 0.4]],
                          [0, 1, 1, 2, 0])
text = evaluation.summary() + "\\n" + evaluation.class_details() + "\\n" + evaluation.matrix()
report = read_weka_output(text)
section = report.sections[0]
details = section.class_details
print(json.dumps({
    "text": evaluation.class_details(),
    "columns": list(details.columns),
    "read": [row.true_negative_rate for row in details.rows],
    "weighted": details.weighted_avg.true_negative_rate,
    "package": wekaeval.__file__,
    "computed": [float(java_fixed(evaluation.true_negative_rate(i), 3)) for i in range(3)],
    "computed_weighted": float(java_fixed(evaluation.weighted_true_negative_rate, 3)),
    "inconsistencies": [str(i) for i in report.check()],
}))
"""


def test_a_class_details_column_in_at_most_five_files(tmp_path: Path):
    assert len(EDITS) <= 5
    package = tmp_path / "wekaeval"
    shutil.copytree(ROOT / "src" / "wekaeval", package, ignore=shutil.ignore_patterns("__pycache__"))
    for name, (before, after) in EDITS.items():
        path = package / name
        text = path.read_text(encoding="utf-8")
        assert text.count(before) == 1, name
        path.write_text(text.replace(before, after), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert Path(result["package"]).is_relative_to(package)
    header = result["text"].splitlines()[2]
    assert header.endswith("PRC Area  TN Rate  Class"), result["text"]
    assert result["columns"][-1] == "true_negative_rate"
    assert result["read"] == result["computed"] and result["weighted"] == result["computed_weighted"]
    assert result["inconsistencies"] == []
