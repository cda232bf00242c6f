"""java_reference/: the second oracle, WEKA's numbers from a plain Java program.

run.sh's JSON must equal what WEKA reports in-process through python-weka-wrapper3
(cross-validation), and what wekaeval computes from the same predictions
(predictions mode), exactly.

Where each call runs.  run.sh starts a JVM per call (about 1.2 s of CPU); the program's
``WekaReference.execute`` is all that run.sh's JVM does but ``System.exit``.  So:

- in the session's JVM (``in_jvm``: ``execute`` loaded from java_reference/classes,
  stdout and stderr caught as bytes) run the agreement tests, which are about WEKA's
  numbers: cross-validation against the bridge, every dataset, every mode, predictions
  mode, short names, --bench-predictions;
- as real run.sh processes (``run_sh``, fourteen calls) run what is about the script
  and the process: the build, --help, the one-line errors with exit status 2 (each of the
  general ones, one of the mode and --bench-predictions ones), the class attribute rule
  (one name taken, one refused; the rest of the rule in the session's JVM), and one call
  of each kind of agreement
  (``test_run_sh_prints_what_the_session_jvm_prints``), whose bytes must be the session
  JVM's: run.sh's JVM flags, class path (mtj.jar for LinearRegression) and UTF-8 output,
  and a fresh JVM against one that has run many calls (WEKA's static state).

In-process, relative paths are read from pytest's working directory (run.sh's are from
its caller's); the tests give absolute ones (but for a file that is missing either way).
"""

from __future__ import annotations

import csv
import json
import math
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import wekaeval
from tests.paths import ROOT
from wekaeval import bridge
from wekaeval.blocks import STATISTICS

PROJECT = ROOT
ARFF_SAMPLES = PROJECT / "arff_samples"
JAVA_REFERENCE = PROJECT / "java_reference"

pytestmark = pytest.mark.jvm

NUMERIC_GETTERS = {s.name: s.getter for s in STATISTICS if s.scope in ("any", "numeric")}


