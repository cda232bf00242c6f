"""arff_samples/: the generated files are exactly what generate.py writes; the package files come from packages."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import load_generator
from tests.paths import ARFF_SAMPLES


def test_the_generator_reproduces_every_committed_file(tmp_path):
    generator = load_generator()
    written = generator.write_generated(tmp_path)
    assert sorted(p.name for p in written) == sorted(generator.GENERATED)
    for path in written:
        assert path.read_bytes() == (ARFF_SAMPLES / path.name).read_bytes(), path.name


def test_committed_files_are_only_generated_ones():
    tracked = subprocess.run(["git", "ls-files", "*.arff"], cwd=ARFF_SAMPLES, capture_output=True, text=True)
    if tracked.returncode != 0:  # not a git checkout (an sdist): nothing to check
        return
    generator = load_generator()
    assert set(tracked.stdout.split()) == set(generator.GENERATED)
    assert not set(generator.PACKAGE_FILES) & set(generator.GENERATED)


def test_package_files_are_written_again_identically(tmp_path):
    generator = load_generator()
    written = generator.write_package_files(tmp_path)
    assert sorted(p.name for p in written) == sorted(generator.PACKAGE_FILES)
    for path in written:
        assert path.read_bytes() == (ARFF_SAMPLES / path.name).read_bytes(), path.name


def test_the_command_line_writes_only_what_is_asked(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ARFF_SAMPLES / "generate.py"), "--missing"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # everything is there already
