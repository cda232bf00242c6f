"""read_weka_output on WEKA's output as users save it: other locales, encodings, CSV predictions, free titles, indents.

Every text here is printed by WEKA (its command line, one child JVM per locale
running every command line of that locale: tests/oracles/command_lines.py; or its
Evaluation's own ``toSummaryString``/``toClassDetailsString``/``toMatrixString``
in this process's JVM), then saved the way users save it.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields

import numpy as np
import pytest

from tests.oracles.command_lines import ADD_OPENS, print_all
from tests.oracles.weka_runs import ARFF_SAMPLES
from wekaeval import WekaOutputError, bridge, read_weka_output
from wekaeval.cli import main

pytestmark = pytest.mark.jvm

J48 = "weka.classifiers.trees.J48"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
CSV = "weka.classifiers.evaluation.output.prediction.CSV"
PLAIN = "weka.classifiers.evaluation.output.prediction.PlainText"

#: WEKA runs repeated in every locale: weighted data (two-decimal matrix, K&B lines), missing classes, labels.
LOCALE_RUNS = {
    "j48-weighted-k": (J48, "weighted.arff", ("-k",)),
    "j48-missing-class": (J48, "missing-class.arff", ("-o",)),
    "nb-quoted-labels-coverage": (
        NAIVE_BAYES,
        "quoted-labels.arff",
        ("-o", "-x", "5", "-toggle", "Coverage,Region size"),
    ),
}
#: de, fr, pt_BR, tr and sv print decimal commas in the class details; tr also drops a line; ar and fa change digits.
LOCALES = ("en_US", "de_DE", "pt_BR", "tr_TR", "fr_FR", "sv_SE", "ar_EG", "fa_IR")

NUMERIC_ARFF = (
    """@relation numeric-class
