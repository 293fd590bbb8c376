"""Code lenses with the number of uses of each action, flow, zone and own function
(see :mod:`tabletwin.editor.lenses`).

A lens carries its title in a command with an empty id: clients show the title and do nothing
on a click (find references does the rest).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor.lenses import code_lenses

from .. import editing
from ..server import server
from .navigation import tactics_for


@server.feature(types.TEXT_DOCUMENT_CODE_LENS)
@server.thread()
def lenses(ls: LanguageServer, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    uri = params.text_document.uri
    document, snap = editing.snapshot(ls, uri)
    if snap.kind != "model":
        return None
    index = editing.exact_index(uri, snap)
    tactics = tactics_for(ls, document)
    # Once per text of the model and of the tactics around it (their snapshots are made once per text).
    key = ("code lenses",) + tuple(id(tactic) for tactic in tactics)
    found = snap.memo(key, lambda: code_lenses(snap, index, tactics))
    codec = document.position_codec
    return [types.CodeLens(range=editing.to_range(codec, snap.lines, lens.span),
                           command=types.Command(title=lens.title, command=""))
            for lens in found]
