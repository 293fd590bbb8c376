"""``--backend ray`` on a Ray started here with two processors: the documents of ``--jobs 1``.

Every command runs twice in this process, once in one process and once on Ray, and the JSON
documents must be equal. The Ray started by the module fixture is reused by the commands (a
process holds one Ray connection), so Ray starts once for the whole file.
"""

import logging
import os
import shutil
import tempfile
from collections import OrderedDict
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed; pip install -e '.[test,ray]' runs these tests")

from tabletwin.simulate.backends import ray_backend  # noqa: E402  (needs Ray only when it plays)
from tabletwin.simulate.backends.ray_backend import RayBackend  # noqa: E402
from tabletwin.simulate.runner import MAX_REQUESTS, run_games  # noqa: E402

from ..simulate.helpers import run, run_json  # noqa: E402
from .conftest import HOLD_8, HOLD_12, PIG, PIG_SEARCH  # noqa: E402

PIG_TEXT = Path(PIG).read_text()


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    folder = tempfile.mkdtemp(prefix="ttray-", dir="/tmp")  # short: Ray's sockets live in it
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")
        patch.delenv("RAY_ADDRESS", raising=False)
        ray.init(address="local", num_cpus=2, include_dashboard=False, _temp_dir=folder,
                 logging_level=logging.ERROR, log_to_driver=False)  # as the backend starts it
        try:
            yield
        finally:
            ray.shutdown()
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def sessions(monkeypatch):
    """The runs Ray played (so a test fails if the command quietly played in this process)."""
    started = []
    session = RayBackend.session

    def counted(self, *setup):
        started.append(setup)
        return session(self, *setup)

    monkeypatch.setattr(RayBackend, "session", counted)
    return started


def both(argv, capsys):
    """The JSON document of ``argv`` in one process and on Ray, after checking both succeeded."""
    status, local, err = run_json(argv, capsys)
    assert (status, err) == (0, "")
    status, on_ray, err = run_json(argv + ["--backend", "ray"], capsys)
    assert (status, err) == (0, "")
    return local, on_ray


def test_simulate(capsys, sessions):
    local, on_ray = both(["simulate", PIG, "--games", "60", "--seed", "7", "--players", f"{HOLD_8},random",
                          "--set", "GOAL=40"], capsys)
    assert on_ray == local
    assert (local["games"], local["set"], len(sessions)) == (60, {"GOAL": 40}, 1)


def test_compare_with_a_variant_model(tmp_path, capsys, sessions):
    variant = tmp_path / "pig20.yaml"
    variant.write_text(PIG_TEXT.replace("GOAL: 30", "GOAL: 20"))
    local, on_ray = both(["compare", PIG, "--a", f"{HOLD_8},random", "--b", f"{HOLD_12},random",
                          "--b-model", str(variant), "--games", "50", "--seat", "1"], capsys)
    assert on_ray == local
    assert (local["games"], len(sessions)) == (50, 1)


def test_compare_until_decided(capsys, sessions):
    local, on_ray = both(["compare", PIG, "--a", f"{HOLD_12},random", "--b", "random", "--until-decided",
                          "--max-games", "150"], capsys)
    assert on_ray == local
    assert len(sessions) == len(range(0, local["games"], 50))  # one run per batch of 50 pairs


def test_sweep(capsys, sessions):
    local, on_ray = both(["sweep", PIG, "--set", "GOAL=20,30", "--players", HOLD_8, "--games", "30"], capsys)
    assert on_ray == local
    assert ([row["set"] for row in local["rows"]], len(sessions)) == ([{"GOAL": 20}, {"GOAL": 30}], 2)


def test_ladder(capsys, sessions):
    local, on_ray = both(["ladder", PIG, "--tactic", PIG_SEARCH, "--budgets", "0,2", "--games", "3"], capsys)
    assert on_ray == local
    assert ([rung["budget"] for rung in local["rungs"]], len(sessions)) == ([0, 2], 1)


def test_tactics_travel_loaded_not_as_file_names(tmp_path):
    """The workers play tactics whose files are gone: an extends chain, loaded on the driver."""
    for source in (HOLD_8, HOLD_12):
        shutil.copy(source, tmp_path)
    tactic = str(tmp_path / "pig-hold-at-12.yaml")
    expected = run_games(PIG_TEXT, [[tactic, "random"]], 30, 3, filename=PIG)
    with RayBackend().session([(PIG_TEXT, PIG)], {}, [[tactic, "random"]], 3, MAX_REQUESTS) as play:
        for name in ("pig-hold-at-8.yaml", "pig-hold-at-12.yaml"):
            (tmp_path / name).unlink()
        chunks = list(play([(1, 10), (10, 20), (20, 30)]))
    assert [expected[0]] + [game for chunk in chunks for game in chunk] == expected


