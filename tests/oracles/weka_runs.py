"""WEKA's own outputs for the report tests: its command line, its Explorer's text, its Experimenter.

Every text here is printed by WEKA (the weka.jar of python-weka-wrapper3):
the command line is WEKA's own ``main`` (``java <classifier> -t ...``) with
the options a user gives it, all the runs called one after another in ONE
child JVM (tests/oracles/command_lines.py), each with its own stdout and
stderr: a separate ``java`` per run spent ~0.7-1 CPU-s starting a JVM and
loading WEKA for a fraction of a second of work, 26 runs ~29 CPU-s, the one
JVM ~7.5.  Each run prints byte for byte what a separate process prints (the
"Time taken" lines aside; tests/report/test_weka_command_lines.py).  The
Explorer's buffer is assembled from WEKA's own ``toSummaryString``,
``toClassDetailsString`` and ``toMatrixString`` with the run-information
lines of ``weka.gui.explorer.ClassifierPanel``.  Alongside, the same
evaluations are repeated in this process's JVM so the tests can compare
every printed number with WEKA's double.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from tests.oracles.command_lines import print_all
from tests.paths import ARFF_SAMPLES
from wekaeval import bridge

J48 = "weka.classifiers.trees.J48"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
LINEAR_REGRESSION = "weka.classifiers.functions.LinearRegression"
COST_MATRIX = "% a cost matrix in WEKA's new format\n3 3\n0 1 2\n5 0 1\n1 1 0\n"


@dataclass(frozen=True)
class Run:
    """One invocation of WEKA's command line: ``java <classifier> -t <train> <args>``."""

    name: str
    classifier: str
    train: str
    args: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    test: str | None = None

    def command_line(self, workdir: Path) -> list[str]:
        """``<classifier> -t <train> ...``: what follows ``java -cp weka.jar`` on a user's command line."""
        args = [a.replace("{cost}", str(workdir / "costs.cost")) for a in self.args]
        test = ["-T", str(ARFF_SAMPLES / self.test)] if self.test else []
        return [self.classifier, "-t", str(ARFF_SAMPLES / self.train), *test, *args, *self.options]

    def flag(self, name: str) -> str | None:
        """The value after option ``name`` (or ``""`` for a flag), None when absent."""
        if name not in self.args:
            return None
        index = self.args.index(name)
        return self.args[index + 1] if index + 1 < len(self.args) and not self.args[index + 1].startswith("-") else ""


RUNS = (
    Run("j48-iris", J48, "iris.arff"),
    Run("j48-iris-k", J48, "iris.arff", ("-k",)),
    Run("nb-many-missing-v-o-k", NAIVE_BAYES, "many-missing.arff", ("-v", "-o", "-k")),
    Run("j48-shapes-T", J48, "shapes-train.arff", (), test="shapes-test.arff"),
    Run("j48-iris-split", J48, "iris.arff", ("-split-percentage", "66")),
    Run("nb-radar-split-s", NAIVE_BAYES, "radar.arff", ("-split-percentage", "80", "-s", "7", "-o")),
    Run("j48-iris-no-cv", J48, "iris.arff", ("-no-cv",)),
    Run("oner-ballots-x5", "weka.classifiers.rules.OneR", "ballots.arff", ("-x", "5", "-s", "3", "-o")),
    Run("ibk-six-classes", "weka.classifiers.lazy.IBk", "six-classes.arff", ("-o", "-k"), ("-K", "3")),
    Run("logistic-credit-g", "weka.classifiers.functions.Logistic", "credit-g.arff", ("-o",)),
    Run("zeror-small-mixed-T", "weka.classifiers.rules.ZeroR", "small-mixed.arff", ("-k",), test="small-mixed.arff"),
    Run("j48-many-classes", J48, "many-classes.arff", ("-o",)),
    Run("j48-weighted", J48, "weighted.arff", ("-k", "-o")),
    Run("nb-weighted-sparse", NAIVE_BAYES, "weighted-sparse.arff", ("-o",)),
    Run("j48-missing-class", J48, "missing-class.arff", ("-o",)),
    Run("nb-quoted-labels", NAIVE_BAYES, "quoted-labels.arff", ("-o",)),
    Run("nb-rare-positive", NAIVE_BAYES, "rare-positive.arff", ("-o", "-x", "3")),
    Run("j48-iris-cost", J48, "iris.arff", ("-m", "{cost}", "-o", "-v", "-toggle", "Coverage,Region size")),
    Run("lr-numeric-k", LINEAR_REGRESSION, "numeric-class.arff", ("-k",)),
    Run("lr-numeric-split", LINEAR_REGRESSION, "numeric-class.arff", ("-split-percentage", "50", "-o")),
    Run(
        "j48-iris-predictions",
        J48,
        "iris.arff",
        ("-classifications", "weka.classifiers.evaluation.output.prediction.PlainText"),
    ),
    Run(
        "j48-iris-distribution",
        J48,
        "iris.arff",
        ("-classifications", "weka.classifiers.evaluation.output.prediction.PlainText -distribution -p 1-2"),
    ),
    Run(
        "nb-quoted-labels-predictions",
        NAIVE_BAYES,
        "quoted-labels.arff",
        ("-classifications", "weka.classifiers.evaluation.output.prediction.PlainText -distribution"),
    ),
    Run("j48-iris-p", J48, "iris.arff", ("-p", "1"), test="iris.arff"),
    Run(
        "lr-numeric-predictions",
        LINEAR_REGRESSION,
        "numeric-class.arff",
        ("-no-cv", "-classifications", "weka.classifiers.evaluation.output.prediction.PlainText"),
    ),
    Run(
        "j48-shapes-T-predictions",
        J48,
        "shapes-train.arff",
        ("-classifications", "weka.classifiers.evaluation.output.prediction.PlainText -decimals 5"),
        test="shapes-test.arff",
    ),
)


