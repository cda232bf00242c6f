"""A dataset as models take it: features for scikit-learn, the class as WEKA codes it, and the file WEKA reads.

The encoding of an ARFF file's attributes for scikit-learn is one documented rule (:func:`model_data`):

* a numeric attribute is one column of its values;
* a nominal attribute of k labels is, with ``nominal="onehot"`` (the default), k columns named
  ``attribute=label`` holding 1.0 for its label and 0.0 for the others, or, with ``nominal="ordinal"``, one
  column holding the label's index in the declaration (WEKA's own internal value);
* a missing value is NaN (every one of a nominal's k columns, one-hot);
* the class attribute is left out of the features; string, date and relational attributes are refused
  (WEKA's classifiers read dates as numbers and most refuse strings: convert them first, or give ``(X, y)``);
* instance weights are kept beside (``sample_weight`` for the models whose ``fit`` takes one).

The features are encoded only for scikit-learn: with ``features=False`` (every model is WEKA's) the file is
left as WEKA reads it -- its class and weights are all that is read here, whatever its attributes, sparse
rows stay sparse -- and WEKA reads the file itself.  Before encoding, the size of the dense matrix (rows x
encoded columns x 8 bytes) is estimated from the header: above :func:`dense_limit` it is refused, naming the
file and the size, before anything is read into it.

>>> import numpy as np
>>> data = model_data((np.array([[1.0], [2.0], [3.0]]), ["no", "yes", "no"]))
>>> data.class_names, data.y.tolist(), data.nominal
(('no', 'yes'), [0.0, 1.0, 0.0], True)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np

from wekaeval import bridge
from wekaeval.arff import Attribute, Dataset, load_arff, read_arff_rows
from wekaeval.errors import WekaevalError
from wekaeval.javamath import quote

#: How nominal attributes become features: one column per label, or the label's index.
NominalEncoding = Literal["onehot", "ordinal"]


class ModelDataError(WekaevalError):
    """Data a model cannot be run on as given: the message names the argument, file or attribute."""


@dataclass(frozen=True, eq=False)
class ModelData:
    """One dataset, ready for scikit-learn and for WEKA.

    ``X`` holds the features (the encoding rule of :mod:`wekaeval.models`), ``y`` the class as WEKA
    stores it (a nominal class's label index, a numeric class's value; NaN when missing), ``weights`` the
    instance weights.  ``source`` and ``class_index`` say which ARFF file and attribute WEKA reads (None for
    data given as ``(X, y)``: WEKA then reads a file written from them).  Data read for WEKA's schemes only
    (``features=False``) has no ``X`` (``encoded`` is False; asking for it raises ModelDataError), and its
    ``feature_names`` are the attributes WEKA reads beside the class.
    """

    relation: str
    features: np.ndarray | None = field(repr=False)
    feature_names: tuple[str, ...]
    y: np.ndarray
    weights: np.ndarray
    class_names: tuple[str, ...] | None
    source: str | None = None
    class_index: int | None = None
    encoding: str = "utf-8"
    #: The columns of each nominal attribute encoded one-hot (its labels' columns, in declaration order) and
    #: of each encoded as its label's index (``(column, number of labels)``): what
    #: :class:`wekaeval.sklearn.ReplaceMissingValues` needs to replace a missing label by the mode.
    onehot_groups: tuple[tuple[int, ...], ...] = ()
    ordinal_labels: tuple[tuple[int, int], ...] = ()
    #: python-weka-wrapper3's (or JPype's) ``weka.core.Instances`` the data came from, which WEKA's schemes
    #: run on as they are; it lives in this process's JVM, so such data does not go to worker processes.
    instances: Any = field(default=None, repr=False)
    #: False where WEKA read the relation without a name (``@relation {``: Java's null; ``relation`` is then
    #: ``null``, as Java writes it), which WEKA's Experimenter fails on.
    relation_named: bool = field(default=True, repr=False)

    def check_sendable(self) -> None:
        """Refuse (:class:`ModelDataError`) data that cannot go to another process: python-weka-wrapper3's
        Instances live in this process's JVM."""
        if self.instances is not None:
            raise ModelDataError(
                f"relation {self.relation!r} is python-weka-wrapper3 Instances, held in this process's JVM: worker "
                "processes cannot take it; give the path of its ARFF file instead, or workers=1"
            )

    def __getstate__(self) -> dict[str, Any]:
        self.check_sendable()
        return self.__dict__

    @property
    def X(self) -> np.ndarray:
        """The features as scikit-learn takes them."""
        if self.features is None:
            raise ModelDataError(
                f"{self.source or self.relation} was read for WEKA's schemes only: its features were not encoded "
                "for scikit-learn (read it with features=True)"
            )
        return self.features

    @property
    def encoded(self) -> bool:
        """Whether the features are encoded for scikit-learn (``X``)."""
        return self.features is not None

    @property
    def nominal(self) -> bool:
        """Whether the class is nominal."""
        return self.class_names is not None

    @property
    def num_instances(self) -> int:
        return len(self.y)

    def class_codes(self) -> np.ndarray | None:
        """Each instance's class index, -1 when missing (what WEKA's stratification groups by); None for a
        numeric class."""
        if self.class_names is None:
            return None
        return np.where(np.isnan(self.y), -1, np.nan_to_num(self.y, nan=-1.0)).astype(np.int64)

    def labels(self) -> np.ndarray:
        """The class as labels: a nominal class's names (None where missing), a numeric class's values."""
        if self.class_names is None:
            return self.y.copy()
        names = self.class_names
        return np.array([None if math.isnan(v) else names[int(v)] for v in self.y.tolist()], dtype=object)

    def arff_text(self) -> str:
        """The data as an ARFF file WEKA reads to the same instances: numeric attributes ``feature_names``, the
        class last, doubles written to the last bit, weights in braces."""
        lines = [f"@relation {quote(self.relation)}", ""]
        lines += [f"@attribute {quote(name)} numeric" for name in self.feature_names]
        if self.class_names is None:
            lines.append("@attribute class numeric")
        else:
            lines.append("@attribute class {" + ",".join(quote(name) for name in self.class_names) + "}")
        lines += ["", "@data"]
        for row, label, weight in zip(self.X.tolist(), self.y.tolist(), self.weights.tolist(), strict=True):
            values = ["?" if math.isnan(v) else repr(v) for v in row]
            if math.isnan(label):
                values.append("?")
            elif self.class_names is None:
                values.append(repr(label))
            else:
                values.append(quote(self.class_names[int(label)]))
            lines.append(",".join(values) + ("" if weight == 1.0 else f",{{{weight!r}}}"))
        return "\n".join(lines) + "\n"


