"""Write ``docs/keys.md``: ``python -m tabletwin.editor.keyspage > docs/keys.md``."""

import sys

from .keydocs import render_page

if __name__ == "__main__":
    sys.stdout.write(render_page())
