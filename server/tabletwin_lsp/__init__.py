"""The tabletwin language server: findings of the engine, in the editor, on their lines."""

__version__ = "0.1.0"
