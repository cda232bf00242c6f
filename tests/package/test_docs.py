"""The examples of README.md, the docs pages and the kappa package's README run and print what the pages say.

Three kinds of fenced ``python`` blocks are checked:

* doctest blocks (``>>>``): run with doctest, block after block in one namespace per page, from the
  repository's root (their paths are relative to it);
* a script block followed directly by a ``text`` block: run in a fresh interpreter, its stdout compared with
  the ``text`` block byte for byte (trailing spaces included: WEKA's lines have them);
* the migration blocks of docs/migrating.md under "python-weka-wrapper3's `Evaluation`, without a JVM":
  python-weka-wrapper3's code and wekaeval's, run side by side; the cross-validation pair must print exactly
  the same.

Blocks that use WEKA (``wekaeval.bridge`` or python-weka-wrapper3's ``weka``) need the ``weka_jvm`` fixture.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from xml.etree import ElementTree

import pytest

from tests.paths import ROOT

PAGES = (
    "README.md",
    "docs/index.md",
    "docs/migrating.md",
    "docs/evaluation.md",
    "docs/kappa.md",
    "docs/experimenter.md",
    "docs/experiments.md",
    "docs/comparing.md",
    "docs/which-weka.md",
    "docs/cli.md",
    "docs/showing-parity.md",
    "docs/arff.md",
    "docs/weka-output.md",
    "java_reference/kappa-package/README.md",
)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
MIGRATION_PAGE = "docs/migrating.md"
MIGRATION_SECTION = "## python-weka-wrapper3's `Evaluation`, without a JVM"


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, text, and where it is."""

    page: str
    line: int
    language: str
    text: str
    start: int
    end: int

    @property
    def is_doctest(self) -> bool:
        return self.language == "python" and self.text.lstrip().startswith(">>>")

    @property
    def needs_weka(self) -> bool:
        uses_wekaeval_jvm = re.search(r"\bbridge\b|wekaeval\.(parity|testing)\b", self.text) is not None
        return uses_wekaeval_jvm or re.search(r"^(import|from) weka\b", self.text, re.MULTILINE) is not None

    @property
    def is_pytest(self) -> bool:
        return self.language == "python" and re.search(r"^def test_", self.text, re.MULTILINE) is not None


def blocks(page: str) -> list[Block]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return [
        Block(page, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2), m.start(), m.end())
        for m in FENCE.finditer(text)
    ]


