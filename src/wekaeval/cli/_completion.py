"""``wekaeval completion SHELL``: tab completion of every command and option, written by shtab.

shtab reads the command line's own parser, so the script always matches the commands and options of the
installed wekaeval; file arguments complete file names, folder arguments folder names.
"""

from __future__ import annotations

import argparse
from typing import Any

from wekaeval.cli._common import UsageError

SHELLS = ("bash", "zsh", "tcsh")

#: Arguments whose value is a file (or a folder of files), by their metavar.
_FILE_METAVARS = {
    "ARFF",
    "DATA",
    "FILE",
    "LOG",
    "RESULTS",
    "DATA.arff",
    "FILE|DIR",
    "OUT",
    "PREDICTIONS",
    "TRAIN.arff",
    "PAGE",
    "IMAGE",
}


def add_parser(commands: Any, root: argparse.ArgumentParser) -> None:
    """The ``completion`` command's arguments; ``root`` is the parser its script completes."""
    completion_parser = commands.add_parser(
        "completion",
        help="print the shell's tab-completion script for wekaeval (bash, zsh or tcsh)",
        description="Print a tab-completion script for every wekaeval command and option, written by shtab from "
        "this wekaeval's own parser. bash: wekaeval completion bash > "
        "~/.local/share/bash-completion/completions/wekaeval; zsh: wekaeval completion zsh > "
        '"${fpath[1]}/_wekaeval"; tcsh: eval "$(wekaeval completion tcsh)".',
    )
    completion_parser.add_argument("shell", choices=SHELLS, help="the shell to write the script for")
    completion_parser.set_defaults(run=_completion_command, root=root)


def mark_files(parser: argparse.ArgumentParser) -> None:
    """Tell shtab which arguments take files (every subcommand's, by metavar)."""
    try:
        import shtab
    except ImportError:  # the command says what to install when asked for a script
        return
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                mark_files(sub)
        elif action.metavar in _FILE_METAVARS:
            action.complete = shtab.FILE  # type: ignore[attr-defined]  # shtab reads this attribute


def _completion_command(args: argparse.Namespace) -> int:
    try:
        import shtab
    except ImportError:
        raise UsageError("completion needs shtab: pip install shtab") from None
    mark_files(args.root)  # here, not when the parser is built: shtab's import costs every command ~40 ms
    print(shtab.complete(args.root, shell=args.shell), end="")
    return 0
