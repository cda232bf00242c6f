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

import re

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
_LEADING = re.compile(rf"^({_NAMES})(?=:| must | is | has )")


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
