"""The solver's worker processes: solves run there, never on the event loop, and no solve can take the
service down with it.

* Each worker is a ``spawn``-ed process (forking a process that runs gRPC threads is unsafe) with its
  address space capped (``RLIMIT_AS``, ``Settings.solver_worker_memory_mb``): a runaway solve gets a
  ``MemoryError``, answered RESOURCE_EXHAUSTED, and that worker is replaced.
* A worker that dies (``kill -9``, the kernel's OOM killer) is noticed at once (its process sentinel
  is watched by the event loop) and replaced; the call it was running gets a retryable UNAVAILABLE.
  The pool is ready (health SERVING) while at least one worker is alive and warmed up.
* Jobs wait for a free worker in arrival order, at most ``queue_limit`` beyond the workers (more are
  refused at once with RESOURCE_EXHAUSTED). A job that waits until its ``start_by`` time is refused
  with RESOURCE_EXHAUSTED before its deadline, not left to expire.
* A call that is cancelled or expires while its job runs kills that worker (the solve stops, the
  worker is replaced), so the next job never waits behind an abandoned solve.

The event loop only schedules: sending a job, waiting for its answer, and (un)pickling both happen in
a small thread pool, one thread per running job.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import resource
import signal
import time
import traceback
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from prometheus_client import Counter

from rondo_runtime import errors

log = logging.getLogger(__name__)

RESTART_BACKOFF_S = 1.0  # between restarts of a worker that died before it was ready
WORKER_RESTARTS = Counter("rondo_solver_worker_restarts_total", "Solver worker processes replaced after they stopped.")
SOLVER_RETRY_SECONDS = 2.0  # the retry delay a busy solver suggests (RetryInfo)
_STOPPED_MESSAGE = "the solver worker stopped (killed or out of memory) while working on this request; retry"


# ------------------------------------------------------------------------------ inside a worker


def limit_memory(memory_mb: int) -> None:
    """Cap this process's address space at ``memory_mb`` MiB (0 = no cap): an allocation beyond it
    raises ``MemoryError`` in this process only."""
    if memory_mb <= 0:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = memory_mb * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _worker_main(conn, memory_mb: int, warm_up: tuple[str, ...]) -> None:
    """A worker's life: cap memory, import the engine once, then run jobs until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    limit_memory(memory_mb)
    try:
        import importlib

        for module in warm_up:
            try:
                importlib.import_module(module)
            except ImportError:
                pass  # optional (OR-Tools' CP-SAT): the engine runs without it
        conn.send(("ready", os.getpid()))
    except BaseException:  # noqa: BLE001 - the parent sees the pipe close and retries later
        return
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            outcome: tuple[str, Any] = ("ok", fn(*args))
        except MemoryError:
            outcome = ("memory", None)
        except errors.RondoError as error:
            outcome = (
                "error",
                (
                    error.code,
                    error.message,
                    tuple(getattr(error, "violations", ())),
                    (error.reason, error.params, error.retry_after_s),
                ),
            )
        except BaseException as error:  # noqa: BLE001 - a bug: reported to the parent, which logs it
            outcome = ("crash", "".join(traceback.format_exception(error))[-20_000:])
        try:
            conn.send(outcome)
        except MemoryError:
            outcome = ("memory", None)
            conn.send(outcome)
        except (OSError, ValueError):
            return
        if outcome[0] == "memory":
            return  # its heap may be fragmented or half-built: a fresh worker replaces it


# ------------------------------------------------------------------------------------ the parent


class _JobNotStarted(Exception):
    """The job could not be handed to the worker (it had just died): try another one."""


class _Worker:
    def __init__(self, ctx, memory_mb: int, warm_up: tuple[str, ...]):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, memory_mb, warm_up), name="rondo-solver-worker", daemon=True)
        self.process.start()
        child.close()
        self.pid: int = self.process.pid
        self.ready = False  # warmed up and not dead
        self.dead = False
        self.retiring = False  # will exit by itself after its answer (ran out of memory)
        self.ran = False  # has been given a job
        self.started = time.monotonic()

    def wait_ready(self) -> bool:
        try:
            message = self.conn.recv()
        except (EOFError, OSError):
            return False
        return message[0] == "ready"

    def call(self, fn: Callable, args: tuple) -> tuple[str, Any]:
        """Blocking (runs in a thread): send the job, wait for its outcome."""
        try:
            self.conn.send((fn, args))
        except (OSError, ValueError) as error:
            raise _JobNotStarted() from error
        return self.conn.recv()  # EOFError / OSError when the worker dies meanwhile

    def kill(self) -> None:
        if self.process.exitcode is None:
            try:
                self.process.kill()
            except (OSError, ValueError, AttributeError):
                pass

    def close(self) -> None:
        self.kill()
        try:
            self.conn.close()
        except OSError:
            pass
        self.process.join(5)


