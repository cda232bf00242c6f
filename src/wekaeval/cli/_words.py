"""The command line's words for the library's: every message a command prints names options and commands.

The library's messages are written for Python: they name parameters (``encoding="utf-16"``, ``resume=False``,
``sort_by: ...``) and functions (``wekaeval.read_experiment_results``).  :func:`in_command_words` rewrites such a
message in the command line's words, by the tables below; :func:`~wekaeval.cli._common.one_line`, which every
message the commands print passes through, calls it.  A new parameter named in a message gets its option here.

>>> in_command_words('not UTF-8 text (byte 0xff); pass encoding="utf-16" (or encoding="auto") to read it')
'not UTF-8 text (byte 0xff); pass --encoding utf-16 (or --encoding auto) to read it'
>>> in_command_words("r.arff holds another experiment: resume=False (--fresh) to start it afresh")
'r.arff holds another experiment: --fresh to start it afresh'
>>> in_command_words("sort_by: no column 'Nope'")
"--sort-by: no column 'Nope'"
>>> in_command_words("--classifier 'sklearn.linear_model.Ridge(alpha=2.0)': no such class")
"--classifier 'sklearn.linear_model.Ridge(alpha=2.0)': no such class"
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Mapping, Sequence

#: A parameter of the library -> the option that gives it.
OPTIONS = {
    "encoding": "--encoding",
    "measure": "--measure",
    "sort_by": "--sort-by",
    "base": "--base",
    "control": "--base",
    "significance": "--significance",
    "alpha": "--significance",
    "class_attribute": "--class",
    "class_names": "--class-names",
    "workers": "--workers",
    "folds": "--folds",
    "runs": "--runs",
    "train_percent": "--split-percentage",
    "split_percentage": "--split-percentage",
    "timeout": "--timeout",
    "posthoc": "--posthoc",
    "rope": "--rope",
    "seed": "--seed",
    "nominal": "--nominal",
    "weights": "--weights",
}

#: A parameter with one value -> the option (and value) that says it.
FLAGS = {
    ("resume", "False"): "--fresh",
    ("resume", "True"): "the same command without --fresh",
    ("randomize", "False"): "--preserve-order",
    ("wait", "True"): "--wait",
    ("higher_is_better", "True"): "--better higher",
    ("higher_is_better", "False"): "--better lower",
    ("show_std_devs", "True"): "--std-devs",
    ("no_cv", "True"): "--no-cv",
    ("preserve_order", "True"): "--preserve-order",
}

#: A function of the library -> the command that does what it does; None where no command does.
COMMANDS: dict[str, str | None] = {
    "read_experiment_results": "wekaeval summarise, ttest or compare",
    "summarise": "wekaeval summarise",
    "ttest": "wekaeval ttest",
    "compare": "wekaeval compare",
    "run": "wekaeval experiment",
    "read_weka_output": "wekaeval parse",
    "read_weka_outputs": "wekaeval parse",
    "read_predictions": "wekaeval evaluate",
    "run_parity": "wekaeval parity",
    "kappa_stats": "wekaeval kappa --stats",
    "read_result_matrix": None,
}

_NAMES = "|".join(sorted({*OPTIONS, *(name for name, _ in FLAGS)}, key=len, reverse=True))
_VALUE = r"\"[^\"]*\"|'[^']*'|[\w.+-]+"
#: ``name=value (--option ...)``: the message names the option already.
_BOTH = re.compile(rf"(?<![\w.(,])(?:{_NAMES})=(?:{_VALUE}) \((--[\w-]+[^()]*)\)")
#: ``name=value`` or a bare ``name=``; not a keyword argument inside a call the message quotes (a scheme's
#: ``RidgeClassifier(alpha=2.0)``).
_ASSIGNED = re.compile(rf"(?<![\w.(,])(?<!, )({_NAMES})=({_VALUE})?")
_FUNCTION = re.compile(r"\bwekaeval\.(?:[a-z_]+\.)*([A-Za-z_]\w*)(?:\(\))?")
_NO_COMMAND = re.compile(r"\bread it with wekaeval\.(?:[a-z_]+\.)*(\w+)(?:\(\))?")
_LEADING = re.compile(rf"^({_NAMES})(?=[: ])")


def _assigned(found: re.Match[str]) -> str:
    name, value = found.group(1), found.group(2)
    if value is not None and (name, value) in FLAGS:
        return FLAGS[name, value]
    option = OPTIONS.get(name)
    if option is None:
        return found.group()
    return option if value is None else f"{option} {value.strip(chr(34) + chr(39))}"


def _no_command(found: re.Match[str]) -> str:
    return found.group() if COMMANDS.get(found.group(1), "") is not None else "no command reads it"


def _function(found: re.Match[str]) -> str:
    return COMMANDS.get(found.group(1)) or found.group()


def in_command_words(message: str) -> str:
    """``message`` with the library's parameters and functions named as the command line names them."""
    if "=" not in message and "wekaeval." not in message and not _LEADING.match(message):
        return message
    message = _BOTH.sub(lambda found: found.group(1), message)
    message = _ASSIGNED.sub(_assigned, message)
    message = _NO_COMMAND.sub(_no_command, message)
    message = _FUNCTION.sub(_function, message)
    return _LEADING.sub(lambda found: OPTIONS.get(found.group(1), found.group(1)), message)


