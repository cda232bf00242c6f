"""An experiment's rows on a Dask cluster (``wekaeval.experiment.run(..., client=...)``): :class:`Dask`.

The setup (datasets, schemes) is scattered to every worker once, and each row is a task.  Dask recomputes a
lost task, but not scattered data: when every worker holding the setup is lost, the tasks that need it are
cancelled, and :class:`Dask` scatters it again and submits those rows again.  Whatever else a row's task
raises comes back as an :class:`ExperimentError` naming the row (:func:`_dask_failure`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import CancelledError
from dataclasses import replace
from typing import Any

from wekaeval.experiment._columns import Layout
from wekaeval.experiment._resultfile import Row
from wekaeval.experiment._worker import ExperimentError, FailedRow, Job, Key, Setup, Worker, error_text

#: The experiments this process computes rows of, as a Dask worker: by token.
_WORKERS: dict[str, Worker] = {}


def _worker(setup: Setup) -> Worker:
    if setup.token not in _WORKERS:
        _WORKERS.clear()  # one experiment at a time per worker process
        _WORKERS[setup.token] = Worker(setup)
    return _WORKERS[setup.token]


def _dask_describe(setup: Setup) -> tuple[list[Key], tuple[str, ...]]:
    return _worker(setup).describe()


def _dask_row(setup: Setup, job: Job, measures: tuple[str, ...]) -> tuple[Job, Row | FailedRow, None]:
    return job, _worker(setup).row(job, measures), None


#: How often the set-up is scattered again, no row finishing in between, before a Dask run gives up.
_DASK_RESENDS = 3
#: How long a Dask run waits for a worker to come back (a nanny restarting it) to send the set-up to (seconds).
_DASK_WAIT = 60.0


def _dask_job(setup: Setup, job: Job) -> str:
    """A row as the messages name it: scheme, dataset, run and fold (as ``Key_Fold`` counts).

    >>> from wekaeval.models._shared import model_data
    >>> data = model_data(([[1.0], [2.0]], ["a", "b"]))
    >>> setup = Setup("t", (data,), ("weka.classifiers.rules.ZeroR",), 10, None, True)
    >>> _dask_job(setup, Job(0, 2, 4, 0))
    'weka.classifiers.rules.ZeroR on data, run 2, fold 5'
    """
    data = setup.datasets[job.dataset]
    scheme = setup.schemes[job.scheme]
    name = f"{scheme if isinstance(scheme, str) else repr(scheme)} on {data.source or data.relation}, run {job.run}"
    return name if setup.folds is None else f"{name}, fold {job.fold + 1}"


def _dask_failure(setup: Setup, job: Job, error: BaseException) -> ExperimentError:
    """A row task's failure, whatever raised it, as an :class:`ExperimentError` naming the row and the cause."""
    from distributed import KilledWorker

    if isinstance(error, KilledWorker):
        cause = (
            "every Dask worker that ran it was lost (distributed's KilledWorker: killed, out of memory or crashed "
            f"{error.allowed_failures + 1} times)"
        )
    elif isinstance(error, ExperimentError):  # the worker's own message, which names the row but its fold
        cause = str(error)
        said = _dask_job(replace(setup, folds=None), job) + ": "
        cause = cause[len(said) :] if cause.startswith(said) else cause
    else:
        cause = error_text(error, named=True)
    return ExperimentError(f"{_dask_job(setup, job)}, on the Dask cluster: {cause}")


class Dask:
    """Rows computed on a Dask cluster: the setup scattered to every worker once, a task per row.

    Dask cannot recompute scattered data: when every worker holding the setup is lost (killed, out of memory,
    restarted), the tasks that need it are cancelled.  The setup is then scattered again, once a worker is
    back, and the rows not yet received are submitted again; the rows received are kept.  Any other failure of
    a row's task is an :class:`ExperimentError` naming the row.
    """

    def __init__(self, setup: Setup, client: Any):
        self.client = client
        self.plain = setup
        self.resends = 0  # scatters since the last row received
        try:
            self.setup = self._scatter()
        except Exception as error:  # noqa: BLE001 - a closed client, a scheduler out of reach, ...
            raise ExperimentError(
                f"sending the experiment's setup to the Dask cluster: {error_text(error, named=True)}"
            ) from error

    def __enter__(self) -> Dask:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def _scatter(self) -> Any:
        # hash=False: a new key each time, never the key of a lost copy (and the datasets are not hashed)
        return self.client.scatter(self.plain, broadcast=True, hash=False)

    def _resend(self, sent: Any, what: str, error: BaseException) -> None:
        """The setup again, if ``sent`` (the copy a cancelled task was given) is still the latest copy."""
        while sent is self.setup:
            self.resends += 1
            if self.resends > _DASK_RESENDS:
                raise ExperimentError(
                    f"{what}, on the Dask cluster: the experiment's setup was lost {_DASK_RESENDS} times with no row "
                    f"computed in between (every worker holding it was lost; last: {error})"
                ) from error
            try:
                self.client.wait_for_workers(1, timeout=_DASK_WAIT)
            except Exception as failure:  # noqa: BLE001 - none came back, the client closed, ...
                raise ExperimentError(
                    f"{what}, on the Dask cluster: every worker holding the experiment's setup was lost, and no "
                    f"worker came back within {_DASK_WAIT:g} seconds to send it to ({type(failure).__name__}: "
                    f"{failure})"
                ) from failure
            try:
                self.setup = self._scatter()
            except OSError as failure:  # a worker lost while it is sent: the next attempt
                error = failure
            except Exception as failure:  # noqa: BLE001 - the client closed, ...
                raise ExperimentError(
                    f"{what}, on the Dask cluster: every worker holding the experiment's setup was lost, and it "
                    f"could not be sent again ({type(failure).__name__}: {failure})"
                ) from failure

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        while True:
            sent = self.setup
            try:
                return self.client.submit(_dask_describe, sent, pure=False).result()
            except CancelledError as error:
                self._resend(sent, "describing the schemes", error)
            except ExperimentError:
                raise
            except Exception as error:  # noqa: BLE001 - a lost worker (KilledWorker), a missing module, ...
                raise ExperimentError(
                    f"describing the schemes, on the Dask cluster: {error_text(error, named=True)}"
                ) from error

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row | FailedRow, str | None]]:
        from distributed import as_completed

        running: dict[Any, tuple[Job, Any]] = {}  # each future's row, and the copy of the setup it was given

        def submit(job: Job) -> Any:
            try:
                future = self.client.submit(_dask_row, self.setup, job, measures, pure=False)
            except Exception as error:  # noqa: BLE001 - a closed client, a scheduler out of reach, ...
                raise _dask_failure(self.plain, job, error) from error
            running[future] = (job, self.setup)
            return future

        pending = as_completed([submit(job) for batch in batches for job in batch])
        try:
            for future in pending:
                job, sent = running.pop(future)
                try:
                    result = future.result()
                except CancelledError as error:  # its setup lost with every worker holding it
                    self._resend(sent, _dask_job(self.plain, job), error)
                    pending.add(submit(job))
                    continue
                except Exception as error:  # noqa: BLE001 - whatever the task raised, named with its row
                    raise _dask_failure(self.plain, job, error) from error
                self.resends = 0
                yield result
        finally:
            with contextlib.suppress(Exception):  # a closed client: its tasks are gone with it
                self.client.cancel(list(running))
