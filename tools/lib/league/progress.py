"""A league run's progress line: games written, games per second and the
leader; on a terminal rewritten in place after every game, elsewhere a
line every --progress seconds."""
import sys
import time


class Progress:
    def __init__(self, target, played, every):
        self.target, self.start_played, self.every = target, played, every
        self.start, self.last_note = time.time(), 0.0
        self.tty = sys.stderr.isatty()

    def game_written(self, played, leader):
        """After each game written; `leader` (a function: it reads the database) says who leads."""
        elapsed = time.time() - self.start
        if self.tty or elapsed - self.last_note >= self.every or played == self.target:
            self.last_note = elapsed
            line = "[%7.1fs] %d/%d games  %.2f games/s  %s" % (
                elapsed, played, self.target, (played - self.start_played) / max(elapsed, 1e-9), leader())
            print(("\r" + line + "\033[K") if self.tty else line, file=sys.stderr, end="" if self.tty else "\n",
                  flush=True)

    def end(self):
        """Ends the line rewritten in place, before the next message."""
        if self.tty:
            print(file=sys.stderr)
