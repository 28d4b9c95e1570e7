"""A module whose import never ends, as an adapter's package's can (waiting for something that
never comes). Named on the command line as ``tests.fakes.hanging_import:Adapter``."""

import time

while True:
    time.sleep(0.05)
