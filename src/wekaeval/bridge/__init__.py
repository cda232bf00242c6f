"""The real WEKA, in one JVM per process, through python-weka-wrapper3 (the ``weka`` extra).

:func:`evaluate` runs a classifier as WEKA's command line would and returns WEKA's own numbers, texts and
predictions (:class:`WekaEvaluation`); nothing below this package touches the JVM.
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.arff._shared import register_dataset_converter
from wekaeval.bridge._classifiers import (
    load_instances,
    make_classifier,
    parse_classifier,
    resolve_classifier,
    split_options,
)
from wekaeval.bridge._evaluate import STATISTICS, WekaEvaluation, evaluate, evaluation_mode
from wekaeval.bridge._instances import dataset_from_instances, java_instances
from wekaeval.bridge._jvm import (
    HEAP_HINT,
    JAVA_HINT,
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
    "HEAP_HINT",
    "JAVA_HINT",
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
    "split_options",
    "start_jvm",
    "weka_classpath",
    "weka_jar",
    "weka_version",
    "STATISTICS",
]

register_dataset_converter(dataset_from_instances)  # Evaluation and the rest take python-weka-wrapper3's Instances

claim_public_classes(globals())
