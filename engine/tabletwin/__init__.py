"""Tabletwin: play, validate and edit game rule models written in YAML."""

from .errors import EngineError, ExprError, NotAModelError, NotExecutable, Span, TabletwinError, YamlError
from .game import Game
from .model import Model, load_model
from .play import GameRecord, play
from .validate import Report, validate

__all__ = ["EngineError", "ExprError", "Game", "GameRecord", "Model", "NotAModelError", "NotExecutable", "Report", "Span",
           "TabletwinError", "YamlError", "load_model", "play", "validate"]
