"""``tabletwin play`` with a human seat in a real pseudo-terminal: until the game ends, the screen
shows only what the hand-played seat may see (Kuhn poker, seed 4: seat 0 gets Q, seat 1 gets K)."""

import os
import pty
import re
import select
import subprocess
import sys
import time

from ..conftest import ROOT

KUHN = str(ROOT / "examples" / "kuhn_poker.yaml")
TIMEOUT = 20


class Terminal:
    """``tabletwin ARGS`` on a pseudo-terminal: everything it writes, and typing into it."""

    def __init__(self, args):
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "tabletwin", *args], stdin=slave, stdout=slave,
                                        stderr=slave, close_fds=True)
        os.close(slave)
        self.screen = ""

    def read_until(self, text: str) -> str:
        deadline = time.monotonic() + TIMEOUT
        while text not in self.screen:
            assert time.monotonic() < deadline, f"no {text!r} in:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the other side closed
                    chunk = b""
                if not chunk and self.process.poll() is not None:
                    assert text in self.screen, f"no {text!r} in:\n{self.screen}"
                self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.screen

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        status = self.process.wait(TIMEOUT)
        os.close(self.master)
        return status


def cards_shown(screen: str, card: str) -> list[str]:
    """Lines of the screen that show ``card`` as a word."""
    return [line for line in screen.splitlines() if re.search(rf"(?<!\w){card}(?!\w)", line)]


def test_seat_0_never_sees_the_opponents_king_before_the_end():
    terminal = Terminal(["play", KUHN, "--seed", "4", "--players", "human,random"])
    screen = terminal.read_until("> ")
    assert cards_shown(screen, "K") == []
    assert "action deal · chance: ? | ? → ? (seen by player 1)" in screen
    assert "  hand: [['Q'], ['?']]" in screen
    assert "Since your last turn:\n  automatic: step deal → deal\n  action deal · chance: ? | ? | ? → Q\n" \
           "  card Q: deck → hand[0]\n  action deal · chance: ? | ? → ? (seen by player 1)\n" \
           "  card ?: deck → hand[1]\n" in screen
    terminal.type("2")  # bet; the random seat folds
    screen = terminal.read_until("End: fold — payoffs 1, -1")
    before_end = screen.split("The table at the end:")[0]
    assert cards_shown(before_end, "K") == []
    assert "  hand: [['Q'], ['K']]" in screen.split("The table at the end:")[1]
    assert terminal.close() == 0


def test_seat_1_never_sees_the_opponents_queen():
    terminal = Terminal(["play", KUHN, "--seed", "4", "--players", "random,human"])
    screen = terminal.read_until("> ")
    assert cards_shown(screen, "Q") == []
    assert "action deal · chance: ? | ? | ? → ? (seen by player 0)" in screen
    assert "  hand: [['?'], ['K']]" in screen
    terminal.type("1")
    screen = terminal.read_until("End: ")
    assert cards_shown(screen.split("The table at the end:")[0], "Q") == []
    assert terminal.close() == 0
