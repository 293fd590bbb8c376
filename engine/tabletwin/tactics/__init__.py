"""Tactic files: players as a separate layer, with optional look-ahead."""

from .player import RulePlayer
from .search import SearchPlayer, redistribute
from .tactic import Rule, Search, Tactic, TacticError, compile_tactic, load_tactic

__all__ = ["Rule", "RulePlayer", "Search", "SearchPlayer", "Tactic", "TacticError", "compile_tactic", "load_tactic",
           "redistribute"]
