"""A record is written whole or not at all (issue 18, item 2): whist.records.write_atomically.

A full disk midway leaves the old file as it was and no temporary file behind;
permissions and symbolic links are kept; a path that is no regular file is
written to directly, never replaced (the real full-disk runs, on a tiny tmpfs,
are in test_terminal_robust.py).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from whist.games import new_game
from whist.records import replay, save_record, write_atomically


def test_a_write_that_fails_midway_leaves_the_old_file_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("old record", encoding="utf-8")
    real_write = os.write
    calls = []

    def half_then_full(descriptor: int, data: bytes | memoryview) -> int:
        # The first call writes part of the text, the next finds the disk full.
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(descriptor, bytes(data[:len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("whist.records.os.write", half_then_full)
    with pytest.raises(OSError, match="No space left on device"):
        save_record(new_game("diminishing-whist", None, seed=3), path)
    assert len(calls) == 2
    assert path.read_text(encoding="utf-8") == "old record"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_record_replaces_the_old_one_keeping_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    save_record(new_game("diminishing-whist", None, seed=3), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert replay(path).record()["hands"][0]["actions"] == []
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_new_record_gets_the_permissions_of_any_new_file(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_atomically(tmp_path / "new.json", "{}")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644  # not mkstemp's 0o600


def test_a_symbolic_link_keeps_pointing_at_the_record(tmp_path: Path) -> None:
    (tmp_path / "records").mkdir()
    real = tmp_path / "records" / "game.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(Path("records") / "game.json")
    write_atomically(link, '{"new": true}')
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8")) == {"new": True}


def test_a_fifo_is_written_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as nobody:  # nobody reads it: refused at once, no wait
        write_atomically(fifo, "x")
    assert nobody.value.errno == errno.ENXIO
    got: list[bytes] = []
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    # A writer of the test's own, so the reader waits for data instead of seeing the end.
    keeper = os.open(fifo, os.O_WRONLY)
    os.set_blocking(reader, True)
    text = "y" * 200_000  # more than a pipe holds: written whole all the same

    def read_all() -> None:
        while sum(map(len, got)) < len(text):
            got.append(os.read(reader, 65536))

    thread = threading.Thread(target=read_all)
    thread.start()
    write_atomically(fifo, text)
    thread.join(timeout=30)
    os.close(keeper)
    os.close(reader)
    assert b"".join(got).decode() == text and stat.S_ISFIFO(fifo.stat().st_mode)


def test_dev_stdout_into_a_pipe_is_written_to() -> None:
    # Its link leads to no file when standard output is a pipe: written by its own name.
    done = subprocess.run([sys.executable, "-c", "from whist.records import write_atomically; "
                           "write_atomically('/dev/stdout', 'the record')"],
                          cwd=Path(__file__).resolve().parent.parent, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "the record", "")