@pytest.fixture(scope="session")
def run_sh(weka_jvm):
    """java_reference/run.sh, built once for the session (skips where WEKA cannot run)."""
    if shutil.which("javac") is None:
        message = "javac not found: install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs the JDK: {message}")
        pytest.skip(message)
    env = {**os.environ, "WEKA_JAR": str(bridge.weka_jar())}  # the very jar of the in-process oracle
    done = subprocess.run([JAVA_REFERENCE / "build.sh"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert (JAVA_REFERENCE / "classes" / "WekaReference.class").exists()

    def run(*argv: object) -> subprocess.CompletedProcess:
        return subprocess.run(
            [JAVA_REFERENCE / "run.sh", *map(str, argv)],
            capture_output=True,
            env=env,
            cwd=PROJECT.parent,  # the scripts work from any directory
        )

    return run


@pytest.fixture(scope="session")
def in_jvm(run_sh):
    """What run.sh does, in the session's JVM: ``WekaReference.execute(argv, out, err)`` from the classes run_sh
    built (a class loader of their own: the JVM's class path was fixed when it started), its stdout and stderr
    caught as UTF-8 bytes; returns a CompletedProcess as run_sh does."""
    import jpype

    classes = jpype.JClass("java.io.File")(str(JAVA_REFERENCE / "classes")).toURI().toURL()  # a folder: ends in /
    loader = jpype.JClass("java.net.URLClassLoader")(
        jpype.JArray(jpype.JClass("java.net.URL"))([classes]),
        jpype.JClass("java.lang.ClassLoader").getSystemClassLoader(),
    )
    weka_reference = jpype.JClass("WekaReference", loader=loader)
    byte_stream = jpype.JClass("java.io.ByteArrayOutputStream")
    print_stream = jpype.JClass("java.io.PrintStream")
    utf_8 = jpype.JClass("java.nio.charset.StandardCharsets").UTF_8
    strings = jpype.JArray(jpype.JString)

    def run(*argv: object) -> subprocess.CompletedProcess:
        out, err = byte_stream(), byte_stream()
        arguments = [str(arg) for arg in argv]
        status = weka_reference.execute(
            strings(arguments), print_stream(out, False, utf_8), print_stream(err, False, utf_8)
        )
        return subprocess.CompletedProcess(
            ["WekaReference.execute", *arguments], int(status), bytes(out.toByteArray()), bytes(err.toByteArray())
        )

    yield run
    loader.close()


def outcome(done: subprocess.CompletedProcess) -> tuple[int, bytes, bytes]:
    return done.returncode, done.stdout, done.stderr


def reference(run, *argv: object) -> dict:
    """The JSON object of run.sh (or in_jvm); the call must succeed with nothing on stderr."""
    done = run(*argv)
    assert (done.returncode, done.stderr.decode()) == (0, "")
    text = done.stdout.decode("utf-8")
    assert text.endswith("}\n") and text.count("\n}") == 1  # one JSON object
    return json.loads(text)


def weka_cross_validation(path: Path, classifier: str):
    """WEKA's own 10-fold cross-validation with Random(1), through python-weka-wrapper3."""
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    data.class_is_last()
    evaluation = Evaluation(data)
    evaluation.crossvalidate_model(Classifier(classname=classifier), data, 10, Random(1))
    return data, evaluation


def missing_class(evaluation) -> float:
    """Evaluation.missingClass(): python-weka-wrapper3 has no accessor, and weka.classifiers.Evaluation
    does not delegate it, so ask the weka.classifiers.evaluation.Evaluation inside."""
    field = evaluation.jobject.getClass().getDeclaredField("m_delegate")
    field.setAccessible(True)
    return float(field.get(evaluation.jobject).missingClass())


# -- run.sh itself: one call of each kind, the same bytes as the session JVM's ------------------------------------


def run_sh_kinds(tmp_path: Path) -> dict[str, list[Any]]:
    """One call of each kind the agreement tests below make in the session JVM."""
    quoted = ARFF_SAMPLES / "quoted-labels.arff"
    dataset = wekaeval.load_arff(quoted)
    names = list(dataset.class_names or ())  # every label, non-ASCII ones too, and "?"
    labels = [[names[i % len(names)] if i % 5 else "?"] for i in range(dataset.num_instances)]
    bench = bench_evaluation()
    bench.write_predictions(tmp_path / "predictions.bin", bench.make_predictions(200, seed=4, training=20))
    return {
        "cross-validation": ["--data", quoted, "--classifier", "weka.classifiers.trees.J48"],  # non-ASCII labels
        "numeric-class": [  # LinearRegression needs mtj.jar on run.sh's class path
            "--data",
            ARFF_SAMPLES / "numeric-class.arff",
            "--classifier",
            "weka.classifiers.functions.LinearRegression",
            "--folds",
            "5",
        ],
        "predictions": ["--data", quoted, "--predictions", write_csv(tmp_path / "labels.csv", ["predicted"], labels)],
        "test-set": [
            "--data",
            ARFF_SAMPLES / "shapes-train.arff",
            "--classifier",
            "IBk",  # a short name; built incrementally, as WEKA's command line does
            "--test",
            ARFF_SAMPLES / "shapes-test.arff",
        ],
        "bench-predictions": ["--bench-predictions", tmp_path / "predictions.bin", "--repeat", "1"],
    }


#: What --bench-predictions reports of the JVM it ran in rather than of WEKA's numbers.
BENCH_MACHINE_FIELDS = ("java", "seconds", "seconds_each_run")


@pytest.mark.parametrize("kind", ["cross-validation", "numeric-class", "predictions", "test-set", "bench-predictions"])
def test_run_sh_prints_what_the_session_jvm_prints(run_sh, in_jvm, tmp_path, kind):
    """The agreement tests' calls run in the session JVM; run.sh (its JVM flags, class path and UTF-8 stdout, a
    fresh JVM) prints the same bytes for one call of each kind."""
    argv = run_sh_kinds(tmp_path)[kind]
    done, ours = run_sh(*argv), in_jvm(*argv)
    assert (done.returncode, done.stderr.decode()) == (0, "") and done.stdout.endswith(b"}\n")
    if kind != "bench-predictions":
        assert outcome(done) == outcome(ours)
        return
    theirs_json, ours_json = json.loads(done.stdout), json.loads(ours.stdout)
    for field in BENCH_MACHINE_FIELDS:
        del theirs_json[field], ours_json[field]
    assert json.dumps(theirs_json) == json.dumps(ours_json)  # as text: NaN != NaN


def test_help_prints_the_usage(run_sh, in_jvm):
    done = run_sh("--help")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(b"usage: run.sh --data D.arff --classifier NAME") and done.stdout.endswith(b"\n")
    assert outcome(in_jvm("--help")) == outcome(done)


def test_the_session_jvm_is_left_as_it_was(in_jvm):
    """execute hides WEKA's prints by swapping System.out and System.err and sets two system properties: after a
    call, a failed one and a --verbose one, the JVM has its own back, and the same call prints the same bytes."""
    import jpype

    system = jpype.JClass("java.lang.System")
    properties = ("weka.packageManager.loadPackages", "java.awt.headless")

    def state() -> tuple[Any, ...]:
        return (system.out, system.err, *(system.getProperty(name) for name in properties))

    path = ARFF_SAMPLES / "picnic.arff"
    packages = system.getProperty(properties[0])
    system.setProperty(properties[0], "true")  # not execute's value, so that a property left set shows
    try:
        before = state()
        first = in_jvm("--data", path, "--classifier", "J48")
        assert (first.returncode, state()) == (0, before)
        assert in_jvm("--data", path, "--classifier", "J48", "--verbose").returncode == 0 and state() == before
        assert in_jvm("--data", path, "--classifier", "NoSuchClassifier").returncode == 2 and state() == before
    finally:
        if packages is None:
            system.clearProperty(properties[0])
        else:
            system.setProperty(properties[0], packages)
    assert outcome(in_jvm("--data", path, "--classifier", "J48")) == outcome(first)


CLASSIFIERS = ["weka.classifiers.rules.ZeroR", "weka.classifiers.trees.J48", "weka.classifiers.bayes.NaiveBayes"]
DATASETS = [
    "iris.arff",
    "picnic.arff",
    "weighted.arff",
    "missing-class.arff",
    "many-classes.arff",
    "quoted-labels.arff",
    "many-missing.arff",
]


@pytest.mark.parametrize("classifier", CLASSIFIERS, ids=lambda name: name.rsplit(".", 1)[1])
@pytest.mark.parametrize("name", DATASETS)
def test_cross_validation_equals_weka_in_process(in_jvm, name, classifier):
    path = ARFF_SAMPLES / name
    result = reference(in_jvm, "--data", path, "--classifier", classifier)
    data, evaluation = weka_cross_validation(path, classifier)

    assert result["kappa"] is not None and float(result["kappa"]).hex() == float(evaluation.kappa).hex()
    assert np.array_equal(np.array(result["confusion_matrix"]), np.array(evaluation.confusion_matrix))
    assert result["unclassified"] == evaluation.unclassified
    assert result["missing_class"] == missing_class(evaluation)
    assert result["pct_correct"] == evaluation.percent_correct
    assert result["class_names"] == [data.class_attribute.value(i) for i in range(data.class_attribute.num_values)]
    assert result["weka_version"] == bridge.weka_version()
    assert (result["mode"], result["dataset"], result["classifier"], result["options"]) == (
        "cross-validation",
        str(path),
        classifier,
        "",
    )
    assert (result["folds"], result["seed"], result["instances"]) == (10, 1, data.num_instances)
    assert result["correlation"] is None


def test_numeric_class_has_no_kappa_but_weka_correlation(in_jvm):
    path = ARFF_SAMPLES / "numeric-class.arff"
    classifier = "weka.classifiers.functions.LinearRegression"  # needs mtj.jar beside weka.jar
    result = reference(in_jvm, "--data", path, "--classifier", classifier, "--folds", "5", "--seed", "7")
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.converters import Loader

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    data.class_is_last()
    evaluation = Evaluation(data)
    evaluation.crossvalidate_model(Classifier(classname=classifier), data, 5, Random(7))
    assert (result["kappa"], result["confusion_matrix"], result["class_names"]) == (None, None, None)
    assert float(result["correlation"]).hex() == float(evaluation.correlation_coefficient).hex()
    assert (result["folds"], result["seed"], result["unclassified"]) == (5, 7, 0.0)


# -- predictions mode ---------------------------------------------------------------------------


def random_distributions(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """Distributions with ties, zero rows, NaN entries and arbitrary doubles."""
    quarters = rng.integers(0, 4, size=(n, k)) / 4.0  # ties and zeros
    uniform = rng.random((n, k))
    distributions = np.where(rng.random((n, 1)) < 0.5, quarters, uniform)
    distributions[rng.random(n) < 0.15] = 0.0  # unclassified rows
    distributions[rng.random((n, k)) < 0.1] = math.nan
    return distributions


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)  # quotes labels with commas and quotes; \r\n line ends
        writer.writerow(header)
        writer.writerows(rows)
    return path


def assert_same_as_wekaeval(result: dict, expected: wekaeval.ConfusionMatrix) -> None:
    assert float(result["kappa"]).hex() == float(expected.kappa()).hex()
    assert np.array_equal(np.array(result["confusion_matrix"]), expected.matrix)
    assert result["unclassified"] == expected.unclassified
    assert result["missing_class"] == expected.missing_class


@pytest.mark.parametrize(("name", "seed"), [("weighted.arff", 1), ("missing-class.arff", 2)])
def test_predicted_distributions_equal_wekaeval(in_jvm, tmp_path, name, seed):
    path = ARFF_SAMPLES / name
    dataset = wekaeval.load_arff(path)
    classes = list(dataset.class_names)
    rng = np.random.default_rng(seed)
    distributions = random_distributions(rng, dataset.num_instances, len(classes))
    order = list(rng.permutation(len(classes)))  # columns in any order, plus an ignored 'actual'
    header = ["actual"] + [classes[j] for j in order]
    rows = [["ignored"] + [repr(float(row[j])) for j in order] for row in distributions]
    predictions = write_csv(tmp_path / "predictions.csv", header, rows)

    result = reference(in_jvm, "--data", path, "--predictions", predictions)
    expected = wekaeval.ConfusionMatrix.from_predictions(
        dataset.class_values, distributions, weights=dataset.weights, class_names=dataset.class_names
    )
    assert_same_as_wekaeval(result, expected)
    assert expected.unclassified != 0.0 and np.isnan(distributions).any()  # the cases WEKA treats specially
    assert (result["mode"], result["classifier"], result["folds"], result["seed"]) == ("predictions", None, None, None)
    assert result["instances"] == dataset.num_instances


@pytest.mark.parametrize("name", ["quoted-labels.arff", "missing-class.arff"])
def test_predicted_labels_equal_wekaeval(in_jvm, tmp_path, name):
    """Labels with commas, quotes, braces and non-ASCII letters, RFC 4180-quoted; '?' and '' unclassified."""
    path = ARFF_SAMPLES / name
    dataset = wekaeval.load_arff(path)
    classes = list(dataset.class_names)
    rng = np.random.default_rng(3)
    picks = rng.integers(-1, len(classes), size=dataset.num_instances)
    labels = [classes[p] if p >= 0 else ("?" if i % 2 else "") for i, p in enumerate(picks)]
    predictions = write_csv(tmp_path / "labels.csv", ["predicted"], [[label] for label in labels])

    result = reference(in_jvm, "--data", path, "--predictions", predictions)
    expected = wekaeval.ConfusionMatrix.from_predictions(
        dataset.class_values,
        predicted=[None if p < 0 else classes[p] for p in picks],
        weights=dataset.weights,
        class_names=dataset.class_names,
    )
    assert_same_as_wekaeval(result, expected)
    assert result["class_names"] == classes


# -- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--data", "no-such.arff", "--classifier", "weka.classifiers.trees.J48"], "no-such.arff: no such file"),
        (
            ["--data", ARFF_SAMPLES / "iris.arff", "--classifier", "weka.classifiers.trees.NoSuchTree"],
            "'weka.classifiers.trees.NoSuchTree': no such classifier",
        ),
        (
            ["--data", ARFF_SAMPLES / "text-test.arff", "--classifier", "weka.classifiers.trees.J48"],
            "weka.classifiers.trees.J48: Cannot handle string attributes!",
        ),
        (["--data", ARFF_SAMPLES / "picnic.arff", "--predictions", "BAD_CSV"], "bad.csv:3: probability of"),
    ],
    ids=["missing-file", "unknown-classifier", "string-attributes", "bad-csv"],
)
def test_errors_are_one_line_with_exit_status_2(run_sh, in_jvm, tmp_path, argv, message):
    bad = tmp_path / "bad.csv"
    bad.write_text('yes,no\n0.5,0.5\n"0.5",x\n' + "0.5,0.5\n" * 12)
    argv = [bad if arg == "BAD_CSV" else arg for arg in argv]
    done = run_sh(*argv)
    assert outcome(in_jvm(*argv)) == outcome(done)
    err = done.stderr.decode()
    assert (done.returncode, done.stdout) == (2, b"")
    assert err.startswith("java_reference: error: ") and err.count("\n") == 1 and err.endswith("\n")
    assert message in err


