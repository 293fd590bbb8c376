"""Started with the server of ``test_game_limits.py`` (through ``PYTHONPATH``), in the server and its
game process: the engine's work bound per game stops a runaway game within a second, so to see
the server's own time limit act, these games get a bound they never reach."""

import tabletwin.game.work as work

work.GAME_WORK_LIMIT = 10**15
