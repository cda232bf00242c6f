"""WEKA's Experimenter as the oracle for wekaeval.ttest: result files from its command line, its tester's text.

The experiment (datasets x schemes, runs x folds of cross-validation) is set up in this process's JVM
with python-weka-wrapper3 and saved as an ``.exp`` file, then run by WEKA's own command line
(``weka.experiment.Experiment -l X.exp -r``, several in one child JVM: tests/oracles/command_lines.py),
which cannot name several schemes itself.  WEKA's
``PairedCorrectedTTester`` then analyses the ARFF result file in this process's JVM.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tests.oracles.command_lines import print_all
from tests.paths import ARFF_SAMPLES
from wekaeval import bridge

DATASETS = ("iris.arff", "picnic.arff", "eyewear.arff")
SCHEMES = (
    "weka.classifiers.rules.ZeroR",
    "weka.classifiers.trees.J48 -C 0.25 -M 2",
    "weka.classifiers.bayes.NaiveBayes",
)
MATRICES = {
    "plain": "weka.experiment.ResultMatrixPlainText",
    "latex": "weka.experiment.ResultMatrixLatex",
    "csv": "weka.experiment.ResultMatrixCSV",
    "html": "weka.experiment.ResultMatrixHTML",
    "significance": "weka.experiment.ResultMatrixSignificance",
    "gnuplot": "weka.experiment.ResultMatrixGnuPlot",
}


def percent_correct_arff(relation: str, datasets: str, runs: str, folds: str, schemes: str, rows: list[str]) -> str:
    """An Experimenter result file as WEKA's InstanceResultListener writes it, with Percent_correct alone: the key
    attributes' labels as given (comma-separated, quoted where ARFF needs it), then ``rows``, one per line."""
    header = [
        f"@relation {relation}",
        "@attribute Key_Dataset {" + datasets + "}",
        "@attribute Key_Run {" + runs + "}",
        "@attribute Key_Fold {" + folds + "}",
        "@attribute Key_Scheme {" + schemes + "}",
        "@attribute Key_Scheme_options {''}",
        "@attribute Key_Scheme_version_ID {1}",
        "@attribute Number_of_training_instances numeric",
        "@attribute Number_of_testing_instances numeric",
        "@attribute Percent_correct numeric",
        "@data",
    ]
    return "\n".join(header + rows) + "\n"


def run_experiment(result: Path, *, runs: int = 3, folds: int = 5, datasets=DATASETS, schemes=SCHEMES) -> Path:
    """Write ``result`` (``.arff``: InstancesResultListener, ``.csv``: CSVResultListener) with WEKA's command line."""
    return run_experiments([result], runs=runs, folds=folds, datasets=datasets, schemes=schemes)[0]


def run_experiments(
    results: Sequence[Path], *, runs: int = 3, folds: int = 5, datasets=DATASETS, schemes=SCHEMES
) -> list[Path]:
    """:func:`run_experiment` for each of ``results`` (all in one folder), the command lines in one child JVM."""
    from weka.classifiers import Classifier
    from weka.core.classes import from_commandline
    from weka.experiments import SimpleCrossValidationExperiment, SimpleExperiment

    bridge.start_jvm()
    lines = []
    for result in results:
        classifiers = [from_commandline(scheme, classname="weka.classifiers.Classifier") for scheme in schemes]
        assert all(isinstance(c, Classifier) or hasattr(c, "jobject") for c in classifiers)
        experiment = SimpleCrossValidationExperiment(
            datasets=[str(ARFF_SAMPLES / name) for name in datasets],
            classifiers=classifiers,
            classification=True,
            runs=runs,
            folds=folds,
            result=str(result),
        )
        experiment.setup()
        saved = result.with_name(f"{result.name}.exp")
        SimpleExperiment.save(str(saved), experiment)
        lines.append(["weka.experiment.Experiment", "-l", str(saved), "-r"])
    (folder,) = {result.parent for result in results}
    for result, done in zip(results, print_all(lines, cwd=folder), strict=True):
        if done.status != 0 or not result.exists():
            raise RuntimeError(f"Experiment failed: {done.text()[-800:]}{done.error_text()[-800:]}")
    return list(results)


def weka_tester(
    path: Path, *, significance: float = 0.05, show_std_devs: bool = False, matrix: str = "plain", sort_column: int = -1
):
    """WEKA's PairedCorrectedTTester on an ARFF result file, set up as the Experimenter's Analyse panel does."""
    bridge.start_jvm()
    instances = bridge.java_class("weka.core.Instances")(bridge.java_class("java.io.FileReader")(str(path)))
    tester = bridge.java_class("weka.experiment.PairedCorrectedTTester")()
    names = [str(instances.attribute(i).name()) for i in range(instances.numAttributes())]
    Range = bridge.java_class("weka.core.Range")
    tester.setInstances(instances)
    tester.setDatasetKeyColumns(Range(str(names.index("Key_Dataset") + 1)))
    tester.setRunColumn(names.index("Key_Run"))
    tester.setFoldColumn(names.index("Key_Fold"))
    keys = ("Key_Scheme", "Key_Scheme_options", "Key_Scheme_version_ID")
    tester.setResultsetKeyColumns(Range(",".join(str(names.index(k) + 1) for k in keys)))
    tester.setSignificanceLevel(significance)
    tester.setShowStdDevs(show_std_devs)
    tester.setSortColumn(sort_column)
    tester.setResultMatrix(bridge.java_class(MATRICES[matrix])())
    tester.getResultMatrix().setShowStdDev(show_std_devs)
    return tester, names
