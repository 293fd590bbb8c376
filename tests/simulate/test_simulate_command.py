"""``tabletwin simulate``: JSON keys, counting, exit statuses, --jobs, text output, progress bar."""

import io
import json

import pytest

from tabletwin.cli import simulate_command
from tabletwin.cli.simulate_command import ProgressBar

from .helpers import BROKEN, ENDLESS, KUHN, RACE, SPELL_DUEL, TIC_TAC_TOE, run, run_json

SEAT_KEYS = ["seat", "player", "mean_payoff", "payoff_ci95", "wins", "win_rate", "win_ci95"]
TOP_KEYS = ["games", "seed", "finished", "unfinished", "errors", "reasons", "avg_requests", "seats",
            "draws", "no_winner", "outcomes", "seat_advantage", "duration", "choice", "coverage", "unused"]


def test_json_keys_are_exactly_the_documented_ones(capsys):
    status, report, err = run_json(["simulate", TIC_TAC_TOE, "--games", "30", "--seed", "4"], capsys)
    assert status == 0 and err == ""
    assert list(report) == TOP_KEYS
    assert [list(seat) for seat in report["seats"]] == [SEAT_KEYS, SEAT_KEYS]
    assert report["games"] == 30 and report["seed"] == 4
    assert report["finished"] == 30 and report["unfinished"] == 0 and report["errors"] == {}
    assert sum(report["reasons"].values()) == 30
    assert [s["seat"] for s in report["seats"]] == [0, 1]
    assert [s["player"] for s in report["seats"]] == ["random", "random"]
    for seat in report["seats"]:
        low, high = seat["payoff_ci95"]
        assert low <= seat["mean_payoff"] <= high
        low, high = seat["win_ci95"]
        assert low <= seat["win_rate"] <= high
        assert seat["win_rate"] == pytest.approx(seat["wins"] / 30)


def test_wins_are_strict_and_match_the_payoffs(capsys):
    # Tic-tac-toe pays +1/-1 for a line and 0/0 for a full board: a draw is nobody's win.
    _, report, _ = run_json(["simulate", TIC_TAC_TOE, "--games", "40"], capsys)
    wins = sum(s["wins"] for s in report["seats"])
    assert wins == report["reasons"].get("three_in_a_row", 0)
    assert wins < 40  # some boards fill up
    assert report["seats"][0]["mean_payoff"] == pytest.approx(
        (report["seats"][0]["wins"] - report["seats"][1]["wins"]) / 40)


def test_jobs_do_not_change_the_report(capsys):
    for model, games in ((KUHN, 60), (TIC_TAC_TOE, 45), (SPELL_DUEL, 9)):
        outputs = {run(["simulate", model, "--games", str(games), "--seed", "11", "--jobs", jobs, "--json"],
                       capsys)[1] for jobs in ("1", "2", "3")}
        assert len(outputs) == 1, model


def test_players_name_every_seat(capsys):
    _, report, _ = run_json(["simulate", RACE, "--games", "5", "--players", "first"], capsys)
    assert [s["player"] for s in report["seats"]] == ["first", "first"]
    _, report, _ = run_json(["simulate", SPELL_DUEL, "--games", "5", "--players", "agent:eager"], capsys)
    assert [s["player"] for s in report["seats"]] == ["agent:eager"] * 3
    _, report, _ = run_json(["simulate", SPELL_DUEL, "--games", "5", "--players", "first, agent:eager"], capsys)
    assert [s["player"] for s in report["seats"]] == ["first", "agent:eager", "random"]


def test_first_players_always_play_the_same_game(capsys):
    # Race with 'first' everywhere: both walk, seat 0 reaches 6 first, every time.
    status, report, _ = run_json(["simulate", RACE, "--games", "7", "--players", "first,first"], capsys)
    assert status == 0
    assert report["avg_requests"] == 11
    assert report["seats"][0]["wins"] == 7 and report["seats"][0]["mean_payoff"] == 1
    assert report["seats"][0]["payoff_ci95"] == [1, 1]
    assert report["seats"][1]["wins"] == 0 and report["seats"][1]["win_ci95"][0] == 0


def test_engine_errors_are_counted_and_exit_1(tmp_path, capsys):
    model = tmp_path / "broken.yaml"
    model.write_text(BROKEN)
    status, report, _ = run_json(["simulate", str(model), "--games", "4"], capsys)
    assert status == 1
    assert report["errors"] == {"NotExecutable: code 'f' → m:f is not implemented": 4}
    assert report["finished"] == 0 and report["unfinished"] == 0 and report["reasons"] == {}
    assert report["seats"][0] == {"seat": 0, "player": "random", "mean_payoff": None, "payoff_ci95": None,
                                  "wins": 0, "win_rate": None, "win_ci95": None}
    status, out, _ = run(["simulate", str(model), "--games", "4"], capsys)
    assert status == 1
    assert "  4× NotExecutable: code 'f' → m:f is not implemented" in out.splitlines()


