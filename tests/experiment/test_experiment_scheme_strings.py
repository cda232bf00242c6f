"""A scheme given as a string on ``wekaeval experiment``'s command line calls nothing but an estimator's class.

A scikit-learn scheme must name a public class of scikit-learn that is a ``BaseEstimator``: a function that
writes a file or runs code, a class that is not an estimator, a module, a private or test module are refused
before anything is called. A WEKA scheme must name a WEKA classifier, at the top and in its options: any other
Java class is refused before it is made.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import ROOT
from wekaeval.cli import main

pytest.importorskip("sklearn")

DATASET = ROOT / "arff_samples" / "picnic.arff"
PERMISSIBLE = "Can't find a permissible class"  # WEKA's Utils.forName, for a class option


def refused(capsys, tmp_path: Path, scheme: str) -> str:
    """Run the experiment; it must exit 2 with one line naming the scheme, and write no result file."""
    status = main(
        ["experiment", str(DATASET), "-s", scheme, "--runs", "1", "--folds", "2", "-o", str(tmp_path / "r.arff")]
    )
    out, err = capsys.readouterr()
    assert status == 2 and out == "", (status, out, err)
    assert err.count("\n") == 1 and err.startswith("wekaeval: error: ") and "Traceback" not in err, err
    assert not (tmp_path / "r.arff").exists()
    return err


@pytest.mark.parametrize(
    ("template", "message"),
    [
        # the two: a function that writes any path, a private helper that runs any Python
        ("sklearn.datasets.dump_svmlight_file(X=[[1.0]], y=[1.0], f={target!r})", "is a function, not a scikit"),
        (
            "sklearn.utils._testing.assert_run_python_script_without_output(source_code={code!r}, pattern='zzz')",
            "_testing is not a public part",
        ),
        ("sklearn.utils.Bunch(path={target!r})", "is a class, not a scikit-learn estimator class"),
        ("sklearn.utils.fixes", "is a module, not"),
        ("sklearn.base.clone(estimator={target!r})", "is a function"),
        ("sklearn.tree._classes.DecisionTreeClassifier", "_classes is not a public part"),
        ("sklearn.tree.tests.test_tree", "tests is not a public part"),
    ],
)
def test_a_scikit_learn_scheme_string_calls_nothing_but_an_estimator_class(tmp_path, capsys, template, message):
    target = tmp_path / "written"
    code = f"open({str(tmp_path / 'ran')!r}, 'w').close()"
    scheme = template.format(target=str(target), code=code)
    err = refused(capsys, tmp_path, scheme)
    assert f"--classifier {scheme!r}" in err and message in err, err
    assert "sklearn.base.BaseEstimator" in err or "public" in err
    assert not target.exists() and not (tmp_path / "ran").exists()
    assert list(tmp_path.iterdir()) == []


def test_an_estimator_class_is_still_made_with_its_literal_keywords():
    from sklearn.tree import DecisionTreeClassifier

    from wekaeval.cli._experiment import sklearn_scheme

    made = sklearn_scheme("sklearn.tree.DecisionTreeClassifier(max_depth=3, criterion='entropy')")
    assert isinstance(made, DecisionTreeClassifier) and made.get_params()["max_depth"] == 3


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("template", "java_class", "message"),
    [
        ("java.lang.Runtime", "java.lang.Runtime", "no such WEKA classifier class"),
        ("weka.core.Utils", "weka.core.Utils", "no such WEKA classifier class"),
        ("java.io.File {target}", "java.io.File", "no such WEKA classifier class"),
        ("weka.classifiers.meta.Bagging -W java.io.File -- {target}", "java.io.File", PERMISSIBLE),
        ("weka.classifiers.meta.FilteredClassifier -F java.lang.ProcessBuilder", "ProcessBuilder", PERMISSIBLE),
    ],
)
def test_a_weka_scheme_string_makes_nothing_but_a_weka_classifier(
    weka_jvm, tmp_path, capsys, template, java_class, message
):
    target = tmp_path / "written"
    err = refused(capsys, tmp_path, template.format(target=target))
    assert java_class in err and message in err, err
    assert not target.exists()
