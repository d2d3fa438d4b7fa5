"""Short-lived commands run side by side (ssh connections opened or closed,
local referee runs), and stopping a process politely first."""
import subprocess
import tempfile
import time


def run_together(commands, timeout=None):
    """Runs the commands (argument lists) all at once, stdin and stdout on
    /dev/null, and waits for them: [(exit status, stderr text)] in their
    order, status None for one stopped at `timeout` seconds. Their stderr goes
    through files, not pipes: a command may leave a process holding it (ssh's
    ControlMaster stays in the background). Whatever still runs when this
    returns or is interrupted is stopped: SIGTERM first, so that a referee
    stops its bots, then SIGKILL."""
    running = []
    try:
        for cmd in commands:
            err = tempfile.TemporaryFile()
            running.append((subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err),
                            err))
        deadline = None if timeout is None else time.time() + timeout
        results = []
        for proc, err in running:
            try:
                status = proc.wait(timeout=None if deadline is None else max(0.0, deadline - time.time()))
            except subprocess.TimeoutExpired:
                status = None
            err.seek(0)
            results.append((status, err.read().decode(errors="replace")))
        return results
    finally:
        for proc, err in running:
            stop(proc)
            err.close()


def stop(proc):
    """SIGTERM, then SIGKILL if it still runs 20 s later."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
