"""Running the command line on hostile input, under the bar every such input must meet.

The bar (issue "Hardening"): a clear error in our words within :data:`SECONDS` and
:data:`MEMORY_BYTES`, the documented exit status, and never a Python traceback. Each run is a
separate process with its address space capped, so a blow-up fails the test instead of the machine,
and its time and peak resident memory are measured by the kernel (``wait4``), not estimated.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SECONDS = 5.0
"""Wall-clock time a hostile input may take, start-up included."""

MEMORY_BYTES = 512 * 1024 * 1024
"""Peak resident memory a hostile input may take."""

ADDRESS_SPACE = 2 * MEMORY_BYTES
"""Hard cap on the child's address space: well above the bar (an interpreter maps more than it
touches), low enough that a runaway allocation fails fast instead of swapping."""

KILL_AFTER = 30.0
"""A run still going after this is killed and reported as a hang."""


@dataclass
class Outcome:
    status: int | None  # None: killed as a hang
    stdout: str
    stderr: str
    seconds: float
    peak_bytes: int

    def within_bar(self) -> None:
        """Assert the bar: no traceback, within time and memory, not killed."""
        assert self.status is not None, f"hung: killed after {KILL_AFTER} s\n{self.stderr[-2000:]}"
        assert "Traceback (most recent call last)" not in self.stderr, self.stderr[-4000:]
        assert "Traceback (most recent call last)" not in self.stdout, self.stdout[-4000:]
        assert self.seconds < SECONDS, f"took {self.seconds:.1f} s"
        assert self.peak_bytes < MEMORY_BYTES, f"took {self.peak_bytes / 2**20:.0f} MB"


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_cli(args: list[str], stdin: str | bytes = b"", cwd: str | Path | None = None,
            env: dict | None = None) -> Outcome:
    """``tabletwin ARGS`` in a fresh, memory-capped process, measured."""
    return run_process([sys.executable, "-m", "tabletwin", *args], stdin, cwd, env)


def run_server(stdin: bytes, cwd: str | Path | None = None, env: dict | None = None) -> Outcome:
    """The language server (``python -m tabletwin_lsp``) fed ``stdin`` whole, measured."""
    return run_process([sys.executable, "-m", "tabletwin_lsp"], stdin, cwd, env)


def run_process(argv: list[str], stdin: str | bytes = b"", cwd: str | Path | None = None,
                env: dict | None = None) -> Outcome:
    """``argv`` in a fresh, memory-capped process, measured."""
    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
    started = time.monotonic()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                               env={**os.environ, **(env or {})}, preexec_fn=_limit_memory)
    output: dict[str, bytes] = {}

    def feed():
        try:
            process.stdin.write(data)
            process.stdin.close()
        except OSError:
            pass

    def drain(name, stream):
        output[name] = stream.read()

    threads = [threading.Thread(target=feed), threading.Thread(target=drain, args=("out", process.stdout)),
               threading.Thread(target=drain, args=("err", process.stderr))]
    for thread in threads:
        thread.daemon = True
        thread.start()
    timer = threading.Timer(KILL_AFTER, lambda: os.kill(process.pid, signal.SIGKILL))
    timer.start()
    try:
        _, wait_status, usage = os.wait4(process.pid, 0)
    finally:
        timer.cancel()
    seconds = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(wait_status)
    for thread in threads:
        thread.join(5)
    killed = os.WIFSIGNALED(wait_status) and os.WTERMSIG(wait_status) == signal.SIGKILL
    return Outcome(status=None if killed else process.returncode,
                   stdout=output.get("out", b"").decode("utf-8", "replace"),
                   stderr=output.get("err", b"").decode("utf-8", "replace"),
                   seconds=seconds, peak_bytes=usage.ru_maxrss * 1024)
