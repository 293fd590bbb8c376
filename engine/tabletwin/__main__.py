"""``python -m tabletwin``: the same command line as ``tabletwin``."""

import sys

from .cli.main import main

sys.exit(main())