def model_data(
    data: Any,
    *,
    nominal: NominalEncoding = "onehot",
    class_attribute: str | int | None = None,
    features: bool = True,
) -> ModelData:
    """A dataset ready for models: from :func:`wekaeval.load_arff`, an ARFF path, or ``(X, y[, weights])``.

    Parameters
    ----------
    data : Dataset, Instances, path, ModelData, or tuple
        A :class:`~wekaeval.arff.Dataset` read from a path (its attributes are read again from it),
        python-weka-wrapper3's ``Instances`` (its class set; WEKA's schemes run on it as it is, so it stays in
        this process: no worker processes), a path
        to an ARFF file (its class: ``class_attribute``, else the last attribute), or ``(X, y)`` /
        ``(X, y, weights)``: numeric features and the class (integers, strings or categories make a
        nominal class, whose names are the sorted labels; floats a numeric one; None or NaN missing).
    nominal : {"onehot", "ordinal"}
        How nominal attributes become features (see :mod:`wekaeval.models`).
    features : bool
        Encode the features for scikit-learn (``X``); False keeps a file as WEKA reads it, for WEKA's schemes
        only: no attribute value is read here (``(X, y)`` keep theirs).

    Raises
    ------
    ModelDataError
        Naming what cannot be used: a Dataset read from a file object, an attribute of a type that is not
        encoded, features that are not numbers, lengths that differ, a dense encoding larger than
        :func:`dense_limit`.
    """
    if nominal not in ("onehot", "ordinal"):
        raise ModelDataError(f'nominal must be "onehot" or "ordinal", got {nominal!r}')
    if isinstance(data, ModelData):
        return data
    if isinstance(data, (str, os.PathLike)):
        return _from_dataset(load_arff(data, class_attribute), nominal, features)
    if isinstance(data, Dataset):
        return _from_dataset(data, nominal, features)
    java = bridge.java_instances(data)
    if java is not None:
        return _from_instances(java, nominal, features)
    if isinstance(data, tuple) and len(data) in (2, 3):
        return _from_arrays(*data)
    raise ModelDataError(
        "data must be a Dataset from load_arff, python-weka-wrapper3's Instances, the path of an ARFF file, "
        "or (X, y) / (X, y, weights), "
        f"not {type(data).__name__}"
    )


