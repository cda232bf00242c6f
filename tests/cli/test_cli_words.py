"""The command line speaks its own words (issue 35): options and commands, never Python's parameters and
functions; one ``--encoding`` default for files named and files found; one name per thing across commands;
WEKA's single-dash spellings taken or answered; "did you mean" for every mistyped option; measures named
case-insensitively from one home; counts singular for 1."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from tests.paths import ARFF_SAMPLES
from wekaeval.cli import main
from wekaeval.cli._main import build_parser
from wekaeval.cli._words import in_command_words

EXAMPLES = ARFF_SAMPLES.parent / "docs" / "examples"
EXAMPLE_LOG = EXAMPLES / "j48-iris.log"
RESULTS = EXAMPLES / "experiment.arff"

#: What a message of the command line never holds: a Python keyword argument (``encoding=``), a function of the
#: package (``wekaeval.read_experiment_results``), the parameter ``resume``.
PYTHON_WORDS = re.compile(r"(?<![\w-])[a-z_]+=|\bwekaeval\.[a-z_]+|\bresume\b")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_command_words(text: str) -> None:
    found = PYTHON_WORDS.search(text)
    assert found is None, f"{found.group()!r} in {text!r}"


def error_of(err: str) -> str:
    """The one error line's message."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wekaeval: error: "), err
    assert_command_words(err)
    return lines[0].removeprefix("wekaeval: error: ")


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """The example log as UTF-16 (with a byte-order mark) and as cp1252, a non-ASCII letter in each."""
    text = EXAMPLE_LOG.read_text(encoding="utf-8").replace("J48", "J48 caf\u00e9")
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "u16.log").write_bytes(text.encode("utf-16"))
    (folder / "cp.log").write_bytes(text.encode("cp1252"))
    return folder


# -- the words of messages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("python", "command_line"),
    [
        (
            'pass encoding="utf-16" (or encoding="auto") to read it',
            "pass --encoding utf-16 (or --encoding auto) to read it",
        ),
        (
            'read as cp1252 by encoding="auto"; pass encoding= if that is wrong',
            "by --encoding auto; pass --encoding if",
        ),
        ("r.arff: another experiment: resume=False (--fresh) to start it afresh", "another experiment: --fresh to"),
        (
            "this is a result file; read it with wekaeval.read_experiment_results",
            "wekaeval summarise, ttest or compare",
        ),
        ("this is an analysis; read it with wekaeval.read_result_matrix (wekaeval ttest ...)", "no command reads it"),
        ("sort_by: no column 'x'", "--sort-by: no column 'x'"),
        ("train_percent must be above 0", "--split-percentage must be above 0"),
        ("pass higher_is_better=True (higher) or higher_is_better=False", "--better higher (higher) or --better lower"),
    ],
)
def test_the_librarys_words_become_the_command_lines(python, command_line):
    said = in_command_words(python)
    assert command_line in said
    assert_command_words(said)


def test_a_call_quoted_in_a_message_is_left_as_it_is():
    text = "--classifier 'sklearn.linear_model.RidgeClassifier(alpha=2.0, class_weight=None)': no such class"
    assert in_command_words(text) == text


@pytest.mark.parametrize(
    ("name", "encoding", "option"),
    [("u16.log", "utf-8", "--encoding utf-16 (or --encoding auto)"), ("cp.log", "utf-8", "--encoding cp1252")],
)
def test_an_undecodable_file_names_the_encoding_option(capsys, logs, name, encoding, option):
    for command in ("check", "parse"):
        status, out, err = run(capsys, command, "--encoding", encoding, str(logs / name))
        assert status == 2 and option in error_of(err)


def test_a_file_named_is_read_as_the_same_file_found_in_a_folder(capsys, logs):
    """``check logs/`` and ``check logs/*.log`` read a UTF-16 and a cp1252 log alike (--encoding auto)."""
    found = run(capsys, "check", str(logs))
    named = run(capsys, "check", *sorted(str(path) for path in logs.iterdir()))
    assert found == named and found[0] == 0 and found[2] == ""
    assert found[1].count(": consistent") == 2


def test_every_command_that_reads_files_defaults_to_encoding_auto():
    commands = _commands()
    reading = {name for name, parser in commands.items() if "--encoding" in parser._option_string_actions}
    assert {"check", "parse", "report", "evaluate", "kappa", "summarise", "ttest", "compare"} <= reading
    for name in reading:
        assert commands[name]._option_string_actions["--encoding"].default == "auto", name


