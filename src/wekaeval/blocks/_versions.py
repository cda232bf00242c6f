"""Which WEKA releases could have printed a text: the evidence its layout gives.

WEKA's printed output changed between releases -- the class-details table,
the Explorer's run information, the rounding of ``Utils.doubleToString``.
The releases fall into eras within which the printed layout is the same
(:data:`ERAS`; see ``docs/weka-output.md``).  The reader notes what it sees;
:meth:`Versions.possible` is every era consistent with all of it, and
:func:`roundings` the roundings ``check()`` must accept for them.

>>> seen = Versions()
>>> seen.note("an unpadded 'Scheme:' line", 3, since="3.6.5", before="3.7")
>>> seen.possible()
('3.6-3.7.5',)
>>> roundings(seen.possible()), roundings(ERAS)
(('old',), ('old', 'new'))
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The eras of WEKA's printed layout: name, first release, and its ``Utils.doubleToString`` rounding --
#: ``(long)(x * 10^d + 0.5)`` before 3.7.13 ("old"), a half-up DecimalFormat since ("new").
_ERA_TABLE = (
    ("3.4-3.5.0", "3.4", "old"),
    ("3.5.1-3.5.8", "3.5.1", "old"),
    ("3.6-3.7.5", "3.6", "old"),
    ("3.7.6", "3.7.6", "old"),
    ("3.7.7", "3.7.7", "old"),
    ("3.7.8-3.7.12", "3.7.8", "old"),
    ("3.7.13-3.8.1", "3.7.13", "new"),
    ("3.8.2+", "3.8.2", "new"),
)


ERAS = tuple(name for name, _, _ in _ERA_TABLE)


_FIRST = {name: first for name, first, _ in _ERA_TABLE}


_ROUNDING = {name: rounding for name, _, rounding in _ERA_TABLE}


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def roundings(eras: tuple[str, ...]) -> tuple[str, ...]:
    """The roundings of ``Utils.doubleToString`` in ``eras``: ``("old",)``, ``("new",)`` or both."""
    kinds = {_ROUNDING[era] for era in eras}
    return tuple(kind for kind in ("old", "new") if kind in kinds)


@dataclass
class Versions:
    """The evidence for the release of the WEKA that printed a text, as the reader meets it."""

    evidence: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)

    def note(self, what: str, line: int, *, since: str | None = None, before: str | None = None) -> None:
        """Record that ``what`` (on ``line``) is printed by the releases ``since`` <= release < ``before``.

        The eras kept are those holding a release in that range.
        """
        allowed = []
        for era, following in zip(ERAS, ERAS[1:] + (None,), strict=False):
            starts_in_time = before is None or _release(_FIRST[era]) < _release(before)
            ends_after = since is None or following is None or _release(_FIRST[following]) > _release(since)
            if starts_in_time and ends_after:
                allowed.append(era)
        self.note_eras(what, line, tuple(allowed))

    def note_eras(self, what: str, line: int, eras: tuple[str, ...]) -> None:
        """Record that ``what`` (on ``line``) is printed in exactly ``eras``."""
        self.evidence.append((what, line, eras))

    def possible(self) -> tuple[str, ...]:
        """The eras consistent with every piece of evidence (all of them when the evidence disagrees)."""
        allowed = set(ERAS)
        for _, _, eras in self.evidence:
            allowed &= set(eras)
        return tuple(era for era in ERAS if era in allowed) or ERAS
