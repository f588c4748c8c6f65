"""Starts a child process and then never finishes: the timeout must kill both."""
import os
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open(os.environ["PALLAS_LSP_CHILD_PID_FILE"], "w") as f:
    f.write(str(child.pid))
while True:
    time.sleep(1)