def test_a_cp1252_result_file_is_read_with_one_warning_line_in_option_words(capsys, tmp_path):
    text = RESULTS.read_text(encoding="utf-8").replace("picnic", "pique-nique-\u00e9t\u00e9")
    results = tmp_path / "results.arff"
    results.write_bytes(text.encode("cp1252"))
    status, out, err = run(capsys, "summarise", str(results), "--measure", "percent_correct")
    assert status == 0 and "pique-nique-\u00e9t\u00e9" in out
    assert err.count("\n") == 1 and err.startswith("wekaeval: warning: ") and "--encoding auto" in err
    assert_command_words(err)


def test_a_result_file_given_as_a_log_names_the_commands_that_read_it(capsys, tmp_path):
    status, out, err = run(capsys, "check", str(RESULTS))
    assert status == 2 and "wekaeval summarise, ttest or compare" in error_of(err)
    status, out, err = run(capsys, "parse", "--json", str(RESULTS), str(EXAMPLE_LOG))  # in the JSON rows too
    assert status == 2 and "wekaeval summarise, ttest or compare" in out
    assert_command_words(out)


def test_another_experiments_result_file_names_fresh(capsys, tmp_path):
    pytest.importorskip("sklearn")
    data = tmp_path / "tiny.arff"
    rows = "\n".join(f"{i % 3}.5,{'ab'[i % 2]}" for i in range(8))
    data.write_text(f"@relation tiny\n@attribute x numeric\n@attribute c {{a,b}}\n@data\n{rows}\n")
    results = tmp_path / "r.csv"
    argv = ["experiment", str(data), "--classifier", "sklearn.naive_bayes.GaussianNB", "--runs", "1", "--folds", "2"]
    status, out, err = run(capsys, *argv, "-o", str(results))
    assert (status, err) == (0, "")
    assert out == f"2 rows (1 dataset x 1 classifier) in {results}\n"  # singular for 1
    status, out, err = run(capsys, *argv, "--split-percentage", "50", "-o", str(results))  # no Key_Fold column
    assert status == 2 and "--fresh" in error_of(err)


# -- one name per thing, WEKA's spellings, did you mean ----------------------------------------------------------


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_same_thing_has_the_same_option_in_every_command():
    commands = _commands()
    for option, commands_with_it in {
        "--classifier": ("parity", "experiment"),
        "--folds": ("parity", "experiment"),
        "-x": ("parity", "experiment"),
        "--split-percentage": ("parity", "experiment"),
        "--preserve-order": ("parity", "experiment"),
        "--workers": ("parity", "experiment"),
    }.items():
        for name in commands_with_it:
            assert option in commands[name]._option_string_actions, (name, option)
    visible = commands["experiment"].format_help()
    assert "--scheme" not in visible and "--train-percent" not in visible and "--no-randomize" not in visible


def test_the_old_spellings_still_work():
    args = build_parser().parse_args(
        ["experiment", "d.arff", "-s", "J48", "--scheme", "ZeroR", "--train-percent", "50", "--no-randomize"]
    )
    assert (args.scheme, args.train_percent, args.no_randomize) == (["J48", "ZeroR"], 50.0, True)
    args = build_parser().parse_args(["experiment", "d.arff", "--classifier", "J48", "-x", "5", "--preserve-order"])
    assert (args.scheme, args.folds, args.no_randomize) == (["J48"], 5, True)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["-split-percentage", "66", "-preserve-order"], {"split_percentage": 66.0, "preserve_order": True}),
        (["-split-percentage=50"], {"split_percentage": 50.0}),
        (["-no-cv", "-s", "3"], {"no_cv": True, "seed": 3}),
        (["-x", "5", "-s", "7", "-c", "first"], {"folds": 5, "seed": 7, "class_attribute": "first"}),
        (["-x5", "-s7", "-cfirst"], {"folds": 5, "seed": 7, "class_attribute": "first"}),  # argparse's own forms
        (["-T", "test.arff"], {"test": "test.arff"}),
    ],
)
def test_wekas_own_spellings_are_taken_by_parity(argv, expected):
    args = build_parser().parse_args(["parity", "a.arff", *argv])
    assert {name: getattr(args, name) for name in expected} == expected and args.data == ["a.arff"]