def _from_dataset(dataset: Dataset, nominal: NominalEncoding, features: bool) -> ModelData:
    dataset.require_class("a model's data (X, y)")
    if dataset.source is None:
        raise ModelDataError(
            f"relation {dataset.relation!r} was read from a file object: a model needs its attribute values; "
            "load it from a path, or give (X, y)"
        )
    if not features:  # WEKA reads the file itself: nothing of its values is needed here
        others = tuple(_text(a.name) for i, a in enumerate(dataset.attributes) if i != dataset.class_index)
        return _model_data(dataset, None, others)
    _check_size(dataset, nominal)
    try:
        _, attributes, rows = read_arff_rows(dataset.source, encoding=dataset.encoding)
    except OSError as error:
        raise ModelDataError(f"{dataset.source}: cannot read the attribute values again: {error}") from None
    if len(rows) != dataset.num_instances or [a.name for a in attributes] != [a.name for a in dataset.attributes]:
        raise ModelDataError(f"{dataset.source} has changed since it was loaded: load it again")

    def column(index: int) -> np.ndarray:
        values = [row[index] for row in rows]
        if attributes[index].type == "numeric":
            return np.array([math.nan if v is None else v for v in values], dtype=np.float64)
        position = {label: i for i, label in enumerate(attributes[index].values or ())}
        return np.array([math.nan if v is None else position[v] for v in values], dtype=np.float64)

    return _encoded(dataset, attributes, column, nominal)


def _from_instances(java: Any, nominal: NominalEncoding, features: bool) -> ModelData:
    """python-weka-wrapper3's Instances: the header, class and weights as :func:`wekaeval.load_arff` reads the
    file (:func:`wekaeval.bridge.dataset_from_instances`), the features from WEKA's own doubles (a nominal
    value's label index)."""
    dataset = bridge.dataset_from_instances(java)
    assert dataset is not None
    if not features:
        others = tuple(_text(a.name) for i, a in enumerate(dataset.attributes) if i != dataset.class_index)
        return replace(_model_data(dataset, None, others), instances=java)
    _check_size(dataset, nominal)

    def column(index: int) -> np.ndarray:
        return np.asarray(java.attributeToDoubleArray(index), dtype=np.float64)

    return replace(_encoded(dataset, dataset.attributes, column, nominal), instances=java)


def _encoded(
    dataset: Dataset,
    attributes: tuple[Attribute, ...],
    column: Callable[[int], np.ndarray],
    nominal: NominalEncoding,
) -> ModelData:
    """The features of ``dataset`` encoded (the rule of :mod:`wekaeval.models`), from ``column(index)``: an
    attribute's values, a nominal one's label indices, NaN where missing."""
    columns: list[np.ndarray] = []
    names: list[str] = []
    onehot: list[tuple[int, ...]] = []
    ordinal: list[tuple[int, int]] = []
    for index, attribute in enumerate(attributes):
        if index == dataset.class_index:
            continue
        if attribute.type == "numeric":
            columns.append(column(index))
            names.append(_text(attribute.name))
        else:  # nominal (_check_size refused the other types)
            labels = attribute.values or ()
            codes = column(index)
            if nominal == "ordinal":
                ordinal.append((len(columns), len(labels)))
                columns.append(codes)
                names.append(_text(attribute.name))
            else:
                onehot.append(tuple(range(len(columns), len(columns) + len(labels))))
                for i, label in enumerate(labels):
                    columns.append(np.where(np.isnan(codes), np.nan, (codes == i).astype(np.float64)))
                    names.append(f"{_text(attribute.name)}={label}")
    n = dataset.num_instances
    X = np.column_stack(columns) if columns else np.empty((n, 0))
    return _model_data(dataset, X, tuple(names), tuple(onehot), tuple(ordinal))


def _text(name: str | None) -> str:
    """A name as Java writes it into text: WEKA's null name (``@attribute { numeric``) is ``null``."""
    return "null" if name is None else name


def _model_data(
    dataset: Dataset,
    X: np.ndarray | None,
    names: tuple[str, ...],
    onehot: tuple[tuple[int, ...], ...] = (),
    ordinal: tuple[tuple[int, int], ...] = (),
) -> ModelData:
    if dataset.class_names == ():  # ``@attribute class {}``: WEKA's schemes refuse it by their capabilities
        raise ModelDataError(
            f"{_name(dataset)}: class attribute {_text(dataset.class_attribute.name)!r} is nominal without labels "
            "({}): nothing to learn or predict (WEKA's schemes: Cannot handle multi-valued nominal class!)"
        )
    return ModelData(
        relation=_text(dataset.relation),
        features=X,
        feature_names=names,
        y=dataset.class_values.astype(np.float64),
        weights=dataset.weights.astype(np.float64),
        class_names=dataset.class_names,
        source=dataset.source,
        class_index=dataset.class_index,
        encoding=dataset.encoding,
        onehot_groups=onehot,
        relation_named=dataset.relation is not None,
        ordinal_labels=ordinal,
    )


