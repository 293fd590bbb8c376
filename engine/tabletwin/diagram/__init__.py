"""The Diagram: a model's flow drawn as a rail line of stations (no LSP imports).

``layout(model) -> Diagram`` lays the flow out (:mod:`.layout`), ``to_svg(diagram)`` draws it
(:mod:`.svg`), ``to_json(diagram)`` gives it as data (:mod:`.document`). A station's ``id`` is its
model path (``flow.children[2]``, ``flows.attack``) or ``end.<id>`` for an end condition.
"""

from .document import to_json
from .layout import layout
from .shapes import Diagram, Track
from .stations import Station
from .svg import to_svg

__all__ = ["Diagram", "Station", "Track", "layout", "to_json", "to_svg"]