TEXT_CLASSIFIER = (
    "weka.classifiers.meta.FilteredClassifier",
    "-F weka.filters.unsupervised.attribute.StringToWordVector -W weka.classifiers.bayes.NaiveBayes",
)


@pytest.mark.parametrize("path", sorted(ARFF_SAMPLES.glob("*.arff")), ids=lambda p: p.name)
def test_bridge_and_java_reference_agree_on_every_dataset(in_jvm, path):
    """The two oracles, JPype in-process and a plain JVM, give the same doubles (or the same refusal)."""
    classifier, options = TEXT_CLASSIFIER if path.name.startswith("text-") else ("weka.classifiers.trees.J48", "")
    done = in_jvm("--data", path, "--classifier", classifier, "--options", options)
    try:
        ours = bridge.evaluate(path, classifier, options)
    except bridge.WekaError as error:
        assert done.returncode == 2
        assert error.reason in done.stderr.decode(), (error.reason, done.stderr)
        return
    assert (done.returncode, done.stderr.decode()) == (0, "")
    theirs = json.loads(done.stdout)
    assert theirs["instances"] == ours.num_predictions
    assert theirs["unclassified"] == ours.unclassified and theirs["missing_class"] == ours.missing_class
    if ours.class_names is None:
        assert theirs["kappa"] is None
        return
    assert tuple(theirs["class_names"]) == ours.class_names
    assert theirs["kappa"].hex() == ours.kappa.hex()
    assert np.array_equal(np.array(theirs["confusion_matrix"], dtype=np.float64), ours.confusion_matrix)
    assert theirs["pct_correct"] == ours.pct_correct


