"""Runs the tabletwin bundled in the extension: ``python launch.py lsp|cli [arguments]``.

The extension starts this with the user's interpreter (``python -I``, so the user's PYTHONPATH
and site-packages do not mix in). The bundle's folder goes first on ``sys.path`` of this process
only; the server passes it on to the game processes it starts. Nothing of the user's
environment changes.
"""

import os
import runpy
import sys

MODULES = {"lsp": "tabletwin_lsp", "cli": "tabletwin"}

if sys.version_info < (3, 11):
    sys.exit(f"tabletwin needs Python 3.11 or newer; {sys.executable} is {sys.version.split()[0]}")
if len(sys.argv) < 2 or sys.argv[1] not in MODULES:
    sys.exit(f"usage: {os.path.basename(__file__)} {'|'.join(MODULES)} [arguments]")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "libs"))
module = MODULES[sys.argv.pop(1)]
runpy.run_module(module, run_name="__main__", alter_sys=True)
