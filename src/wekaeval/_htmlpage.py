"""What every HTML page wekaeval writes shares: its frame, its base CSS, escaping, and where a long name may break.

The pages (``parity --html``, ``report --html``, ``ttest_html``, ``compare_html``) are self-contained: CSS
inline, no scripts, no fonts, no links.  Their text wraps at word boundaries only -- never inside a word, as
``overflow-wrap: anywhere`` broke ``cross-validati`` / ``on`` and ``weka.classifie`` / ``rs.trees.J48``.  A
long dotted name or path may break after its dots and slashes (:func:`breakable` puts a ``<wbr>`` there), a
table wider than the window scrolls sideways in its ``div.scroll`` (:func:`scrolling`) rather than squeeze its
columns, and numbers never break.

>>> breakable("weka.classifiers.trees.J48 -C 0.25 on data/<iris>.arff")
'weka.<wbr>classifiers.<wbr>trees.<wbr>J48 -C 0.25 on data/<wbr>&lt;iris&gt;.<wbr>arff'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

__all__ = ["BASE_CSS", "breakable", "escape", "page", "scrolling"]

#: The rules every page starts with: the body, tables and how their text wraps.
BASE_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th, td, dd, li, p { overflow-wrap: normal; word-break: normal; hyphens: manual; }
th { background: #eee; }
td.num { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; font-family: monospace; }
div.scroll { overflow-x: auto; max-width: 100%; }
div.scroll > table { margin-bottom: 0.5em; }
"""

#: A break opportunity after a dot between a name's parts (``weka.classifiers``, ``iris.arff``; not in ``0.25``)
#: and after a path's slash.
_BREAK_AFTER = re.compile(r"(?<=[\w)>\]]\.)(?=[^\W\d])|(?<=[/\\])(?=[^/\\\s])")


def escape(value: Any) -> str:
    """Text from data, escaped for HTML text and attribute values alike (quotes included)."""
    return html.escape(str(value), quote=True)


def breakable(value: Any) -> str:
    """``value`` escaped, with a ``<wbr>`` after each dot of a dotted name and each slash of a path, so that a
    long class name or path wraps there and nowhere inside a word.  For element text, not attribute values."""
    return "<wbr>".join(escape(part) for part in _BREAK_AFTER.split(str(value)))


def scrolling(table: str) -> str:
    """``table`` (HTML) in a ``div.scroll``: wider than the window, it scrolls sideways rather than squeeze."""
    return f'<div class="scroll">{table}</div>'


def page(title: str, css: str, body: Iterable[str]) -> str:
    """One self-contained page: ``title``, :data:`BASE_CSS` then ``css``, the ``body`` parts one per line."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{BASE_CSS}{css}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
