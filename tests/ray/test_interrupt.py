"""Ctrl-C during ``simulate --backend ray`` with no address: Ray starts here, and Ctrl-C ends it all.

The command runs in a session of its own, and Ctrl-C is sent as a terminal sends it: SIGINT to
the foreground process group, which holds the command and the Ray it started (Ray's workers sit
in groups of their own). It must exit with status 130, print no traceback, and leave no process.
"""

import os
import signal
import subprocess
import sys

import pytest

pytest.importorskip("ray", reason="Ray is not installed; pip install -e '.[test,ray]' runs these tests")

from .conftest import PIG, START_TIMEOUT, kill_session, ray_env, session_members, wait_for  # noqa: E402


def _playing(session: int) -> bool:
    for pid in session_members(session):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                if handle.read().startswith(b"ray::play_chunk"):
                    return True
        except OSError:
            pass
    return False


def test_ctrl_c_cancels_the_run_and_exits_cleanly(ray_folder):
    process = subprocess.Popen([sys.executable, "-m", "tabletwin.cli.main", "simulate", PIG, "--games", "2000000",
                                "--backend", "ray", "--json"], env=ray_env(ray_folder), text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_for(lambda: _playing(process.pid) or process.poll() is not None, START_TIMEOUT, "Ray to play games")
        assert process.poll() is None, process.communicate()
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
        assert (process.returncode, out) == (130, "")
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        wait_for(lambda: not session_members(process.pid), 60, "Ray's processes to end")
    finally:
        kill_session(process.pid)
