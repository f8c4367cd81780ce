"""`python -m timessquare` does what the `timessquare` command does."""

import sys

from .cli import main

sys.exit(main())
