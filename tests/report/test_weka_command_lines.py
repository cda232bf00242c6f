"""The command-line driver (tests/oracles/command_lines.py) prints what separate ``java`` processes print.

The report tests take WEKA's command-line output from many runs in one JVM; here a few representative runs
(one per locale family, and a predictions table) go both ways and are compared byte for byte: status, stdout
(the "Time taken to ..." lines aside: wall-clock times) and stderr (a netlib class's one-time logging
warnings aside: a JVM prints them once, in the first run that loads the class).  A run repeated after others
in the same JVM prints the same again, so no WEKA state carries from one run to the next.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.oracles.command_lines import ADD_OPENS, Printed, print_all, print_separately
from tests.oracles.weka_runs import ARFF_SAMPLES, J48, NAIVE_BAYES

pytestmark = pytest.mark.jvm

TIME_TAKEN = re.compile(rb"^Time taken to .*: \S+ seconds$", re.MULTILINE)
NETLIB_WARNING = re.compile(
    rb"^.* com\.github\.fommil\.netlib\.\w+ <clinit>\n.*: Failed to load implementation from: \S+\n", re.MULTILINE
)
DISTRIBUTION = "weka.classifiers.evaluation.output.prediction.PlainText -distribution -p 1-2"

#: Per locale: the command lines, the second en_US run repeated after the predictions run in the same JVM.
GROUPS = {
    "en_US": [
        [J48, "-t", str(ARFF_SAMPLES / "iris.arff"), "-k"],
        [J48, "-t", str(ARFF_SAMPLES / "iris.arff"), "-classifications", DISTRIBUTION],
        [J48, "-t", str(ARFF_SAMPLES / "iris.arff"), "-k"],
    ],
    "de_DE": [[J48, "-t", str(ARFF_SAMPLES / "missing-class.arff"), "-o"]],
    "tr_TR": [[J48, "-t", str(ARFF_SAMPLES / "weighted.arff"), "-k"]],
    "ar_EG": [[NAIVE_BAYES, "-t", str(ARFF_SAMPLES / "quoted-labels.arff"), "-o", "-toggle", "Coverage"]],
}


def options(locale: str) -> tuple[str, ...]:
    language, country = locale.split("_")
    return (ADD_OPENS, f"-Duser.language={language}", f"-Duser.country={country}")


def comparable(printed: Printed) -> tuple[int, bytes, bytes]:
    return printed.status, TIME_TAKEN.sub(b"Time taken", printed.stdout), NETLIB_WARNING.sub(b"", printed.stderr)


@pytest.fixture(scope="module")
def both_ways(weka_jvm):
    """{locale: (the driver's answers, the separate processes' answers)}, two JVMs at a time."""

    def one(locale: str) -> tuple[list[Printed], list[Printed]]:
        separate = [print_separately(line, options(locale)) for line in GROUPS[locale]]
        return print_all(GROUPS[locale], options(locale)), separate

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(GROUPS, pool.map(one, GROUPS), strict=True))


@pytest.mark.parametrize("locale", list(GROUPS))
def test_the_driver_prints_what_a_separate_java_prints(both_ways, locale):
    driven, separate = both_ways[locale]
    assert len(driven) == len(separate) == len(GROUPS[locale])
    for ours, theirs in zip(driven, separate, strict=True):
        assert ours.status == theirs.status == 0
        assert b"=== " in ours.stdout and ours.text()  # something was printed, and it decodes
        assert comparable(ours) == comparable(theirs)
    if locale == "ar_EG":
        assert "\u066b" in driven[0].text()  # Arabic decimal separator, through the same charset
    if locale == "en_US":
        assert driven[0].stdout.count(b"Time taken") == 3 and b"inst#" in driven[1].stdout


def test_a_class_or_main_not_found_answers_with_status_one_and_the_jvm_goes_on(weka_jvm):
    no_main, no_class, last = print_all([["java.lang.Integer", "1"], ["no.such.Class"], [J48, "-h"]])
    assert no_main.status == 1 and b"java.lang.Integer" in no_main.stderr
    assert no_class.status == 1 and b"no.such.Class" in no_class.stderr
    assert last.status == 0 and b"-t <name of training file>" in last.stderr and last.stdout == b""


def test_a_main_that_calls_system_exit_ends_the_driver_with_an_error_naming_the_run(weka_jvm):
    with pytest.raises(
        RuntimeError, match=r"after 1 of 3 runs, at \['weka.core.converters.ConverterUtils\$DataSource'\]"
    ):
        print_all([[J48, "-h"], ["weka.core.converters.ConverterUtils$DataSource"], [J48, "-h"]])
