"""One round of chunks played by one GNU parallel: its job lines go in, and
its events come out as they happen: a chunk's --json printed by a host, or
a job the joblog shows failed."""
import os
import queue
import signal
import subprocess
import threading
import time

from .job_script import chunk_of_job_line, read_result
from .sshlogins import host_name


class ParallelRound:
    """A running `parallel` and the threads that read it: its stdout (the
    results), its stderr (passed on to the log) and its joblog (failures)."""

    def __init__(self, command, cwd, joblog, job_lines, log):
        self.joblog, self.log = joblog, log
        if os.path.exists(joblog):
            os.remove(joblog)
        # All the round's jobs at once, stdin closed: parallel never waits on its input.
        self.proc = subprocess.Popen(command + ["--joblog", joblog], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, start_new_session=True)
        self.queue = queue.Queue()
        for target, args in ((self._feed, (job_lines,)), (self._read_results, ()), (self._read_errors, ()),
                             (self._read_joblog, ())):
            threading.Thread(target=target, args=args, daemon=True).start()

    def events(self):
        """("result" | "failed", chunk id, host, --json text | why) as they come, until parallel is done."""
        finished = 0
        while finished < 2:  # the results and the joblog both read to their end
            event = self.queue.get()
            if event[0] == "end":
                finished += 1
            else:
                yield event
        self.proc.wait()

    def kill(self):
        """Stops parallel and the jobs it runs, here and on the hosts."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def _feed(self, lines):
        try:
            self.proc.stdin.write(lines.encode())
            self.proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass  # parallel was stopped

    def _read_results(self):
        for raw in self.proc.stdout:
            line = raw.decode(errors="replace")
            result = read_result(line)
            if result:
                chunk, login, text = result
                self.queue.put(("result", chunk, host_name(login), text))
            elif line.strip():
                self.log("  | " + line.rstrip())
        self.queue.put(("end", None, None, None))

    def _read_errors(self):
        for raw in self.proc.stderr:
            if raw.strip():
                self.log("  | " + raw.decode(errors="replace").rstrip())

    def _read_joblog(self):
        """Follows the joblog for jobs that failed, until parallel has exited."""
        pos = 0
        while True:
            ended = self.proc.poll() is not None
            if os.path.exists(self.joblog):
                with open(self.joblog, "rb") as f:
                    f.seek(pos)
                    data = f.read()
                end = data.rfind(b"\n") + 1  # whole lines only: parallel may be writing the next
                pos += end
                for ln in data[:end].decode(errors="replace").splitlines():
                    self._joblog_line(ln)
            if ended:
                break
            time.sleep(0.1)
        self.queue.put(("end", None, None, None))

    def _joblog_line(self, line):
        """A failed job's line (Seq Host Starttime JobRuntime Send Receive Exitval Signal Command) as an event."""
        cols = line.split("\t")
        if len(cols) < 9 or cols[0] == "Seq" or (cols[6] == "0" and cols[7] == "0"):
            return
        chunk = chunk_of_job_line(cols[8])
        if chunk:
            why = "exit %s" % cols[6] + ("" if cols[7] == "0" else ", signal %s" % cols[7])
            self.queue.put(("failed", chunk, host_name(cols[1]), why))