@pytest.mark.parametrize(
    ("argv", "answer"),
    [
        (["parity", "-t", "iris.arff"], "-t: WEKA's training file; here the data sets are parity's arguments"),
        (["experiment", "d.arff", "-T", "e.arff"], "-T: WEKA's data set; here the data sets are experiment's"),
        (["parity", "weka.classifiers.trees.J48"], "is a classifier: give it as --classifier weka.classifiers"),
        (["parity", "-splt-percentage", "66"], "did you mean --split-percentage?"),
        (["parity", "-seeed", "1"], "did you mean --seed?"),
        (["parity", "--clasifier", "J48"], "did you mean --classifier?"),
        (["chek", "x.log"], "did you mean check?"),
        (["experiment", "d.arff", "-s", "1"], "--classifier 1: a number is no classifier (-s is --classifier's old"),
        (["--cpus", "amd", "kappa"], "did you mean --cpu?"),
    ],
)
def test_wekas_spellings_and_typos_are_answered_with_the_option_to_use(capsys, argv, answer):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "") and answer in error_of(err)


def test_every_mistyped_long_option_of_every_command_gets_did_you_mean(capsys):
    for name, parser in _commands().items():
        for option, action in parser._option_string_actions.items():
            if not option.startswith("--") or action.help == argparse.SUPPRESS or option == "--help":
                continue
            typo = option[:3] + option[4:]  # its second letter left out: --clasifier, --mesure
            status, out, err = run(capsys, name, typo)
            assert status == 2 and f"did you mean {option}?" in error_of(err), (name, option, err)


# -- measures ---------------------------------------------------------------------------------------------------


@pytest.fixture
def regression_results(tmp_path: Path) -> Path:
    columns = (
        "Key_Dataset,Key_Run,Key_Fold,Key_Scheme,Key_Scheme_options,Key_Scheme_version_ID,Date_time,"
        "Mean_absolute_error,Root_mean_squared_error,Relative_absolute_error,Root_relative_squared_error,"
        "Correlation_coefficient,Summary"
    )
    rows = [
        f"cpu,{run},{fold},weka.classifiers.{scheme},'',{version},20260101.12,"
        f"{run + fold}.5,{run * fold}.25,{fold}0.5,{run}1.0,0.{run}{fold},?"
        for run in (1, 2)
        for fold in (1, 2)
        for scheme, version in (("rules.ZeroR", "48055541465867954"), ("functions.LinearRegression", "-364"))
    ]
    path = tmp_path / "regression.csv"
    path.write_text("\n".join([columns, *rows]) + "\n")
    return path


def test_a_missing_measure_lists_every_measure_in_full(capsys, regression_results):
    status, out, err = run(capsys, "ttest", str(regression_results))
    message = error_of(err)
    assert status == 2 and message == (
        f"--measure: no column 'Percent_correct' in {regression_results} (its measures: Mean_absolute_error, "
        "Root_mean_squared_error, Relative_absolute_error, Root_relative_squared_error, Correlation_coefficient)"
    )


def test_a_measure_is_named_in_any_case_by_every_command(capsys):
    for argv in (["ttest"], ["summarise"], ["compare"]):
        status, out, err = run(capsys, *argv, str(RESULTS), "--measure", "percent_correct")
        assert (status, err) == (0, ""), argv
        assert out == run(capsys, *argv, str(RESULTS), "--measure", "Percent_correct")[1]


def test_an_unknown_measure_is_worded_alike_with_a_suggestion_in_every_command(capsys):
    said = set()
    for command in ("ttest", "summarise", "compare"):
        status, out, err = run(capsys, command, str(RESULTS), "--measure", "kappa")
        assert status == 2
        said.add(error_of(err))
    assert len(said) == 1
    assert said.pop().startswith(f"--measure: no column 'kappa' in {RESULTS}; did you mean Kappa_statistic? (")


def test_the_python_api_names_a_measure_in_any_case():
    from wekaeval import experiment

    results = experiment.read_experiment_results(RESULTS)
    assert experiment.ttest(results, "percent_correct").measure == "Percent_correct"
    assert experiment.summarise(results, "KAPPA_STATISTIC")[0].measure == "Kappa_statistic"
    assert experiment.compare(results, measure="percent_correct").measure == "Percent_correct"
    with pytest.raises(experiment.TTestError, match="did you mean Root_mean_squared_error"):
        experiment.ttest(results, "rmse")


def test_parity_counts_are_singular_for_one():
    from wekaeval import parity
    from wekaeval.cli._parity import _summary

    spec = parity.ClassifierSpec("weka.classifiers.trees.J48")
    summary = _summary([], ["a.arff"], ["J48"], [spec], parity.EvaluationMode())[0]
    assert "(1 dataset x 1 classifier, 10-fold CV, seed 1)" in summary