@dataclass
class Output:
    run: Run
    text: str
    stderr: str = field(repr=False, default="")


def run_all(workdir: Path, runs=RUNS) -> dict[str, Output]:
    """Run WEKA's command line for every run, all in one child JVM (:func:`print_all`); stdout is the log."""
    (workdir / "costs.cost").write_text(COST_MATRIX)
    found = {}
    for run, printed in zip(runs, print_all([run.command_line(workdir) for run in runs]), strict=True):
        text = printed.text()
        if printed.status != 0 or "===" not in text:
            raise RuntimeError(
                f"{run.name}: WEKA failed ({printed.status}): {text[-800:]}{printed.error_text()[-800:]}"
            )
        found[run.name] = Output(run, text, printed.error_text())
    return found


# -- the same evaluations inside this process's JVM -----------------------------------


def java_round(value: float) -> int:
    """``Math.round`` of a double."""
    return math.floor(value + 0.5)


class Mirror:
    """The command line's evaluations, repeated with WEKA's classes through JPype.

    ``evaluations(run)`` maps each section title WEKA prints to the
    ``weka.classifiers.evaluation.Evaluation`` behind it.
    """

    def __init__(self, workdir: Path):
        import jpype

        self.jpype = jpype
        self.workdir = workdir
        self.Evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")
        self.AbstractClassifier = jpype.JClass("weka.classifiers.AbstractClassifier")
        self.Instances = jpype.JClass("weka.core.Instances")
        self.Random = jpype.JClass("java.util.Random")
        self.CostMatrix = jpype.JClass("weka.classifiers.CostMatrix")
        self.StringReader = jpype.JClass("java.io.StringReader")
        self.ArrayList = jpype.JClass("java.util.ArrayList")

    def data(self, name: str):
        return bridge.load_instances(ARFF_SAMPLES / name)

    def classifier(self, run: Run):
        options = self.jpype.JArray(self.jpype.JString)(list(run.options))
        return self.AbstractClassifier.forName(run.classifier, options)

    def new_evaluation(self, priors, run: Run):
        costs = None
        if run.flag("-m") is not None:
            costs = self.CostMatrix(self.StringReader(COST_MATRIX))
        evaluation = self.Evaluation(priors, costs)
        toggle = run.flag("-toggle")
        if toggle:
            metrics = self.ArrayList()
            for name in toggle.split(","):
                metrics.add(name.strip().lower())
            evaluation.toggleEvalMetrics(metrics)
        return evaluation

    def evaluations(self, run: Run) -> dict:
        train = self.data(run.train)
        seed = int(run.flag("-s") or 1)
        result = {}
        if run.flag("-v") is None:
            model = self.classifier(run)
            model.buildClassifier(train)
            evaluation = self.new_evaluation(train, run)
            evaluation.evaluateModel(model, train)
            result["Error on training data"] = evaluation
        if run.test is not None:
            model = self.classifier(run)
            model.buildClassifier(train)
            evaluation = self.new_evaluation(train, run)
            evaluation.evaluateModel(model, self.data(run.test))
            result["Error on test data"] = evaluation
        elif (percentage := run.flag("-split-percentage")) is not None:
            shuffled = self.Instances(train)
            shuffled.randomize(self.Random(seed))
            size = java_round(shuffled.numInstances() * float(percentage) / 100)
            part = self.Instances(shuffled, 0, size)
            rest = self.Instances(shuffled, size, shuffled.numInstances() - size)
            model = self.classifier(run)
            model.buildClassifier(part)
            evaluation = self.new_evaluation(part, run)
            evaluation.evaluateModel(model, rest)
            result["Error on test split"] = evaluation
        elif run.flag("-no-cv") is None:
            evaluation = self.new_evaluation(train, run)
            folds = int(run.flag("-x") or 10)
            evaluation.crossValidateModel(self.classifier(run), train, folds, self.Random(seed))
            nominal = train.classAttribute().isNominal()
            result["Stratified cross-validation" if nominal else "Cross-validation"] = evaluation
        return result

    def explorer_buffer(self, run: Run, mode: str) -> tuple[str, object]:
        """The Explorer's "Classifier output" for ``mode`` ("cv", "training", "split" or "test"), and its Evaluation.

        Run information as ``ClassifierPanel`` prints it, the model, then
        WEKA's own summary, class details and matrix strings.
        """
        data = self.data(run.train)
        model = self.classifier(run)
        model.buildClassifier(data)
        options = str(self.jpype.JClass("weka.core.Utils").joinOptions(model.getOptions()))
        names = [str(data.attribute(i).name()) for i in range(data.numAttributes())]
        test_mode, heading = {
            "cv": ("10-fold cross-validation", "Stratified cross-validation"),
            "training": ("evaluate on training data", "Evaluation on training set"),
            "split": ("split 66.0% train, remainder test", "Evaluation on test split"),
            "test": (
                f"user supplied test set: {self.data(run.test or run.train).numInstances()} instances",
                "Evaluation on test set",
            ),
        }[mode]
        text = [
            "=== Run information ===\n\n",
            f"Scheme:       {run.classifier} {options}\n",
            f"Relation:     {data.relationName()}\n",
            f"Instances:    {data.numInstances()}\n",
            f"Attributes:   {data.numAttributes()}\n",
        ]
        text += (
            [f"              {name}\n" for name in names]
            if len(names) < 100
            else ["              [list of attributes omitted]\n"]
        )
        text += [
            f"Test mode:    {test_mode}\n",
            "\n",
            "=== Classifier model (full training set) ===\n\n",
            f"{model.toString()}\n",
            "\nTime taken to build model: 0.01 seconds\n\n",
        ]
        evaluation = self.Evaluation(data)
        if mode == "cv":
            evaluation.crossValidateModel(self.classifier(run), data, 10, self.Random(1))
        elif mode == "training":
            evaluation.evaluateModel(model, data)
        elif mode == "test":
            evaluation.evaluateModel(model, self.data(run.test or run.train))
        else:
            shuffled = self.Instances(data)
            shuffled.randomize(self.Random(1))
            size = java_round(shuffled.numInstances() * 66.0 / 100)
            part = self.Instances(shuffled, 0, size)
            split_model = self.classifier(run)
            split_model.buildClassifier(part)
            evaluation = self.Evaluation(part)
            evaluation.evaluateModel(split_model, self.Instances(shuffled, size, shuffled.numInstances() - size))
        if mode != "cv":
            phrase = {"training": "training data", "split": "test split", "test": "supplied test set"}[mode]
            text.append(f"=== {heading} ===\n\nTime taken to test model on {phrase}: 0 seconds\n\n")
        else:
            text.append(f"=== {heading if data.classAttribute().isNominal() else 'Cross-validation'} ===\n")
        text.append(str(evaluation.toSummaryString(True)) + "\n")
        if data.classAttribute().isNominal():
            text.append(str(evaluation.toClassDetailsString()) + "\n")
            text.append(str(evaluation.toMatrixString()) + "\n")
        return "".join(text), evaluation