def encoded_columns(dataset: Dataset, nominal: NominalEncoding = "onehot") -> int:
    """How many columns the dense encoding of ``dataset``'s features has (from its header alone).

    Raises
    ------
    ModelDataError
        For an attribute of a type that is not encoded (string, date, relational).
    """
    count = 0
    for index, attribute in enumerate(dataset.attributes):
        if index == dataset.class_index:
            continue
        if attribute.type == "numeric":
            count += 1
        elif attribute.type == "nominal":
            count += 1 if nominal == "ordinal" else len(attribute.values or ())
        else:
            raise ModelDataError(
                f"{_name(dataset)}: attribute {attribute.name!r} is {attribute.type}, which is not encoded for "
                "scikit-learn (numeric and nominal attributes are): remove or convert it first (WEKA's schemes take it "
                "as it is)"
            )
    return count


#: The share of the memory available that the dense encoding may take: reading the values into it takes
#: several times its size on the way (the rows as Python values, then the columns).
DENSE_SHARE = 8


def dense_limit() -> int:
    """The largest dense encoding built for scikit-learn, in bytes: an eighth of the memory available
    (``MemAvailable`` of ``/proc/meminfo``; where there is none, of the physical memory); 2 GiB where
    neither can be read.

    >>> dense_limit() > 0
    True
    """
    available = _available_memory()
    return (2 << 30) if available is None else available // DENSE_SHARE


def _available_memory() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def _check_size(dataset: Dataset, nominal: NominalEncoding) -> None:
    """Refuse a dense encoding above :func:`dense_limit`, before anything is read into it."""
    columns = encoded_columns(dataset, nominal)
    size = dataset.num_instances * columns * 8
    limit = dense_limit()
    if size > limit:
        fewer = "or keep fewer attributes"
        if nominal == "onehot":
            fewer = "keep fewer attributes, or nominal ones as one column (ordinal)"
        raise ModelDataError(
            f"{_name(dataset)}: too large for scikit-learn's dense features: {dataset.num_instances} rows x "
            f"{columns} encoded columns x 8 bytes = {_size(size)}, over the {_size(limit)} allowed (1/8 of the free "
            f"memory); run WEKA's schemes alone on it, {fewer}"
        )


def _name(dataset: Dataset) -> str:
    """The file a dataset was read from, or its relation (python-weka-wrapper3's Instances)."""
    return dataset.source or f"relation {dataset.relation!r}"


def _size(count: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} bytes"


def _from_arrays(X: Any, y: Any, weights: Any = None) -> ModelData:
    try:
        features = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise ModelDataError(f"X must hold numbers (encode its categories first): {error}") from None
    if features.ndim != 2:
        raise ModelDataError(f"X must be 2-dimensional (samples x features), got shape {features.shape}")
    classes = class_labels(y)
    n = len(features)
    if len(classes) != n:
        raise ModelDataError(f"X has {n} rows and y {len(classes)} values")
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    if w.shape != (n,) or not np.isfinite(w).all():
        raise ModelDataError(f"weights must be {n} finite numbers, got shape {w.shape}")
    names = tuple(getattr(X, "columns", [f"x{i}" for i in range(features.shape[1])]))
    if is_nominal(classes):
        missing = [_is_missing(v) for v in classes.tolist()]
        present = [v for v, gone in zip(classes.tolist(), missing, strict=True) if not gone]
        try:
            ordered = sorted(set(present))
        except TypeError:
            raise ModelDataError("y mixes labels of different types (say, numbers and strings)") from None
        position = {label: i for i, label in enumerate(ordered)}
        codes = np.array(
            [math.nan if gone else position[v] for v, gone in zip(classes.tolist(), missing, strict=True)],
            dtype=np.float64,
        )
        return ModelData("data", features, tuple(str(n) for n in names), codes, w, tuple(str(v) for v in ordered))
    return ModelData("data", features, tuple(str(n) for n in names), classes.astype(np.float64), w, None)


def class_labels(y: Any) -> np.ndarray:
    """``y`` as a 1-d numpy array (a pandas categorical's labels, NaN where missing)."""
    values = np.asarray(y.astype(object) if hasattr(y, "cat") else y)
    if values.ndim != 1:
        raise ModelDataError(f"y must be 1-dimensional, got shape {values.shape}")
    return values


def is_nominal(values: np.ndarray) -> bool:
    """The "auto" rule: integers, booleans, strings and other objects make a nominal class, floats a numeric."""
    return values.dtype.kind in "biuOSU"


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def nominal_codes(y: Any) -> np.ndarray:
    """Equal classes as equal integers, -1 where missing (None or NaN): what WEKA's stratification compares."""
    values = class_labels(y)
    if values.dtype.kind == "f":
        missing = np.isnan(values)
        _, inverse = np.unique(np.where(missing, 0.0, values), return_inverse=True)
        return np.where(missing, -1, inverse).astype(np.int64)
    seen: dict[Any, int] = {}
    return np.array([-1 if _is_missing(v) else seen.setdefault(v, len(seen)) for v in values.tolist()], dtype=np.int64)