# -- the options as typed ------------------------------------------------------------------------------------------

#: What the ``weka_spellings`` of a command map a WEKA option to when the option has no counterpart of its own:
#: the token is dropped, its value read as the command's positional argument (WEKA's ``-t FILE``).
POSITIONAL = ""

_SINGLE_DASH = re.compile(r"-[A-Za-z][\w-]*")


def option_words(
    parser: argparse.ArgumentParser, arguments: Sequence[str], weka_spellings: Mapping[str, str]
) -> list[str]:
    """``arguments`` as ``parser`` reads them, or a :class:`OptionWordError` naming the option to use.

    WEKA's single-dash spellings are taken: ``-split-percentage`` is ``--split-percentage`` (any long option
    of the command spelt with one dash), and ``weka_spellings`` maps WEKA's own options to this command's
    (``-t`` to :data:`POSITIONAL`).  An option the command does not have is refused with the closest one
    (``--clasifier``: did you mean ``--classifier``?), never read as a short option with a value glued to it
    (argparse would take ``-split-percentage`` as ``-s plit-percentage``).  A parser with subcommands reads its
    own options only (up to the command).
    """
    known = parser._option_string_actions
    commands = any(isinstance(action, argparse._SubParsersAction) for action in parser._actions)
    out: list[str] = []
    for at, token in enumerate(arguments):
        if token == "--":
            return out + list(arguments[at:])
        if commands and not token.startswith("-"):
            return out + list(arguments[at:])
        name, equals, value = token.partition("=")
        if name in known or not token.startswith("-") or token == "-":
            out.append(token)
            continue
        if name.startswith("--"):
            raise OptionWordError(f"unrecognized arguments: {name}{_closest(name, known)}")
        if not _SINGLE_DASH.fullmatch(name):  # -1, -0.5: a value
            out.append(token)
            continue
        if name in weka_spellings:
            ours = weka_spellings[name]
            if ours == POSITIONAL:
                continue
            if ours in known:
                out.append(ours + equals + value)
                continue
            raise OptionWordError(f"{name} is WEKA's; here it is {ours}" if ours.startswith("-") else f"{name}: {ours}")
        if "-" + name in known:  # a long option with WEKA's single dash
            out.append("-" + token)
            continue
        short = known.get(name[:2])
        rest = name[2:]
        glued = short is not None and short.nargs != 0 and _takes(short, rest)
        glued = glued and not re.fullmatch(r"[A-Za-z]+(-[A-Za-z]+)+", rest)  # -splt-percentage is no -s value
        if glued or len(name) == 2 and short is not None:  # -s1, -cfirst, -Ttest.arff: argparse's own forms
            out.append(token)
            continue
        raise OptionWordError(f"unrecognized arguments: {name}{_closest('-' + name, known)}")
    return out


def _takes(action: argparse.Action, value: str) -> bool:
    """Whether ``action`` takes ``value`` (``-s1``, not ``-seeed``)."""
    try:
        converted = value if action.type is None else action.type(value)  # type: ignore[operator]
    except (TypeError, ValueError, argparse.ArgumentTypeError):
        return False
    return action.choices is None or converted in action.choices


def _closest(name: str, known: Mapping[str, argparse.Action]) -> str:
    """``; did you mean --x?`` for the options ``name`` begins (an abbreviation), else the long option closest to
    it, a visible one first; empty if none is close."""
    longs = [option for option in known if option.startswith("--")]
    visible = [option for option in longs if known[option].help != argparse.SUPPRESS]
    found = [option for option in visible if option.startswith(name)][:3]
    found = found or difflib.get_close_matches(name, visible, n=1, cutoff=0.7)
    found = found or difflib.get_close_matches(name, longs, n=1, cutoff=0.7)
    return f"; did you mean {' or '.join(found)}?" if found else ""


class OptionWordError(Exception):
    """An option typed as the command does not spell it: one line, naming the one to use."""
