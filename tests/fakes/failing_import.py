"""A module that fails as it is imported, as an adapter's package can: it raises, or, with
``FAKE_IMPORT_EXIT`` set, calls ``sys.exit``, which nothing but the loader stops from ending the
session that imports it. Named on the command line as ``tests.fakes.failing_import:Adapter``."""

import os
import sys

if os.environ.get("FAKE_IMPORT_EXIT"):
    sys.exit(0)
raise RuntimeError("this adapter's module fails as it is imported")
