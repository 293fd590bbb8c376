"""Many games at once: ``tabletwin simulate``, ``compare`` and ``sweep``.

:mod:`.runner` plays the games (seed ``S + k`` for game ``k``, optionally over processes),
:mod:`.stats` holds the interval maths and :mod:`.report` turns results into the JSON documents
of ``interfaces.md`` and text tables. The balance report's figures are in :mod:`.balance`, their
text in :mod:`.balance_text` and the HTML page in :mod:`.html_report`; :mod:`.variants` replaces
constants (``--set``) and :mod:`.sweep` runs a grid of them.
"""

from .report import ComparisonReport, SimulationReport, comparison_report, expand_specs, simulation_report, winners
from .runner import MAX_REQUESTS, GameResult, play_game, run_games
from .stats import mean_ci95, paired_difference_ci95, t_quantile_975, wilson_ci95

__all__ = ["MAX_REQUESTS", "ComparisonReport", "GameResult", "SimulationReport", "comparison_report", "expand_specs",
           "mean_ci95", "paired_difference_ci95", "play_game", "run_games", "simulation_report", "t_quantile_975",
           "wilson_ci95", "winners"]