def experiment_command_line(listener: str, out: Path, scheme: str) -> list[str]:
    """WEKA's Experimenter from the command line: 2 runs x 5-fold CV of ``scheme`` on three datasets, into ``out``."""
    return [
        "weka.experiment.Experiment",
        "-r",
        "-L",
        "1",
        "-U",
        "2",
        "-T",
        str(ARFF_SAMPLES / "iris.arff"),
        "-T",
        str(ARFF_SAMPLES / "eyewear.arff"),
        "-T",
        str(ARFF_SAMPLES / "picnic.arff"),
        "-D",
        f"{listener} -O {out}",
        "-P",
        "weka.experiment.CrossValidationResultProducer",
        "--",
        "-X",
        "5",
        "-W",
        "weka.experiment.ClassifierSplitEvaluator",
        "--",
        "-W",
        *scheme.split(),
    ]


def experiments(workdir: Path, jobs: list[tuple[str, Path, str]]) -> None:
    """Run WEKA's Experimenter for each ``(listener, out, scheme)`` (:func:`experiment_command_line`), all in one
    child JVM (:func:`print_all`) working in ``workdir``."""
    lines = [experiment_command_line(*job) for job in jobs]
    for (_, out, _), done in zip(jobs, print_all(lines, cwd=workdir), strict=True):
        if done.status != 0 or not out.exists():
            raise RuntimeError(f"Experiment failed: {done.text()[-800:]}{done.error_text()[-800:]}")