def test_a_worker_killed_mid_run_has_its_chunk_played_again(tmp_path, monkeypatch):
    marker = tmp_path / "killed"

    def kill_once(key, box, lineups, seed, max_requests, span):
        """The chunk from game 20 on kills its worker process the first time it is played."""
        if span[0] >= 20:
            try:
                handle = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.write(handle, str(os.getpid()).encode())
                os.close(handle)
                os._exit(1)
        return ray_backend.play_chunk(key, box, lineups, seed, max_requests, span)

    task = ray.remote(**ray_backend.TASK_OPTIONS)(kill_once)  # as _remote declares play_chunk
    monkeypatch.setitem(ray_backend._REMOTE, "task", task)
    lineups = [[HOLD_8, "random"], ["random", HOLD_12]]
    on_ray = run_games(PIG_TEXT, lineups, 120, 5, filename=PIG, backend=RayBackend())
    assert marker.exists() and int(marker.read_text()) != os.getpid()
    assert on_ray == run_games(PIG_TEXT, lineups, 120, 5, filename=PIG)


def test_a_worker_loads_a_run_once(monkeypatch):
    """In a worker, chunks of one run reuse its models; the last KEPT_SETUPS runs are kept."""
    loads = []
    load = ray_backend._models
    monkeypatch.setattr(ray_backend, "_models", lambda *args: loads.append(args) or load(*args))
    monkeypatch.setattr(ray_backend, "_loaded", OrderedDict())
    box = [ray.put(([(PIG_TEXT, PIG)], {}, {}))]
    first = ray_backend.play_chunk("run", box, [["random"]], 4, MAX_REQUESTS, (0, 3))
    second = ray_backend.play_chunk("run", box, [["random"]], 4, MAX_REQUESTS, (3, 6))
    assert len(loads) == 1
    assert first + second == run_games(PIG_TEXT, [["random"]], 6, 4, filename=PIG)
    for key in ("a", "b", "c", "d"):
        ray_backend.play_chunk(key, box, [["random"]], 4, MAX_REQUESTS, (0, 1))
    assert (list(ray_backend._loaded), len(loads)) == (["a", "b", "c", "d"], 5)
    assert ray_backend.KEPT_SETUPS == 4


def test_progress_moves_in_game_order():
    calls = []
    results = run_games(PIG_TEXT, [["random"]], 100, 0, filename=PIG, backend=RayBackend(),
                        progress=lambda done, total: calls.append((done, total)))
    assert len(results) == 100
    assert calls[0] == (1, 100) and calls[-1] == (100, 100) and len(calls) > 2  # the first game, then each chunk
    assert [done for done, _ in calls] == sorted({done for done, _ in calls})


def test_a_chunk_whose_worker_always_dies_ends_the_command(tmp_path, capsys, monkeypatch):
    deaths = tmp_path / "deaths"

    def always_die(key, box, lineups, seed, max_requests, span):
        with open(deaths, "a") as handle:
            handle.write(f"{span[0]}\n")
        os._exit(1)

    options = dict(ray_backend.TASK_OPTIONS, max_retries=1)  # two deaths suffice; 1 + MAX_RETRIES in use
    monkeypatch.setitem(ray_backend._REMOTE, "task", ray.remote(**options)(always_die))
    monkeypatch.setattr(ray_backend, "AHEAD", 0)  # one chunk per worker at a time: fewer deaths to wait for
    status, out, err = run(["simulate", PIG, "--games", "20", "--backend", "ray"], capsys)
    assert (status, out) == (1, "")  # Ray's own messages about the deaths went to standard error
    ours = [line for line in err.splitlines() if line.startswith("tabletwin")]
    assert len(ours) == 1 and ours[0].startswith(
        f"tabletwin simulate: Ray could not play game 1 of the run (tried {1 + ray_backend.MAX_RETRIES} times): "), err
    assert deaths.read_text().splitlines().count("1") == 2  # the chunk of game 1, and its one retry
