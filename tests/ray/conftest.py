"""Ray's processes for the tests: a short session folder, free ports, and cleaning up by process id."""

import os
import sys
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from ..conftest import ROOT

PIG = str(ROOT / "examples" / "pig.yaml")
HOLD_8 = str(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")
HOLD_12 = str(ROOT / "examples" / "tactics" / "pig-hold-at-12.yaml")
PIG_SEARCH = str(ROOT / "examples" / "tactics" / "pig-search.yaml")

START_TIMEOUT = 180
"""Seconds a Ray start or a command on Ray may take on a loaded machine before the test fails."""


@pytest.fixture
def ray_folder():
    """A folder for Ray's session files, short because Ray puts Unix sockets in it (108 bytes at most)."""
    folder = tempfile.mkdtemp(prefix="ttray-", dir="/tmp")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def ray_env(folder: str) -> dict:
    """The environment of a Ray started by a test: its own session folder, no tokens on loopback."""
    env = dict(os.environ, RAY_TMPDIR=folder, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")
    env.pop("RAY_ADDRESS", None)
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def session_members(leader: int) -> list[int]:
    """Processes in the session of ``leader`` (a command started with ``start_new_session``), Ray's
    workers included: they move to process groups of their own but stay in the session."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == leader:  # the session id
                members.append(int(entry.name))
    return members


def kill_session(leader: int) -> None:
    for pid in session_members(leader):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def wait_for(condition, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.5)


def ray_command(*args, env: dict, timeout: float = START_TIMEOUT) -> subprocess.CompletedProcess:
    """``ray ARGS`` of this virtual environment; killed when it takes longer than ``timeout``."""
    ray = Path(sys.executable).parent / "ray"
    return subprocess.run([str(ray), *args], env=env, capture_output=True, text=True, timeout=timeout)
