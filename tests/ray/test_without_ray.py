"""``--backend`` and ``--address`` on the command line, without starting Ray (all but the last run without Ray)."""

import sys

import pytest

from ..simulate.helpers import run
from .conftest import PIG, PIG_SEARCH, free_port

RAY_MISSING = "--backend ray needs Ray, an optional extra: pip install 'tabletwin[ray]'\n"


@pytest.mark.parametrize("argv", [
    ["simulate", PIG, "--games", "3"],
    ["compare", PIG, "--a", "random", "--b", "first", "--games", "3"],
    ["compare", PIG, "--a", "random", "--b", "first", "--until-decided", "--max-games", "40"],
    ["sweep", PIG, "--set", "GOAL=20,30", "--games", "3"],
    ["ladder", PIG, "--tactic", PIG_SEARCH, "--budgets", "0,2", "--games", "2"],
], ids=["simulate", "compare", "until-decided", "sweep", "ladder"])
def test_without_ray_the_backend_says_how_to_install_it(argv, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if it were not installed
    status, out, err = run(argv + ["--backend", "ray"], capsys)
    assert (status, out, err) == (2, "", f"tabletwin {argv[0]}: {RAY_MISSING}")


def test_address_needs_the_ray_backend(capsys):
    status, out, err = run(["simulate", PIG, "--games", "3", "--address", "127.0.0.1:6379"], capsys)
    assert (status, out, err) == (2, "", "tabletwin simulate: --address goes with --backend ray\n")


def test_jobs_are_for_local_processes(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # refused before Ray is looked for
    status, out, err = run(["sweep", PIG, "--set", "GOAL=20", "--games", "3", "--jobs", "2", "--backend", "ray"],
                           capsys)
    assert (status, out) == (2, "")
    assert err == ("tabletwin sweep: --jobs counts local processes; with --backend ray every processor of the "
                   "cluster plays, so leave --jobs out\n")


def test_an_unknown_backend_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        run(["simulate", PIG, "--games", "3", "--backend", "dask"], capsys)
    assert exit_.value.code == 2
    assert "argument --backend: invalid choice: 'dask' (choose from 'local', 'ray')" in capsys.readouterr().err


def test_an_address_where_nothing_listens_fails_at_once(capsys):
    pytest.importorskip("ray", reason="Ray is not installed; pip install -e '.[test,ray]' runs this test")
    import ray

    assert not ray.is_initialized()  # else the command would use that Ray, not the address
    address = f"127.0.0.1:{free_port()}"
    status, out, err = run(["compare", PIG, "--a", "random", "--b", "first", "--games", "3", "--backend", "ray",
                            "--address", address], capsys)
    assert (status, out, err) == (1, "", f"tabletwin compare: cannot reach the Ray cluster at {address}: "
                                         f"Connection refused\n")
