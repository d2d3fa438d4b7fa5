"""The session's work dir: what goes to every host (the job script, the
files bots need or the source to build) under the same absolute path there
as here, and how bot commands name those files on the hosts."""
import gzip
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile

from .job_script import JOB_SCRIPT, job_script


class WorkDir:
    """A temporary dir here, sent to the hosts as parallel's --basefile list.
    The same absolute path on every host lets ':' (this machine, where
    parallel sends nothing) run in it too."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="kd-arena-")
        self.basefiles = [JOB_SCRIPT]
        self.renames = {}  # a sent file's path here -> its name in the work dir

    def send_source(self, repo, cache, command, log):
        """The source of `repo` goes along, built once per host and version in cache/HASH."""
        data, digest = source_tarball(repo)
        with open(os.path.join(self.path, "src-%s.tar.gz" % digest), "wb") as f:
            f.write(data)
        self.basefiles.append("src-%s.tar.gz" % digest)
        script = job_script((cache, digest, command))
        log("hosts: source %s (%d KB), built once per host in %s/%s" % (digest, len(data) // 1024, cache, digest))
        self._write_job_script(script)

    def send_files(self, paths):
        """These files go along; the jobs run the referee and bots from the work dir."""
        self.basefiles += [self._stage(path) for path in paths]
        self._write_job_script(job_script())

    def _write_job_script(self, script):
        with open(os.path.join(self.path, JOB_SCRIPT), "w") as f:
            f.write(script)

    def _stage(self, path):
        """Copies a file to send into the work dir; returns its name there.
        A relative path below this directory keeps its name (build/bot stays
        build/bot); any other goes under ext/N/ and commands are rewritten."""
        norm = os.path.normpath(path)
        if os.path.isabs(norm) or norm.startswith(".."):
            name = os.path.join("ext", str(sum(n.startswith("ext/") for n in self.renames.values())),
                                os.path.basename(norm))
        else:
            name = norm
        target = os.path.join(self.path, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(path, target)
        self.renames[path] = name
        return name

    def rewrite(self, word):
        """A command word as the hosts must see it (a sent file under its name in the work dir)."""
        return self.renames.get(word, word)

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


def source_tarball(repo):
    """The source in `repo` as it is in the working tree (the files git
    tracks, and new ones it does not ignore) in a tar.gz that depends only on
    their content (sorted, no times, no owners), and the first 16 hex digits
    of its SHA-256."""
    names = subprocess.run(["git", "-C", repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           check=True, capture_output=True).stdout
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(set(n for n in names.decode().split("\0") if n)):
            path = os.path.join(repo, name)
            if not os.path.isfile(path):
                continue  # deleted in the working tree
            info = tar.gettarinfo(path, arcname=name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with open(path, "rb") as f:
                tar.addfile(info, f)
    data = gzip.compress(raw.getvalue(), mtime=0)
    return data, hashlib.sha256(data).hexdigest()[:16]
