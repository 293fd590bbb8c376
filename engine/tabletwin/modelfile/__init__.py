"""Model files: YAML 1.1 text to plain data, with the position of every key and value.

``load_yaml(text)`` gives a :class:`LoadedYaml` (``data`` and ``positions``) or one
:class:`~tabletwin.errors.YamlError`; ``check_is_model`` tells a model from other YAML;
``format_path`` writes a model path the way messages show it.
"""

from .load import LoadedYaml, check_is_model, load_yaml
from .paths import format_path
from .positions import PositionTable

__all__ = ["LoadedYaml", "PositionTable", "check_is_model", "format_path", "load_yaml"]
