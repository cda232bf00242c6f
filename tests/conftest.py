"""Shared fixtures: WEKA as the oracle.

The session's one JVM comes from wekaeval's own pytest plugin (``weka_jvm``).
Before collection, the corpus files taken from installed packages are written
if missing (``make`` writes them at set-up; this covers a bare ``pip install``).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import warnings
import zlib

import numpy as np
import pytest
from hypothesis import settings

from tests.paths import ARFF_SAMPLES
from wekaeval.javamath import java_platform


def load_generator():
    """arff_samples/generate.py as a module (the folder is data, not a package)."""
    spec = importlib.util.spec_from_file_location("arff_samples_generate", ARFF_SAMPLES / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The base of every test's random draws: fixed, so that a run can be repeated; another value with
#: WEKAEVAL_TEST_SEED=N draws other inputs.  Each test's seed mixes it with the test's name.
BASE_SEED = int(os.environ.get("WEKAEVAL_TEST_SEED", "20261125"))

# Hypothesis explores new examples on a developer's machine; under CI it is derandomized, so that a
# commit passes or fails the same way on every run (its examples then follow from each test's name).
HYPOTHESIS_PROFILE = "ci" if os.environ.get("CI") == "true" else "default"
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(HYPOTHESIS_PROFILE)


def pytest_report_header(config):
    platform = java_platform()
    return [
        f"random draws: WEKAEVAL_TEST_SEED={BASE_SEED} (each test's seed is printed with its output)",
        f"hypothesis profile: {HYPOTHESIS_PROFILE}",
        f"JVM arithmetic reproduced: {platform.describe()}",
    ]


@pytest.fixture
def seed(request) -> int:
    """This test's seed: WEKAEVAL_TEST_SEED mixed with the test's id, printed (shown when it fails)."""
    value = (BASE_SEED * 1_000_003 + zlib.crc32(request.node.nodeid.encode())) % 2**32
    print(f"seed {value} (WEKAEVAL_TEST_SEED={BASE_SEED}, test {request.node.nodeid})")
    return value


@pytest.fixture
def rng(seed) -> np.random.Generator:
    """A numpy Generator seeded with :func:`seed`."""
    return np.random.default_rng(seed)


def pytest_configure(config):
    """Write the package-derived ARFF files a fresh clone lacks (iris, credit-g, scikit-learn's sets).

    Once per run: under pytest-xdist the controller writes them before its workers start, and the workers
    (which have ``workerinput``) only read them."""
    if hasattr(config, "workerinput"):
        return
    try:
        load_generator().write_package_files(ARFF_SAMPLES, missing_only=True)
    except ModuleNotFoundError as error:
        warnings.warn(
            f"arff_samples: package-derived files not written ({error}); install the weka and samples extras",
            stacklevel=1,
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Each test's garbage collections look only at what the test itself made.

    A worker's heap holds every module, fixture and JVM proxy of the tests before; an anchor that calls
    ``gc.collect()`` itself (statsmodels' ``multipletests(method="holm")``, under scikit-posthocs) walked all
    of it each time, 0.2 s a call.  ``gc.freeze()`` sets what exists before the test aside and
    ``gc.unfreeze()`` gives it back to the collector after (docs/development.md, "The suite's time")."""
    gc.freeze()
    try:
        return (yield)
    finally:
        gc.unfreeze()


class WekaOracle:
    """WEKA's own Evaluation, fed matrices or predictions through JPype."""

    def __init__(self):
        import jpype

        self._jpype = jpype
        self._Attribute = jpype.JClass("weka.core.Attribute")
        self._Instances = jpype.JClass("weka.core.Instances")
        self._DenseInstance = jpype.JClass("weka.core.DenseInstance")
        self._Evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")
        self._ArrayList = jpype.JClass("java.util.ArrayList")
        field = self._Evaluation.class_.getDeclaredField("m_ConfusionMatrix")
        field.setAccessible(True)
        self._matrix_field = field

    def header(self, class_names):
        """An empty dataset whose only attribute is a nominal class over class_names."""
        values = self._ArrayList()
        for name in class_names:
            values.add(name)
        attributes = self._ArrayList()
        attributes.add(self._Attribute("class", values))
        data = self._Instances("oracle", attributes, 0)
        data.setClassIndex(0)
        return data

    def kappa_of_matrix(self, matrix) -> float:
        """WEKA's Evaluation.kappa() over exactly this confusion matrix."""
        matrix = np.asarray(matrix, dtype=np.float64)
        evaluation = self._Evaluation(self.header([f"c{i}" for i in range(len(matrix))]))
        java_matrix = self._jpype.JArray(self._jpype.JDouble, 2)(matrix.tolist())
        self._matrix_field.set(evaluation, java_matrix)
        return float(evaluation.kappa())

    def evaluate(self, class_names, actual, distributions, weights):
        """Feed instances to Evaluation.evaluateModelOnce(dist, instance), in order.

        ``actual`` holds class indices with NaN for a missing class.  Returns
        a dict of WEKA's results, or ``{"error": name}`` when WEKA throws.
        """
        header = self.header(class_names)
        evaluation = self._Evaluation(header)
        JDoubleArray = self._jpype.JArray(self._jpype.JDouble)
        try:
            for a, dist, w in zip(actual, distributions, weights, strict=False):
                instance = self._DenseInstance(float(w), JDoubleArray([float(a)]))
                instance.setDataset(header)
                evaluation.evaluateModelOnce(JDoubleArray(list(map(float, dist))), instance)
        except self._jpype.JException as error:
            return {"error": str(error.getClass().getSimpleName())}
        return {
            "matrix": np.array([list(row) for row in evaluation.confusionMatrix()], dtype=np.float64),
            "unclassified": float(evaluation.unclassified()),
            "missing_class": float(evaluation.missingClass()),
            "kappa": float(evaluation.kappa()),
        }


#: The option the JVMs of the processes the tests start are given (WEKAEVAL_JVM_OPTIONS, unless the environment sets
#: it): HotSpot's quick compiler (C1) alone.  Those JVMs live seconds, and C2's compiling was a third of their CPU
#: (a CLI parity run on two small files 2.6-2.9 CPU-s where it took 4.6-5.3): the same numbers, as Java's
#: arithmetic is the same in every tier (docs/development.md, "The suite's time").  The session's own JVM, which
#: runs the corpus and every in-process comparison, is started before it is set, as a user's JVM starts.
SUITE_JVM_OPTIONS = "-XX:TieredStopAtLevel=1"


@pytest.fixture(scope="session")
def weka_jvm(weka_jvm) -> str:
    """wekaeval's own ``weka_jvm`` (its pytest plugin); once that JVM runs, :data:`SUITE_JVM_OPTIONS` for the
    processes the tests start."""
    os.environ.setdefault("WEKAEVAL_JVM_OPTIONS", SUITE_JVM_OPTIONS)
    return weka_jvm


@pytest.fixture(scope="session")
def weka(weka_jvm) -> WekaOracle:
    return WekaOracle()


@pytest.fixture(scope="session")
def kappa_package_outputs(weka_jvm, tmp_path_factory):
    """The WEKA package wekaevalKappa built, installed offline into a temporary WEKA home and run by WEKA's
    command line and python-weka-wrapper3, with the confusion matrix behind every printed section
    (tests/oracles/kappa_package_runs.py: ``PackageOutputs``).  Built once per session; skips without a JDK
    (fails under CI=true)."""
    import os
    import shutil

    if shutil.which("javac") is None or shutil.which("jar") is None:
        message = "javac or jar not found: install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs the JDK: {message}")
        pytest.skip(message)
    from tests.oracles.kappa_package_runs import produce

    return produce(tmp_path_factory.mktemp("kappa-package"))