def test_endless_games_are_cut_at_5000_requests(capsys):
    status, out, _ = run(["simulate", "-", "--games", "2", "--json"], capsys, stdin_text=ENDLESS)
    report = json.loads(out)
    assert status == 0
    assert report["unfinished"] == 2 and report["finished"] == 0 and report["avg_requests"] == 5000
    status, out, _ = run(["simulate", "-", "--games", "2"], capsys, stdin_text=ENDLESS)
    assert "Cut at 5,000 requests: 2" in out


def test_unreadable_models_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("flow: [\n")
    status, out, err = run(["simulate", str(bad), "--games", "3", "--json"], capsys)
    assert status == 2 and out == "" and str(bad) in err
    status, out, err = run(["simulate", str(tmp_path / "missing.yaml"), "--games", "3"], capsys)
    assert status == 2 and out == "" and "cannot read" in err


def test_bad_players_exit_2_without_playing(capsys):
    status, out, err = run(["simulate", RACE, "--games", "3", "--players", "sometimes"], capsys)
    assert status == 2 and out == "" and "unknown player" in err
    status, out, err = run(["simulate", RACE, "--games", "3", "--players", "random,random,random"], capsys)
    assert status == 2 and "3 players" in err
    status, out, err = run(["simulate", RACE, "--games", "3", "--players", "human"], capsys)
    assert status == 2 and "human" in err
    with pytest.raises(SystemExit) as exit_:
        run(["simulate", RACE, "--games", "0"], capsys)
    assert exit_.value.code == 2


def test_text_output_is_a_table(capsys):
    status, out, err = run(["simulate", TIC_TAC_TOE, "--games", "50", "--seed", "3"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Tic-tac-toe: 50 games, seeds 3–52"
    assert lines[2].split() == ["seat", "player", "mean", "payoff", "±", "95%", "wins", "win", "rate", "95%",
                                "interval"]
    assert lines[3].split()[:2] == ["0", "random"] and lines[4].split()[:2] == ["1", "random"]
    assert any(line.startswith("Finished: 50 of 50. End reasons: three_in_a_row ") for line in lines)
    assert any(line.startswith("Average requests per game: ") for line in lines)
    assert "Stopped by an engine error: 0" in lines


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_only_on_a_terminal_and_never_on_stdout(capsys, monkeypatch):
    status, out, err = run(["simulate", RACE, "--games", "20", "--json"], capsys)
    assert err == ""  # standard error is no terminal under pytest
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    status, out2, _ = run(["simulate", RACE, "--games", "20", "--json"], capsys)
    assert out2 == out
    assert "20/20 games" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")  # the bar is wiped before the report


def test_progress_bar_redraws_at_most_ten_times_a_second(monkeypatch):
    clock = iter([0.0] + [0.001 * i for i in range(1001)])
    monkeypatch.setattr(simulate_command.time, "monotonic", lambda: next(clock))
    stream = FakeTerminal()
    bar = ProgressBar(stream, "simulate")
    for done in range(1, 1001):  # 1,000 games in one second
        bar(done, 1000)
    bar.close()
    draws = stream.getvalue().count("games")
    assert 10 <= draws <= 12
    assert "1000/1000 games" in stream.getvalue()


def test_text_report_has_every_balance_section(capsys):
    from ..conftest import ROOT

    toy = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")
    status, out, _ = run(["simulate", toy, "--games", "4", "--players", "first"], capsys)
    lines = out.splitlines()
    assert status == 0
    for line in ("Outcome", "Duration", "Rule coverage",
                 "  end: done                           4  100.0%  [51.0%, 100.0%]",
                 "  largest gap: seat 0 − seat 1 = +100.0 pts, 95% interval [+100.0, +100.0] pts  (shown at 95%)",
                 "  requests           4     6  [6.00, 6.00]       6    6    6    6",
                 "  all           36                  1.67  [1.67, 1.67]   33.3%  [33.3%, 33.3%]",
                 "  actions rest              0/4     0              0",
                 "Unused in every game: actions.rest, actions.hold_forever, triggers[1], end[1], content.cards[1]"):
        assert line in lines, line


def test_html_does_not_depend_on_jobs(tmp_path, capsys):
    pages = []
    for jobs in ("1", "2"):
        page = tmp_path / f"{jobs}.html"
        run(["simulate", KUHN, "--games", "24", "--jobs", jobs, "--html", str(page)], capsys)
        pages.append(page.read_text(encoding="utf-8"))
    assert pages[0] == pages[1]
