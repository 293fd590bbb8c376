"""``--backend ray --address``: a two-node Ray cluster on this machine, on loopback.

The test starts a head node and a second node with one processor each (``ray start``), runs the
command line against it by ``--address`` and by ``RAY_ADDRESS``, and compares the JSON with
``--jobs 1``. Both nodes must have played: while a run goes on, each node's session holds a
worker process titled ``ray::play_chunk``. The finalizer runs ``ray stop --force`` and then kills whatever
is left of the two sessions by process id.
"""

import json
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("ray", reason="Ray is not installed; pip install -e '.[test,ray]' runs these tests")

from ..simulate.helpers import run_json  # noqa: E402
from .conftest import (HOLD_8, HOLD_12, PIG, START_TIMEOUT, free_port, kill_session, ray_command,  # noqa: E402
                       ray_env, session_members, wait_for)


def _start(args, env) -> int:
    """``ray start ARGS`` in a session of its own; the session id, which Ray's daemons keep."""
    ray = os.path.join(os.path.dirname(sys.executable), "ray")
    process = subprocess.Popen([ray, "start", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
    try:
        out, _ = process.communicate(timeout=START_TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_session(process.pid)
        raise
    assert process.returncode == 0, out
    return process.pid


@pytest.fixture(scope="module")
def cluster(request):
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="ttray-", dir="/tmp")
    env = ray_env(folder)
    sessions: list[int] = []

    def stop():
        try:
            ray_command("stop", "--force", env=env, timeout=120)
        finally:
            for session in sessions:
                kill_session(session)
            shutil.rmtree(folder, ignore_errors=True)

    request.addfinalizer(stop)
    port = free_port()
    address = f"127.0.0.1:{port}"
    common = ["--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    sessions.append(_start(["--head", f"--port={port}", "--include-dashboard=false", *common], env))
    sessions.append(_start([f"--address={address}", *common], env))
    wait_for(lambda: "0.0/2.0 CPU" in ray_command("status", f"--address={address}", env=env, timeout=60).stdout,
             START_TIMEOUT, "both nodes in `ray status`")
    return address, env, sessions


def _on_ray(argv, env, sessions):
    """The CLI in a process of its own on the cluster; which node sessions ran ``play_chunk`` meanwhile."""
    process = subprocess.Popen([sys.executable, "-m", "tabletwin.cli.main", *argv], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    played = set()
    end = time.monotonic() + START_TIMEOUT
    try:
        while process.poll() is None:
            if time.monotonic() > end:
                raise AssertionError(f"{argv[0]} on the cluster took more than {START_TIMEOUT} s")
            for session in sessions:
                if any(_title(pid) == "ray::play_chunk" for pid in session_members(session)):
                    played.add(session)
            time.sleep(0.02)  # a chunk of games lasts a fraction of a second
        out, err = process.communicate()
    finally:
        kill_session(process.pid)
    assert (process.returncode, err) == (0, "")
    return json.loads(out), played


def _title(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().split(b"\0")[0].decode(errors="replace").strip()
    except OSError:
        return ""


def test_two_nodes_give_the_documents_of_one_process(cluster, capsys):
    address, env, sessions = cluster
    argv = ["simulate", PIG, "--games", "1500", "--players", f"{HOLD_8},{HOLD_12}", "--json"]
    status, local, _ = run_json(argv[:-1], capsys)
    on_ray, played = _on_ray(argv + ["--backend", "ray", "--address", address], env, sessions)
    assert (status, on_ray) == (0, local)

    argv = ["compare", PIG, "--a", f"{HOLD_8},random", "--b", "random", "--games", "600", "--json"]
    status, local, _ = run_json(argv[:-1], capsys)
    on_ray, played_too = _on_ray(argv + ["--backend", "ray"], dict(env, RAY_ADDRESS=address), sessions)
    assert (status, on_ray) == (0, local)
    # Both nodes played: a node's first worker can take seconds to start on a busy machine, so
    # the two runs together are the evidence, not each one alone.
    assert played | played_too == set(sessions)
