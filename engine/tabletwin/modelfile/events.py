"""Where YAML events come from: libyaml (``ruamel.yaml.clib``) when it is installed, else
ruamel's pure-Python parser, which gives the same events more slowly.

The editor extension bundles tabletwin without compiled parts (one bundle for every platform),
so the engine must run without libyaml; ``pip install tabletwin`` brings libyaml where a wheel
exists.
"""

from __future__ import annotations

from ruamel.yaml import YAML

try:
    from _ruamel_yaml import CParser
except ImportError:  # no compiled libyaml for this interpreter: the pure-Python parser reads
    CParser = None

HAVE_LIBYAML = CParser is not None


def event_reader(text: str, pure: bool = False):
    """A function that returns the next event of ``text`` at each call (libyaml's unless ``pure``
    or libyaml is missing)."""
    if pure or CParser is None:
        yaml = YAML(typ="safe", pure=True)
        yaml.version = (1, 1)
        return iter(yaml.parse(text)).__next__
    return CParser(text).get_event
