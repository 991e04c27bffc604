"""Ray backend for rollouts: the same seeded chunks as the local backend, run
as Ray tasks, merged in game order (so rows are identical for one seed).

    df = rollouts.run(volume, 1_000_000, seed=0, backend="ray")                 # local Ray
    df = rollouts.run(volume, 1_000_000, seed=0, backend="ray", address="auto")  # a running cluster

(for the volumes whose spec lists the "ray" backend).

Every Ray worker must be able to import ``britishway_env`` (install the
project on each node). Each task plays its chunk on one numba thread; Ray
spreads the tasks over the cluster's CPUs. Ray is imported only here. A local
instance started here listens on 127.0.0.1 only; an ``address`` where no Ray
cluster answers fails within 30 s. Without Ray installed (it is the ``ray``
extra), :func:`require_ray` says how to install it.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import threading
from typing import Callable

import numpy as np

from .errors import ClusterAddressError, MissingExtraError

CONNECT_TIMEOUT_S = 25.0          # a cluster that does not answer fails well within 30 s
PROBE_TIMEOUT_S = 3.0
# Ray binds its servers to 127.0.0.1 only when its node address is loopback;
# with this set (before Ray picks the node address) a local instance does so.
_LOCAL_ONLY_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
_HOST_PORT = re.compile(r"^(?:ray://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-]+):(\d{1,5})$")


def check_address(address: str | None) -> tuple[str, int] | None:
    """Validate ``address`` ('auto', 'host:port' or 'ray://host:port'); returns
    (host, port) to probe, or None for 'auto' / no address."""
    if address is None or address == "auto":
        return None
    if not isinstance(address, str):
        raise ClusterAddressError(f"--address must be 'auto' or host:port, got {address!r}")
    m = _HOST_PORT.match(address.strip())
    if not m:
        raise ClusterAddressError(f"--address {address!r} is not 'auto', host:port or ray://host:port")
    host, port = m.group(1).strip("[]"), int(m.group(2))
    if not 1 <= port <= 65535:
        raise ClusterAddressError(f"--address {address!r}: port must be in 1..65535")
    return host, port


def probe(host: str, port: int, timeout: float = PROBE_TIMEOUT_S) -> None:
    """Fail fast, with a clear message, when nothing accepts TCP at host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return
    except socket.gaierror as err:
        raise ClusterAddressError(f"Ray cluster address {host}:{port}: unknown host ({err.strerror})") from None
    except (TimeoutError, socket.timeout):
        raise ClusterAddressError(f"Ray cluster at {host}:{port} did not answer within {timeout:g} s") from None
    except OSError as err:
        raise ClusterAddressError(f"no Ray cluster at {host}:{port} ({err.strerror or err}); start one with "
                                  "`ray start --head` or leave --address out for a local Ray") from None


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def init_local(**kwargs) -> None:
    """Start a local Ray instance whose servers listen on 127.0.0.1 only.

    Ray picks its node address from the network unless told that clusters are
    off; the project sets that (and the node address) so nothing listens on
    other interfaces, then checks the address Ray reports and stops it if not
    loopback."""
    ray = require_ray()
    from ray._private import ray_constants

    saved_env = os.environ.get(_LOCAL_ONLY_ENV)
    saved_flag = getattr(ray_constants, "ENABLE_RAY_CLUSTER", None)
    os.environ[_LOCAL_ONLY_ENV] = "0"         # inherited by the processes Ray starts now
    ray_constants.ENABLE_RAY_CLUSTER = False  # Ray read the variable when it was imported
    try:
        context = ray.init(_node_ip_address="127.0.0.1", include_dashboard=False, log_to_driver=False,
                           configure_logging=False, **kwargs)
    finally:
        if saved_env is None:
            os.environ.pop(_LOCAL_ONLY_ENV, None)
        else:
            os.environ[_LOCAL_ONLY_ENV] = saved_env
        if saved_flag is not None:
            ray_constants.ENABLE_RAY_CLUSTER = saved_flag
    node_ip = context.address_info.get("node_ip_address", "")
    if not _is_loopback(node_ip):
        ray.shutdown()
        raise RuntimeError(f"a local Ray instance would listen on {node_ip}, not 127.0.0.1; not starting it")


def connect(address: str, timeout: float = CONNECT_TIMEOUT_S) -> None:
    """Connect to the Ray cluster at ``address``, or raise ClusterAddressError
    within ``timeout`` seconds (Ray itself retries for many minutes)."""
    ray = require_ray()

    target = check_address(address)
    if target is not None:
        probe(*target)
    outcome: dict = {}

    def attempt() -> None:
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
            outcome["ok"] = True
        except BaseException as err:  # handed to the caller's thread
            outcome["error"] = err

    worker = threading.Thread(target=attempt, name="ray-connect", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise ClusterAddressError(f"no Ray cluster answered at {address} within {timeout:.0f} s "
                                  "(something listens there, but not a Ray head node)")
    if "error" in outcome:
        err = outcome["error"]
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ClusterAddressError(f"cannot connect to the Ray cluster at {address}: {first}") from None


def _play_chunk(play_range: Callable, seed: int, start: int, n: int, kwargs: dict) -> np.ndarray:
    import numba

    numba.set_num_threads(1)          # one task per Ray CPU
    return play_range(seed, start, n, **kwargs)


def require_ray():
    """The ``ray`` module, or :class:`MissingExtraError` saying how to install it
    (it is the package's ``ray`` extra, not part of the core install)."""
    try:
        import ray
    except ImportError:
        raise MissingExtraError("backend 'ray' needs Ray, which is not installed here: install the ray extra, "
                                "pip install 'britishway-env[ray]'") from None
    return ray


def play_on_ray(play_range: Callable, seed: int, chunks: list[tuple[int, int]],
                store: Callable[[int, int, np.ndarray], None], address: str | None = None,
                progress: Callable[[int], None] | None = None, **kwargs) -> None:
    """Play the chunks ``(start, n)`` of the run with base ``seed`` as Ray
    tasks, handing each chunk's result rows to ``store(start, n, rows)`` as it
    finishes (in whatever order the tasks end).

    Starts a local Ray instance (listening on 127.0.0.1 only) when none is
    running and ``address`` is None, and stops it afterwards; connects to
    ``address`` otherwise, failing within 30 s when no cluster answers.
    """
    ray = require_ray()
    check_address(address)
    started = False
    if not ray.is_initialized():
        if address is None:
            init_local()
        else:
            connect(address)
        started = True
    try:
        task = ray.remote(num_cpus=1)(_play_chunk)
        where = {}
        for start, n in chunks:
            where[task.remote(play_range, seed, start, n, kwargs)] = (start, n)
        waiting = list(where)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            start, n = where[done[0]]
            store(start, n, ray.get(done[0]))
            if progress:
                progress(n)
    finally:
        if started:
            ray.shutdown()
