"""Forked logs: a copy of a game starts with an empty log that reads as the original's past."""

from tabletwin.game.log import Log


def test_a_fork_reads_the_past_and_then_its_own_entries():
    log = Log(["a", "b"])
    fork = log.fork()
    assert len(fork) == 0 and fork.full() == ["a", "b"]
    log.append("c")  # the original goes on; the fork keeps the past as it was
    fork.append("x")
    assert fork.full() == ["a", "b", "x"]
    assert log.full() is log and log == ["a", "b", "c"]


def test_forks_of_forks_and_of_empty_logs():
    root = Log(["a"])
    first = root.fork()
    first.append("b")
    empty = first.fork()
    second = empty.fork()  # nothing was added in between: it points past the empty level
    assert second.before == (first, 1)
    second.append("c")
    assert second.full() == ["a", "b", "c"]
    assert Log().fork().before is None
