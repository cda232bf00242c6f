"""The real WEKA, in one JVM per process, through python-weka-wrapper3 (the ``weka`` extra).

:func:`evaluate` runs a classifier as WEKA's command line would and returns WEKA's own numbers, texts and
predictions (:class:`WekaEvaluation`); nothing below this package touches the JVM.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.arff._shared import register_dataset_converter
from wekaeval.bridge import _classifiers, _evaluate, _jvm
from wekaeval.bridge._classifiers import (
    load_instances,
    make_classifier,
    parse_classifier,
    resolve_classifier,
)
from wekaeval.bridge._evaluate import WekaEvaluation, evaluate, evaluation_mode
from wekaeval.bridge._instances import dataset_from_instances, java_instances
from wekaeval.bridge._jvm import (
    ClassifierError,
    JvmOutOfMemory,
    WekaDataError,
    WekaError,
    WekaRefusal,
    WekaUnavailable,
    bulk_class,
    cache_folder,
    crash_folder,
    java_class,
    java_executable,
    java_version,
    jvm_options,
    out_of_memory,
    prediction_rows,
    start_jvm,
    weka_classpath,
    weka_jar,
    weka_version,
)

__all__ = [
    "ClassifierError",
    "JvmOutOfMemory",
    "WekaDataError",
    "WekaError",
    "WekaEvaluation",
    "WekaRefusal",
    "WekaUnavailable",
    "bulk_class",
    "cache_folder",
    "crash_folder",
    "dataset_from_instances",
    "evaluate",
    "evaluation_mode",
    "java_class",
    "java_executable",
    "java_instances",
    "java_version",
    "jvm_options",
    "load_instances",
    "make_classifier",
    "out_of_memory",
    "parse_classifier",
    "prediction_rows",
    "resolve_classifier",
    "start_jvm",
    "weka_classpath",
    "weka_jar",
    "weka_version",
]

register_dataset_converter(dataset_from_instances)  # Evaluation and the rest take python-weka-wrapper3's Instances

claim_public_classes(globals())

#: This face's names before issue 36: renamed so that each name means one object (``blocks.STATISTICS`` is the
#: table of statistics), or wekaeval's plumbing now; they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        "STATISTICS": (
            _evaluate.STATISTIC_NAMES,
            "it is wekaeval's plumbing now (the keys of WekaEvaluation.statistics)",
        ),
        "HEAP_HINT": (_jvm.HEAP_HINT, "it is wekaeval's plumbing now, not API"),
        "JAVA_HINT": (_jvm.JAVA_HINT, "it is wekaeval's plumbing now, not API"),
        "split_options": (_classifiers.split_options, "it is wekaeval's plumbing now, not API"),
    },
)
