"""Worker processes (simulate/workers.py): game order, the run's end at a game that runs too long,
and a worker's failure raised in the parent, with fork and spawn alike."""

import gc
import multiprocessing
import os
import pickle
import time
from dataclasses import dataclass

import pytest

from tabletwin.game import work
from tabletwin.simulate.runner import _chunks, play_span, run_games
from tabletwin.simulate.transport import pack_chunk, unpack_chunk
from tabletwin.simulate.variants import load_variant
from tabletwin.simulate.workers import play_chunks

from ..conftest import ROOT

# Player 0 picks one of two actions at random: `long` spends more than the small budget below.
SOMETIMES_LONG = """\
num_players: 1
state: {vars: {i: {init: 0}}}
flow: {id: s, kind: step, actor_x: "0", do: [short, long]}
actions:
  short: {effect: []}
  long:
    effect:
      - op: repeat
        until_x: "i >= 5000"
        body: [{op: add, var: i, amount: 1}]
end: [{id: done, if_x: "True", result: draw}]
"""


@pytest.fixture
def small_budget(monkeypatch):
    monkeypatch.setattr(work, "GAME_WORK_LIMIT", 200_000)


def test_the_run_ends_with_the_first_game_that_runs_too_long_for_any_jobs(small_budget):
    serial = run_games(SOMETIMES_LONG, [["random"]], 60, seed=0)
    spread = run_games(SOMETIMES_LONG, [["random"]], 60, seed=0, jobs=2, start_method="fork")
    assert spread == serial
    (last,) = serial[-1]
    assert last.too_long and last.error.startswith("ExprError: action long: game runs too long")
    assert not any(result.too_long for (result,) in serial[:-1])
    assert 1 < len(serial) < 60  # a later game than the first, and the run stopped there


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
def test_results_come_back_in_game_order_from_many_short_chunks(start_method):
    text = SOMETIMES_LONG.replace("5000", "3")
    serial = run_games(text, [["random"], ["first"]], 150, seed=5)
    spread = run_games(text, [["random"], ["first"]], 150, seed=5, jobs=2, start_method=start_method)
    assert spread == serial
    assert [result.seed for result, _ in spread] == list(range(5, 155))


def test_a_failing_worker_fails_the_run(monkeypatch):
    import tabletwin.simulate.runner as runner

    original = runner.play_seed

    def play_seed(models, lineups, seed, max_requests):
        if seed == 7:
            raise ValueError("broken on purpose")
        return original(models, lineups, seed, max_requests)

    monkeypatch.setattr(runner, "play_seed", play_seed)
    with pytest.raises(ValueError, match="broken on purpose"):
        run_games(SOMETIMES_LONG.replace("5000", "3"), [["random"]], 20, jobs=2, start_method="fork")


def test_chunks_cover_every_game_once_and_shorten_towards_the_end():
    spans = _chunks(1999, 2)
    assert spans[0][0] == 0 and spans[-1][1] == 1999
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    sizes = [stop - start for start, stop in spans]
    assert sizes[0] == 124 and max(sizes) == 124 and min(sizes[:-1]) == 15
    assert sizes == sorted(sizes, reverse=True)[:-1] + [sizes[-1]]
    assert _chunks(3, 2) == [(0, 1), (1, 2), (2, 3)]


@dataclass(frozen=True)
class Played:
    model: str
    seed: int


@pytest.mark.parametrize("jobs", [2, 3])
def test_the_parent_plays_chunks_itself_beside_one_worker_less_than_the_jobs(jobs):
    context = multiprocessing.get_context("fork")
    started = []

    class Counting:
        def __getattr__(self, name):
            return getattr(context, name)

        def Process(self, *args, **kwargs):
            started.append(1)
            return context.Process(*args, **kwargs)

    in_this_process = []
    parent = os.getpid()
    a_worker_played = context.Event()

    def play_span(models, lineups, seed, max_requests, span):
        in_this_process.append(span)  # a worker appends to its own copy
        if os.getpid() == parent:  # a loaded machine may start the workers late: wait for one
            a_worker_played.wait(30)
        else:
            a_worker_played.set()
        time.sleep(0.002)
        return [(Played(models[0], seed + k), Played(models[0], -k)) for k in range(*span)], False

    spans = [(k, k + 3) for k in range(0, 60, 3)]
    chunks = list(play_chunks(Counting(), jobs, spans, play_span, (["m"], [], {}, [["random"]], 100, None), ["m"]))
    assert [game for chunk in chunks for game in chunk] == [(Played("m", 100 + k), Played("m", -k)) for k in range(60)]
    assert len(started) == jobs - 1
    assert 0 < len(in_this_process) < len(spans)
    assert gc.get_freeze_count() == 0  # frozen only while the workers ran


def test_the_collector_is_thawed_when_a_worker_fails(monkeypatch):
    def play_span(models, lineups, seed, max_requests, span):
        if multiprocessing.parent_process() is not None:
            raise ValueError("a worker breaks")
        time.sleep(0.01)
        return [(Played("m", k),) for k in range(*span)], False

    spans = [(k, k + 1) for k in range(40)]
    with pytest.raises(ValueError, match="a worker breaks"):
        list(play_chunks(multiprocessing.get_context("fork"), 2, spans, play_span, (["m"], [], {}, [[]], 0, None), ["m"]))
    assert gc.get_freeze_count() == 0


def test_a_packed_chunk_unpacks_to_equal_results_and_holds_equal_tuples_once():
    path = ROOT / "examples" / "kuhn_poker.yaml"
    model = load_variant(path.read_text(encoding="utf-8"), str(path), {})
    chunk = play_span([model, model], [["random"], ["first"]], 3, None, (0, 40))
    packed = pack_chunk(chunk)
    unpacked = unpack_chunk(pickle.loads(pickle.dumps(packed)))
    assert unpacked == chunk and [type(a) for a, _ in unpacked] == [type(a) for a, _ in chunk]
    usages = {id(values[10]) for game in packed[1] for _, values in game}
    assert len(usages) == len({result.usage for game in chunk for result in game}) < 80
    assert pack_chunk([(Played("m", ([1],)),)])[1] == [((0, ("m", ([1],))),)]  # unhashable: kept as it is


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_gives_the_same_results_with_one_two_and_three_jobs(path):
    text = path.read_text(encoding="utf-8")
    serial = run_games(text, [["random"]], 25, seed=7, filename=str(path))
    assert [result.seed for (result,) in serial] == list(range(7, 32))
    for jobs in (2, 3):
        assert run_games(text, [["random"]], 25, seed=7, jobs=jobs, filename=str(path), start_method="fork") == serial