# -- every mode and the class attribute, as the bridge (and WEKA's command line) -----------------------------------

MODES: list[tuple[list[Any], dict[str, Any], str]] = [
    (["--test", ARFF_SAMPLES / "shapes-test.arff"], {"test": ARFF_SAMPLES / "shapes-test.arff"}, "test-set"),
    (["--split-percentage", "66"], {"split_percentage": 66.0}, "split"),
    (["--split-percentage", "40", "--seed", "5"], {"split_percentage": 40.0, "seed": 5}, "split"),
    (["--split-percentage", "66", "--preserve-order"], {"split_percentage": 66.0, "preserve_order": True}, "split"),
    (["--no-cv"], {"no_cv": True}, "training-set"),
]


@pytest.mark.parametrize(("argv", "keywords", "mode"), MODES, ids=[" ".join(map(str, m[0][:3])) for m in MODES])
def test_every_mode_equals_the_bridge(in_jvm, argv, keywords, mode):
    train = ARFF_SAMPLES / "shapes-train.arff"
    theirs = reference(in_jvm, "--data", train, "--classifier", "weka.classifiers.lazy.IBk", *argv)
    ours = bridge.evaluate(train, "weka.classifiers.lazy.IBk", **keywords)
    assert theirs["mode"] == ours.mode == mode
    assert (theirs["folds"], theirs["seed"], theirs["split_percentage"], theirs["preserve_order"]) == (
        ours.folds,
        ours.seed,
        ours.split_percentage,
        ours.preserve_order,
    )
    assert theirs["kappa"].hex() == ours.kappa.hex() and theirs["instances"] == ours.num_predictions
    assert np.array_equal(np.array(theirs["confusion_matrix"]), ours.confusion_matrix)