@attribute x numeric
@attribute label {a,b}
@attribute y numeric
@data
"""
    + "".join(f"{i % 7},{'ab'[i % 2]},{(i % 7) * 2.5 + (i % 3) - (3 if i % 2 else 0)}\n" for i in range(40))
    + "1,a,?\n"
)

#: Predictions in CSV and in PlainText for the same evaluations: nominal (missing classes, labels with commas,
#: distributions, attribute columns, tab-separated) and numeric (a missing class value).
PREDICTION_RUNS = {
    "missing-class": (J48, "missing-class.arff", ("-x", "3"), ""),
    "quoted-labels": (NAIVE_BAYES, "quoted-labels.arff", ("-x", "3"), "-distribution -p 1"),
    "quoted-labels-tab": (NAIVE_BAYES, "quoted-labels.arff", ("-x", "3"), "-use-tab -p 1-2"),
    "numeric": ("weka.classifiers.functions.LinearRegression", "{numeric}", ("-x", "4"), "-p 1"),
}


def locale_options(locale: str) -> tuple[str, ...]:
    """The JVM options of a WEKA command line run in ``locale`` ("de_DE")."""
    language, country = locale.split("_")
    return (ADD_OPENS, f"-Duser.language={language}", f"-Duser.country={country}")


def wild_jobs(workdir):
    """Every run of this module: {(name, locale or format): (classifier, train, args, locale)}."""
    numeric = workdir / "numeric-class.arff"
    numeric.write_text(NUMERIC_ARFF)
    jobs = {}
    for name, (classifier, data, args) in LOCALE_RUNS.items():
        for locale in LOCALES:
            jobs[name, locale] = (classifier, ARFF_SAMPLES / data, args, locale)
    for name, (classifier, data, args, options) in PREDICTION_RUNS.items():
        path = numeric if data == "{numeric}" else ARFF_SAMPLES / data
        for output in (CSV, PLAIN):
            plain_options = options.replace("-use-tab", "").strip()
            chosen = f"{output} {options if output == CSV else plain_options}".strip()
            jobs[name, output.rsplit(".", 1)[1]] = (classifier, path, (*args, "-classifications", chosen), "en_US")
    return jobs


def weka_command_lines(jobs):
    """Each job's printed text: WEKA's command line, one child JVM per locale (print_all), a few at a time."""
    by_locale: dict[str, list] = {}
    for key, (classifier, train, args, locale) in jobs.items():
        by_locale.setdefault(locale, []).append((key, [classifier, "-t", str(train), *args]))

    def one(locale):
        group = by_locale[locale]
        texts = {}
        answers = print_all([line for _, line in group], locale_options(locale))
        for (key, _), printed in zip(group, answers, strict=True):
            text = printed.text()
            if printed.status != 0 or "===" not in text:
                raise RuntimeError(f"WEKA failed on {key}: {text[-500:]}{printed.error_text()[-500:]}")
            texts[key] = text
        return texts

    with ThreadPoolExecutor(max_workers=4) as pool:
        texts = {key: text for part in pool.map(one, by_locale) for key, text in part.items()}
    return {key: texts[key] for key in jobs}


@pytest.fixture(scope="session")
def wild(weka_jvm, tmp_path_factory):
    """Every run of this module, one JVM per locale: {(name, locale or format): printed text}."""
    return weka_command_lines(wild_jobs(tmp_path_factory.mktemp("wild")))


def numbers(section):
    """Every number a section holds, by where it sits."""
    found = {}
    if section.summary is not None:
        found.update({f"summary.{k}": v for k, v in section.summary.to_dict().items()})
    if section.class_details is not None:
        details = section.class_details
        for row in (*details.rows, details.weighted_avg):
            found.update({f"{row.class_name}.{c}": getattr(row, c) for c in details.columns})
    if section.confusion_matrix is not None:
        found["matrix"] = section.confusion_matrix.matrix.tolist()
        found["class_names"] = section.confusion_matrix.class_names
    return found


# -- locales -------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES[1:])
@pytest.mark.parametrize("name", list(LOCALE_RUNS))
def test_every_locale_reads_as_the_same_numbers(wild, name, locale):
    english = read_weka_output(wild[name, "en_US"])
    local = read_weka_output(wild[name, locale])
    assert local.check() == [] and english.check() == []
    assert [s.title for s in local.sections] == [s.title for s in english.sections]
    for theirs, ours in zip(local.sections, english.sections, strict=False):
        expected = numbers(ours)
        if locale == "tr_TR":  # Java lower-cases "Incorrect" to "ıncorrect" there: WEKA drops the line
            assert "incorrect" not in theirs.summary.lines
            dropped = ("summary.incorrect", "summary.percent_incorrect")
            expected = {k: v for k, v in expected.items() if k not in dropped}
        assert numbers(theirs) == expected
        separator = theirs.class_details.decimal_separator if theirs.class_details else "."
        assert separator == {"en_US": ".", "ar_EG": "\u066b", "fa_IR": "\u066b"}.get(locale, ",")
        if theirs.class_details is not None and locale not in ("ar_EG", "fa_IR"):
            assert theirs.class_details.to_text() in wild[name, locale]  # rendered back in the locale's own form


def test_the_turkish_locale_prints_one_line_fewer(wild):
    english, turkish = wild["j48-weighted-k", "en_US"], wild["j48-weighted-k", "tr_TR"]
    assert len(turkish.splitlines()) == len(english.splitlines()) - 2  # once per evaluation
    assert "Incorrectly Classified Instances" not in turkish


# -- encodings --------------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "big5", "utf-16"])
def test_a_file_in_another_encoding_names_the_byte_and_reads_with_encoding(wild, tmp_path, encoding, capsys):
    text = wild["nb-quoted-labels-coverage", "en_US"]  # labels: café, naïve, 日本語
    if encoding in ("cp1252", "latin-1"):
        text = text.replace("\u65e5\u672c\u8a9e", "\u00c6r\u00f8")
    elif encoding == "big5":
        text = text.replace("caf\u00e9", "\u5496\u5561").replace("na\u00efve", "\u5929\u771f")
    saved = tmp_path / "log.txt"
    saved.write_bytes(text.encode(encoding))
    with pytest.raises(
        WekaOutputError, match=r"log\.txt:\d+: not UTF-8 text \(byte 0x[0-9a-f]{2}\); .*encoding="
    ) as error:
        read_weka_output(saved)
    assert ('"utf-16"' in str(error.value)) == (encoding == "utf-16")
    report = read_weka_output(saved, encoding=encoding)
    assert [s.to_dict() for s in report.sections] == [s.to_dict() for s in read_weka_output(text).sections]
    assert main(["parse", str(saved), "--encoding", encoding]) == 0
    assert main(["check", str(saved), "--encoding", "utf-8"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "encoding" in err
    # --encoding auto, the default for a file named as for one in a folder: UTF-16 and cp1252 read, Big5 not
    assert main(["check", str(saved)]) == (2 if encoding == "big5" else 0)
    capsys.readouterr()
    assert main(["check", str(saved), "--encoding", "no-such-codec"]) == 2
    assert "unknown encoding: 'no-such-codec'" in capsys.readouterr().err


def test_text_that_is_no_path_is_an_output_error(tmp_path):
    for text in ("Kappa statistic                          0.94", "a\0b", "=== Summary ===", "x" * 5000):
        with pytest.raises(WekaOutputError):
            read_weka_output(text)
    with pytest.raises(FileNotFoundError):
        read_weka_output(str(tmp_path / "no-such.log"))
    with pytest.raises(LookupError, match="no-such-codec"):
        read_weka_output(str(tmp_path / "no-such.log"), encoding="no-such-codec")


# -- blocks a program printed, under its own title or none, pasted indented ---------------------------------


@pytest.fixture(scope="module")
def evaluation(weka_jvm):
    """WEKA's Evaluation of J48 on weighted.arff (10-fold CV), in this process's JVM."""
    import jpype

    data = bridge.load_instances(ARFF_SAMPLES / "missing-class.arff")
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(data)
    classifier = jpype.JClass("weka.classifiers.AbstractClassifier").forName(J48, jpype.JArray(jpype.JString)([]))
    evaluation.crossValidateModel(classifier, data, 10, jpype.JClass("java.util.Random")(1))
    return evaluation


@pytest.mark.parametrize(
    ("title", "read_title"),
    [("\nResults\n======\n", "Results"), ("", ""), ("Evaluation: ", "Evaluation:"), ("=== My run ===\n", "My run")],
)
def test_a_summary_under_a_free_title_or_none_is_a_section(evaluation, title, read_title):
    text = str(evaluation.toSummaryString(title, True)) + str(evaluation.toClassDetailsString())
    text += str(evaluation.toMatrixString())
    (section,) = read_weka_output(text).sections
    assert section.title == read_title
    assert section.summary.kappa == float(f"{float(evaluation.kappa()):.4f}")
    assert section.class_details is not None and section.confusion_matrix is not None
    assert read_weka_output(text).check() == [] and read_weka_output(text).other == ()


@pytest.mark.parametrize("indent", ["    ", "\t", "\t\t", "  "])
def test_uniformly_indented_text_reads_as_if_it_were_not(wild, evaluation, indent):
    for text in (
        wild["j48-weighted-k", "en_US"],
        str(evaluation.toSummaryString("", False)),
        str(evaluation.toMatrixString("")),
        str(evaluation.toClassDetailsString("")),
    ):
        indented = "".join(indent + line if line.strip() else line for line in text.splitlines(True))
        plain, pasted = read_weka_output(text), read_weka_output(indented)
        assert [s.to_dict() for s in pasted.sections] == [s.to_dict() for s in plain.sections]


def test_indented_code_blocks_amid_a_readmes_prose(wild, evaluation):
    summary = str(evaluation.toSummaryString("", False))
    log = wild["j48-weighted-k", "en_US"]
    readme = "\n".join(
        [
            "# Results",
            "",
            "J48 on our data, ten-fold cross-validation:",
            "",
            *("    " + line if line.strip() else "" for line in log.splitlines()),
            "",
            "And the summary alone, as a program printed it:",
            "",
            *("\t" + line if line.strip() else "" for line in summary.splitlines()),
            "",
            "Fenced:",
            "```",
            *summary.strip("\n").splitlines(),
            "```",
            "That is all.",
            "",
        ]
    )
    report = read_weka_output(readme)
    expected = read_weka_output(log).sections + read_weka_output(summary).sections * 2
    assert len(report.sections) == len(expected)
    for ours, theirs in zip(report.sections, expected, strict=False):
        assert (ours.summary, ours.class_details, ours.confusion_matrix) == (
            theirs.summary,
            theirs.class_details,
            theirs.confusion_matrix,
        )
    assert report.sections[-2].title == "And the summary alone, as a program printed it:"  # the line above it
    assert report.sections[-1].title == "Fenced:"  # a Markdown fence ends blocks as a blank line does
    assert [text for _, text in report.other] == [
        "# Results",
        "J48 on our data, ten-fold cross-validation:",
        "```",
        "```",
        "That is all.",
    ]


def test_a_bare_matrix_or_class_details_table_is_a_section(evaluation):
    (matrix,) = read_weka_output(str(evaluation.toMatrixString(""))).sections
    expected = np.array([list(row) for row in evaluation.confusionMatrix()])
    assert np.array_equal(matrix.confusion_matrix.matrix, expected) and matrix.summary is None
    (details,) = read_weka_output(str(evaluation.toClassDetailsString("Per class\n"))).sections
    assert details.title == "Per class" and len(details.class_details.rows) == 3


# -- CSV predictions -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PREDICTION_RUNS))
def test_csv_predictions_are_the_plain_text_ones(wild, name):
    (csv,) = read_weka_output(wild[name, "CSV"]).sections
    (plain,) = read_weka_output(wild[name, "PlainText"]).sections
    assert csv.title == plain.title == "Predictions under cross-validation"
    assert csv.predictions.format == "CSV" and plain.predictions.format == "PlainText"
    assert csv.predictions.nominal == plain.predictions.nominal
    assert len(csv.predictions.rows) == len(plain.predictions.rows) > 100 or name == "numeric"
    for ours, theirs in zip(csv.predictions.rows, plain.predictions.rows, strict=False):
        for field in fields(ours):
            if field.name != "attributes":
                assert getattr(ours, field.name) == getattr(theirs, field.name), (name, field.name, ours, theirs)
        if theirs.attributes is not None:  # PlainText prints "(v1,v2)", CSV one column per attribute
            assert "(" + ",".join(ours.attributes) + ")" == theirs.attributes
    names = csv.predictions.attribute_names
    assert names == plain.predictions.attribute_names


def test_csv_predictions_printed_alone_read_as_a_section(wild):
    text = wild["missing-class", "CSV"]
    table = text[text.index("inst#") :]
    (section,) = read_weka_output(table).sections
    rows = section.predictions.rows
    assert section.title == "" and rows == read_weka_output(text).sections[0].predictions.rows
    assert any(row.actual is None and row.actual_index is None for row in rows)  # WEKA prints 1:? for those
    assert any(row.error for row in rows)


# -- what WEKA never prints ----------------------------------------------------------------------------------


def edits(text):
    """Ways people edit WEKA's output before publishing it; each makes it something WEKA never printed."""
    lines = text.splitlines(True)
    heading = next(i for i, line in enumerate(lines) if line.startswith("=== "))
    details = next(i for i, line in enumerate(lines) if "TP Rate" in line) + 1
    kappa = next(i for i, line in enumerate(lines) if line.startswith("Kappa statistic"))
    matrix = next(i for i, line in enumerate(lines) if "<-- classified as" in line) + 1

    def edited(index, line):
        return "".join(lines[:index] + [line] + lines[index + 1 :]), index + 1

    yield "wiki headings", edited(heading, lines[heading].replace("=== ", "== ").replace(" ===", " =="))
    yield "lost first bytes", edited(heading, lines[heading][3:])
    yield "latex", edited(details, " & ".join(lines[details].split()) + " \\\\\n")
    yield "hand-aligned", edited(kappa, "Kappa statistic                     " + lines[kappa].split()[-1] + "\n")
    yield "elided rows", edited(matrix, "  ...\n")
    yield "tabs for spaces", edited(matrix, lines[matrix].replace("  ", "\t"))


@pytest.mark.parametrize(
    "kind", ["wiki headings", "lost first bytes", "latex", "hand-aligned", "elided rows", "tabs for spaces"]
)
def test_edited_output_is_refused_at_the_edited_line(wild, kind):
    text, line = dict(edits(wild["j48-missing-class", "en_US"]))[kind]
    with pytest.raises(WekaOutputError) as error:
        read_weka_output(text)
    assert error.value.line == line, str(error.value)