class WorkerPool:
    """``workers`` processes; ``run(fn, *args)`` runs ``fn(*args)`` (a module-level function, picklable
    arguments and result) in one of them. See the module doc for what happens when things go wrong."""

    def __init__(self, workers: int, queue_limit: int, memory_mb: int, warm_up: tuple[str, ...] = ()):
        self.size = max(1, workers)
        self.queue_limit = max(0, queue_limit)
        self.memory_mb = memory_mb
        self.warm_up = warm_up
        self._ctx = multiprocessing.get_context("spawn")
        self._threads = ThreadPoolExecutor(max_workers=2 * self.size + 2, thread_name_prefix="rondo-solver-pool")
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._waiters: deque[asyncio.Future] = deque()
        self._in_flight = 0
        self._started: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._closed = False

    # ---------------------------------------------------------------------------- state

    @property
    def in_flight(self) -> int:
        """Jobs running or waiting for a worker."""
        return self._in_flight

    @property
    def capacity(self) -> int:
        return self.size + self.queue_limit

    def alive_pids(self) -> list[int]:
        return [w.pid for w in self._workers if not w.dead]

    def ready_workers(self) -> int:
        """Workers alive and warmed up (busy or idle), looked at now, not remembered from start-up."""
        return sum(1 for w in self._workers if w.ready and not w.dead and w.process.exitcode is None)

    async def ready(self) -> bool:
        """Start the pool on first use; True while at least one worker is alive and warmed up."""
        if self._closed:
            return False
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
        if not self.ready_workers() and not self._started.done():
            await asyncio.shield(self._started)
        return self.ready_workers() > 0

    async def _start(self) -> None:
        await asyncio.gather(*(self._spawn() for _ in range(self.size)))

    async def _spawn(self) -> None:
        loop = asyncio.get_running_loop()
        if self._closed:
            return
        worker = await loop.run_in_executor(self._threads, _Worker, self._ctx, self.memory_mb, self.warm_up)
        if self._closed:
            await loop.run_in_executor(self._threads, worker.close)
            return
        self._workers.append(worker)
        loop.add_reader(worker.process.sentinel, self._on_exit, worker)
        if await loop.run_in_executor(self._threads, worker.wait_ready) and not worker.dead:
            worker.ready = True
            log.info("solver worker ready", extra={"pid": worker.pid, "seconds": round(time.monotonic() - worker.started, 2)})
            self._release(worker)
        else:
            worker.kill()  # failed its warm-up: _on_exit retries after a pause

    def _on_exit(self, worker: _Worker) -> None:
        """The worker's process ended (killed, OOM, exited after a MemoryError, or stopped by us)."""
        loop = asyncio.get_running_loop()
        loop.remove_reader(worker.process.sentinel)
        was_ready = worker.ready or worker.ran
        worker.dead = True
        worker.ready = False
        if worker in self._idle:
            self._idle.remove(worker)
        if worker in self._workers:
            self._workers.remove(worker)
        self._background(loop.run_in_executor(self._threads, worker.close))
        if self._closed:
            return
        log.warning(
            "solver worker stopped; starting a new one"
            if was_ready
            else "solver worker stopped before it was ready (is RONDO_SOLVER_WORKER_MEMORY_MB too small?); retrying",
            extra={"pid": worker.pid, "exitcode": worker.process.exitcode},
        )
        WORKER_RESTARTS.inc()
        # one that never got ready (e.g. a memory cap too small to import the engine) is retried slowly
        self._background(self._respawn(0.0 if was_ready else RESTART_BACKOFF_S))

    async def _respawn(self, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        await self._spawn()

    def _background(self, awaitable) -> None:
        task = asyncio.ensure_future(awaitable)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----------------------------------------------------------------------- scheduling

    def _release(self, worker: _Worker) -> None:
        if worker.dead or worker.retiring or self._closed:
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    async def _acquire(self, start_by: float | None) -> _Worker:
        while self._idle:
            worker = self._idle.popleft()
            if not worker.dead:
                return worker
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            if start_by is None:
                return await waiter
            async with asyncio.timeout_at(_loop_time(start_by)):
                return await waiter
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # handed over just as we gave up: pass it on
            else:
                waiter.cancel()
            raise

    def check_admission(self) -> None:
        if self._closed:
            raise errors.Unavailable.because("SOLVER_STOPPING")
        if self._in_flight >= self.capacity:
            raise errors.ResourceExhausted(
                f"the solver is busy with {self._in_flight} jobs ({self.size} running, {self.queue_limit} waiting); "
                "try again in a few seconds",
                reason="SOLVER_BUSY",
                params={"jobs": self._in_flight, "running": self.size, "waiting": self.queue_limit},
                retry_after_s=SOLVER_RETRY_SECONDS,
            )

    async def run(self, fn: Callable, *args: Any, start_by: float | None = None) -> Any:
        """``fn(*args)`` in a worker. ``start_by`` (``time.monotonic()`` clock): the latest time the job
        may start; if no worker is free by then the job is refused with RESOURCE_EXHAUSTED."""
        self.check_admission()
        self._in_flight += 1
        try:
            while True:
                try:
                    worker = await self._acquire(start_by)
                except TimeoutError:
                    raise errors.ResourceExhausted.because("SOLVER_DEADLINE", retry_after_s=SOLVER_RETRY_SECONDS) from None
                try:
                    outcome = await self._call(worker, fn, args)
                except _JobNotStarted:
                    continue  # that worker had just died; its replacement is on the way
                break
        finally:
            self._in_flight -= 1
        kind, value = outcome
        if kind == "ok":
            return value
        if kind == "memory":
            raise errors.ResourceExhausted.because("SOLVER_OUT_OF_MEMORY", memory_mb=self.memory_mb)
        if kind == "error":
            return _raise_rondo_error(*value)
        raise RuntimeError(f"solver job {getattr(fn, '__name__', fn)} failed in the worker:\n{value}")

    async def _call(self, worker: _Worker, fn: Callable, args: tuple) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        worker.ran = True
        job = loop.run_in_executor(self._threads, worker.call, fn, args)
        job.add_done_callback(_consume)
        try:
            outcome = await asyncio.shield(job)
        except asyncio.CancelledError:
            # The call was cancelled or its deadline passed: stop the solve now. The worker is replaced
            # (see _on_exit) and no one waits behind a solve whose answer nobody reads.
            if not job.done():
                log.info("call cancelled; stopping its solver worker", extra={"pid": worker.pid})
                worker.kill()
            else:
                self._release(worker)
            raise
        except _JobNotStarted:
            worker.kill()  # it had just died (or its pipe broke): make sure it is replaced
            raise
        except (EOFError, OSError):
            worker.dead = True
            raise errors.Unavailable(_STOPPED_MESSAGE, reason="SOLVER_WORKER_STOPPED") from None
        except BaseException:
            self._release(worker)  # e.g. a job or an answer that cannot be pickled: the worker is fine
            raise
        if outcome[0] == "memory":
            worker.retiring = True
        self._release(worker)
        return outcome

    # ------------------------------------------------------------------------------- stop

    async def stop(self) -> None:
        self._closed = True
        loop = asyncio.get_running_loop()
        for waiter in self._waiters:
            if not waiter.done():
                waiter.cancel()
        self._waiters.clear()
        self._idle.clear()
        workers, self._workers = list(self._workers), []
        for worker in workers:
            try:
                loop.remove_reader(worker.process.sentinel)
            except (ValueError, OSError):
                pass
            worker.dead = True
        await asyncio.gather(*(loop.run_in_executor(self._threads, w.close) for w in workers), return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        if self._started is not None and not self._started.done():
            self._started.cancel()
        self._threads.shutdown(wait=False, cancel_futures=True)


def _consume(future) -> None:
    """Mark an abandoned job's outcome as seen (its worker was killed; the error is expected)."""
    if not future.cancelled():
        future.exception()


def _loop_time(monotonic_time: float) -> float:
    """A ``time.monotonic()`` instant on the event loop's clock."""
    loop = asyncio.get_running_loop()
    return loop.time() + (monotonic_time - time.monotonic())


def _raise_rondo_error(code: str, message: str, violations: tuple, machine: tuple = ("", None, None)) -> Any:
    """Re-raise, in the parent, the RondoError a job raised in its worker (violations, reason, params
    and retry delay included)."""
    reason, params, retry_after_s = machine
    if code == errors.InvalidArgument.code:
        raise errors.InvalidArgument(message, violations, reason=reason, params=params, retry_after_s=retry_after_s)
    pending = list(errors.RondoError.__subclasses__())
    while pending:
        cls = pending.pop(0)
        if cls.code == code:
            raise cls(message, reason=reason, params=params, retry_after_s=retry_after_s)
        pending.extend(cls.__subclasses__())
    raise errors.RondoError(message, reason=reason, params=params, retry_after_s=retry_after_s)