def test_class_attribute_follows_wekaevals_one_rule(run_sh, in_jvm):
    from wekaeval.arff import ClassAttributeError, class_index

    path = ARFF_SAMPLES / "picnic.arff"
    names = [attribute.name for attribute in wekaeval.load_arff(path).attributes]
    for given in ("first", "last", "1", "3", "outlook", "windy", "9", "0", "nope", "First"):
        argv = ["--data", path, "--classifier", "weka.classifiers.rules.ZeroR", "--class", given]
        done = in_jvm(*argv)
        if given in ("outlook", "nope"):  # one name taken, one refused: run.sh prints the same bytes
            assert outcome(run_sh(*argv)) == outcome(done), given
        try:
            expected = names[class_index(given, names)]
        except ClassAttributeError:
            assert done.returncode == 2 and f"--class {given}" in done.stderr.decode().replace("'", ""), given
            continue
        assert json.loads(done.stdout)["class_attribute"] == expected, given


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--no-cv", "--test", "T"], "--no-cv with --test"),
        (["--split-percentage", "66", "--test", "T"], "--split-percentage with --test"),
        (["--preserve-order"], "--preserve-order needs --split-percentage"),
        (["--split-percentage", "0"], "--split-percentage must be above 0 and below 100"),
        (["--split-percentage", "50", "--folds", "3"], "--folds is for cross-validation"),
    ],
)
def test_mode_errors_are_wekas(run_sh, in_jvm, argv, message):
    test = str(ARFF_SAMPLES / "picnic.arff")
    argv = ["--data", test, "--classifier", "J48", *[test if a == "T" else a for a in argv]]
    done = in_jvm(*argv)
    if message.startswith("--no-cv"):  # one of them through run.sh: the same bytes, exit status 2
        assert outcome(run_sh(*argv)) == outcome(done)
    assert done.returncode == 2 and message in done.stderr.decode() and done.stdout == b""


