"""Entry point of ``python -m belot_core``."""

import sys

from .cli import main

sys.exit(main())