def script_and_output(page: str) -> list[tuple[Block, Block]]:
    """Each script block with the ``text`` block right after it (nothing but blank lines between)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found = blocks(page)
    return [
        (code, output)
        for code, output in zip(found, found[1:], strict=False)
        if code.language == "python"
        and not code.is_doctest
        and output.language == "text"
        and not text[code.end : output.start].strip()
    ]


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)


@pytest.mark.parametrize("page", PAGES)
def test_doctest_blocks_print_what_the_page_shows(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    examples = [block for block in blocks(page) if block.is_doctest]
    assert examples or page == "README.md"
    parser, globs = doctest.DocTestParser(), {"__name__": page}
    report: list[str] = []
    runner = doctest.DocTestRunner()
    for block in examples:
        test = parser.get_doctest(block.text, globs, f"{page}:{block.line}", page, block.line)
        runner.run(test, out=report.append, clear_globs=False)
        globs.update(test.globs)  # DocTest copies its globals: carry each block's names to the next
    assert runner.failures == 0, "".join(report)


def _script_cases() -> list:
    cases = []
    for page in PAGES:
        for code, output in script_and_output(page):
            marks = [pytest.mark.jvm] if code.needs_weka else []
            cases.append(pytest.param(code, output, id=f"{page}:{code.line}", marks=marks))
    return cases


@pytest.mark.parametrize(("code", "output"), _script_cases())
def test_scripts_print_the_text_below_them(code, output, request):
    if code.needs_weka:
        request.getfixturevalue("weka_jvm")
    done = run(code.text)
    assert done.returncode == 0, done.stderr
    assert done.stdout == output.text


def _pytest_cases() -> list:
    cases = []
    for page in PAGES:
        for block in blocks(page):
            if block.is_pytest:
                marks = [pytest.mark.jvm] if block.needs_weka else []
                cases.append(pytest.param(block, id=f"{page}:{block.line}", marks=marks))
    return cases


@pytest.fixture(scope="module")
def pytest_blocks_run(tmp_path_factory) -> Callable[[Block], tuple[list[str], str]]:
    """Runs the pytest blocks in one pytest process per kind (with WEKA or without), each block its own test
    module, from the repository's root; gives a block's outcomes (one per test) and the run's whole output.

    One process instead of one per block: each saves an interpreter and a JVM start.
    """
    runs: dict[bool, tuple[dict[str, list[str]], str]] = {}

    def run_kind(needs_weka: bool) -> tuple[dict[str, list[str]], str]:
        folder = tmp_path_factory.mktemp("pytest-blocks")
        modules = {}
        for number, case in enumerate(_pytest_cases()):
            block = case.values[0]
            if block.needs_weka == needs_weka:
                module = folder / f"test_page_block_{number}.py"
                module.write_text(block.text, encoding="utf-8")
                modules[module.name] = (block.page, block.line)
        report = folder / "report.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--continue-on-collection-errors"]
        command += ["--rootdir", str(folder)]
        command += [f"--junitxml={report}", *(str(folder / name) for name in modules)]
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
        outcomes: dict[str, list[str]] = {}
        cases = ElementTree.parse(report).iter("testcase") if report.exists() else []
        for case in cases:  # a module that fails to import is a case named after it, with no class
            module = (case.get("classname") or case.get("name") or "").split(".")[0] + ".py"
            kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
            outcomes.setdefault(repr(modules.get(module)), []).append(kinds[0] if kinds else "passed")
        return outcomes, f"exit status {done.returncode}\n{done.stdout}{done.stderr}"

    def outcome(block: Block) -> tuple[list[str], str]:
        if block.needs_weka not in runs:
            runs[block.needs_weka] = run_kind(block.needs_weka)
        outcomes, output = runs[block.needs_weka]
        return outcomes.get(repr((block.page, block.line)), []), output

    return outcome


@pytest.mark.parametrize("block", _pytest_cases())
def test_pytest_blocks_pass_under_pytest(block, request, pytest_blocks_run):
    """A block of test functions (``def test_...``) is a test module: pytest runs it, from the repository's root."""
    if block.needs_weka:
        request.getfixturevalue("weka_jvm")
    outcomes, output = pytest_blocks_run(block)
    assert outcomes and set(outcomes) == {"passed"}, f"{block.page}:{block.line}: {outcomes}\n{output}"


def test_the_pages_have_examples_with_their_output():
    assert [code.line for code, _ in script_and_output("docs/evaluation.md")], "docs/evaluation.md lost its outputs"


def migration_blocks() -> dict[str, list[str]]:
    """The migration page's Evaluation section: python-weka-wrapper3's blocks and wekaeval's, in order."""
    text = (ROOT / MIGRATION_PAGE).read_text(encoding="utf-8")
    start = text.index(MIGRATION_SECTION)
    end = text.index("\n## ", start + len(MIGRATION_SECTION))
    found: dict[str, list[str]] = {"python-weka-wrapper3": [], "wekaeval": []}
    for block in blocks(MIGRATION_PAGE):
        if start <= block.start < end and block.language == "python" and not block.is_doctest:
            first = block.text.splitlines()[0]
            side = "python-weka-wrapper3" if first.startswith("# python-weka-wrapper3") else "wekaeval"
            found[side].append(block.text)
    assert [len(v) for v in found.values()] == [2, 2]
    return found


@pytest.mark.jvm
def test_the_migration_cross_validation_is_wekas_both_ways(weka_jvm):
    blocks_ = migration_blocks()
    outputs = []
    for code in (blocks_["python-weka-wrapper3"][1], blocks_["wekaeval"][1]):
        done = run(code)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert "=== Confusion Matrix ===" in outputs[1] and "Relative absolute error" in outputs[1]


@pytest.mark.jvm
def test_the_migration_test_set_runs_both_ways(weka_jvm):
    pytest.importorskip("sklearn")
    blocks_ = migration_blocks()
    for code in (blocks_["python-weka-wrapper3"][0], blocks_["wekaeval"][0]):
        done = run(code)
        assert done.returncode == 0, done.stderr
        assert "Total Number of Instances              400" in done.stdout
        assert "=== Detailed Accuracy By Class ===" in done.stdout and "=== Confusion Matrix ===" in done.stdout