@pytest.mark.parametrize("short", ["Logistic", "NaiveBayes", "FilteredClassifier"])
def test_short_names_resolve_as_in_the_bridge(in_jvm, short):
    path = ARFF_SAMPLES / "picnic.arff"
    theirs = reference(in_jvm, "--data", path, "--classifier", short)
    ours = bridge.evaluate(path, short)
    assert theirs["kappa"].hex() == ours.kappa.hex()
    assert np.array_equal(np.array(theirs["confusion_matrix"]), ours.confusion_matrix)
    done = in_jvm("--data", path, "--classifier", "NoSuchClassifier")
    assert done.returncode == 2 and "'NoSuchClassifier': no WEKA classifier has that name" in done.stderr.decode()


# -- --bench-predictions --------------------------------------------------------------------------


def bench_evaluation():
    """benchmarks/bench_evaluation.py as a module (loaded once): it writes the file and reads the JSON."""
    import importlib.util
    import sys

    if "bench_evaluation" not in sys.modules:
        path = PROJECT / "benchmarks" / "bench_evaluation.py"
        spec = importlib.util.spec_from_file_location("bench_evaluation", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclass looks itself up there
        spec.loader.exec_module(module)
    return sys.modules["bench_evaluation"]


def test_bench_predictions_is_wekas_evaluation(in_jvm, tmp_path):
    """Every statistic and text of the timed mode is the in-process oracle's for the same predictions."""
    from tests.oracles.evaluation_oracle import weka_evaluation

    bench = bench_evaluation()
    predictions = bench.make_predictions(500, seed=3, training=40)
    path = tmp_path / "predictions.bin"
    bench.write_predictions(path, predictions)
    result = reference(in_jvm, "--bench-predictions", path, "--repeat", "2")
    assert bench.check_weka(result, predictions) == []
    assert (result["mode"], result["instances"], result["repeat"]) == ("bench-predictions", 500, 2)
    assert all(
        len(times) == 2 and min(times) == result["seconds"][phase]
        for phase, times in result["seconds_each_run"].items()
    )
    statistics, texts = bench.weka_results(result)
    weka = weka_evaluation(
        predictions.class_names,
        predictions.actual,
        predictions.distributions,
        predictions.weights,
        train_actual=predictions.train_actual,
        train_weights=predictions.train_weights,
    )
    assert bench.differences(statistics, weka.statistics) == []
    assert texts == {name: getattr(weka, name) for name in bench.TEXTS}


def weka_numeric_evaluation(predictions) -> tuple[dict[str, float], str]:
    """WEKA's own Evaluation of predicted values in-process, row by row: the statistics by pww3's names, the summary."""
    import jpype

    doubles = jpype.JArray(jpype.JDouble)
    attributes = bridge.java_class("java.util.ArrayList")()
    attributes.add(bridge.java_class("weka.core.Attribute")("class"))  # numeric
    header = bridge.java_class("weka.core.Instances")("predictions", attributes, 0)
    header.setClassIndex(0)

    def instance(value: float, weight: float):
        row = bridge.java_class("weka.core.DenseInstance")(float(weight), doubles([float(value)]))
        row.setDataset(header)
        return row

    train = bridge.java_class("weka.core.Instances")(header, 0)
    for value, weight in zip(predictions.train_actual.tolist(), predictions.train_weights.tolist(), strict=False):
        train.add(instance(value, weight))
    evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")(train)
    for predicted, actual, weight in zip(
        predictions.distributions[:, 0].tolist(),
        predictions.actual.tolist(),
        predictions.weights.tolist(),
        strict=False,
    ):
        evaluation.evaluateModelOnceAndRecordPrediction(doubles([predicted]), instance(actual, weight))
    statistics = {name: float(getattr(evaluation, getter)()) for name, getter in NUMERIC_GETTERS.items()}
    return statistics, str(evaluation.toSummaryString())


def test_bench_predictions_numeric_class_is_wekas_evaluation(in_jvm, tmp_path):
    """A file of 0 classes is a numeric class: the in-process oracle's statistics and summary, and wekaeval's."""
    bench = bench_evaluation()
    predictions = bench.make_regression(500, seed=3, training=40)
    assert np.isnan(predictions.actual).any() and np.isnan(predictions.distributions).any()  # WEKA's special cases
    assert np.isnan(predictions.train_actual).any()
    path = tmp_path / "regression.bin"
    bench.write_predictions(path, predictions)
    result = reference(in_jvm, "--bench-predictions", path, "--repeat", "2")
    assert bench.check_weka(result, predictions) == []
    assert (result["mode"], result["instances"], result["training_instances"]) == ("bench-predictions", 500, 40)
    assert (result["class_names"], result["class_details"], result["matrix"]) == (None, None, None)
    statistics, texts = bench.weka_results(result)
    assert set(statistics) == set(NUMERIC_GETTERS)
    weka_statistics, weka_summary = weka_numeric_evaluation(predictions)
    assert bench.differences(statistics, weka_statistics) == []
    assert texts == {"summary": weka_summary} and "Correlation coefficient" in weka_summary
    _, ours, our_texts = bench.wekaeval_once(predictions)  # the benchmark's wekaeval side, on the same data
    assert bench.differences(statistics, ours) == [] and our_texts == texts


def test_bench_predictions_errors(run_sh, in_jvm, tmp_path):
    bench = bench_evaluation()
    predictions = bench.make_predictions(3, training=0)
    good = tmp_path / "good.bin"
    bench.write_predictions(good, predictions)
    data = good.read_bytes()
    (tmp_path / "magic.bin").write_bytes(b"NOTPREDS" + data[8:])
    (tmp_path / "short.bin").write_bytes(data[:-8])
    distributions = predictions.distributions.copy()
    distributions[2] = [np.inf] + [0.0] * (bench.K - 1)  # the actual class's: WEKA's margin bin overflows
    infinite = bench.Predictions(
        predictions.class_names, np.zeros(3), distributions, np.ones(3), np.empty(0), np.empty(0)
    )
    bench.write_predictions(tmp_path / "inf.bin", infinite)
    for argv, message in [
        (["--bench-predictions", tmp_path / "magic.bin"], "not a predictions file"),
        (["--bench-predictions", tmp_path / "short.bin"], "bytes after the class names"),
        (["--bench-predictions", tmp_path / "inf.bin"], "length 501 on prediction 3"),  # WEKA's 500 margin bins
        (["--bench-predictions", good, "--repeat", "0"], "--repeat must be at least 1"),
        (["--bench-predictions", good, "--data", "x.arff"], "takes no other argument"),
        (["--data", "x.arff", "--classifier", "J48", "--repeat", "2"], "--repeat is for --bench-predictions"),
    ]:
        done = in_jvm(*argv)
        assert done.returncode == 2 and message in done.stderr.decode() and done.stdout == b"", argv
        if message == "not a predictions file":  # one of them through run.sh: the same bytes, exit status 2
            assert outcome(run_sh(*argv)) == outcome(done), argv
