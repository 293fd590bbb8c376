"""Models loaded into typed parts: flow nodes, actions, ops, rules, end conditions."""

from .data import ModelDict
from .model import (Action, EndCondition, Model, Modifier, Outcome, OutcomeModel, Priority, Trigger, VarDecl,
                    ZoneDecl, compile_model, load_model)

__all__ = ["Action", "EndCondition", "Model", "ModelDict", "Modifier", "Outcome", "OutcomeModel", "Priority",
           "Trigger", "VarDecl", "ZoneDecl", "compile_model", "load_model"]
