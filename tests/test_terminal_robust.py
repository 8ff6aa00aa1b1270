"""The terminal never loses a game: Ctrl-C, end of input, closed input, stray lines, failed writes.

Ctrl-C and closed input are tried on the real program (``python -m whist play``)
under a pseudo-terminal or with its standard input closed; the rest in-process.
Every way out must leave a record that replays, say where it is, and end with the
documented exit status.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from whist.records import replay
from whist_app.terminal import main

REPO = Path(__file__).resolve().parent.parent
PLAY = [sys.executable, "-m", "whist", "play", "dw", "--seed", "3"]
HUMAN_FIRST = ["--seats", "human,random,random,random"]


def actions_in(path: Path) -> list[str]:
    """Every action of a record, after checking that it replays to the same record."""
    state = replay(path)
    hands = state.record()["hands"]
    return [action for hand in hands for action in hand["actions"]]


def computer_moves(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("   seat ") and " → " in line)


def _ctrl_c_live() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``python -m whist play`` with a pseudo-terminal as its input and output (stderr apart)."""

    def __init__(self, args: list[str], preexec: Callable[[], None] | None = None) -> None:
        master, slave = pty.openpty()
        # As a program started at a terminal: Ctrl-C live even when these tests run as a
        # background job of a shell without job control, which starts with SIGINT ignored
        # (and the program, rightly, leaves an ignored SIGINT ignored).
        self.proc = subprocess.Popen([*PLAY, *args], stdin=slave, stdout=slave,
                                     stderr=subprocess.PIPE, cwd=REPO,
                                     preexec_fn=preexec or _ctrl_c_live)
        os.close(slave)
        self.master = master
        self.seen = b""

    def _read(self, timeout: float) -> bool | None:
        """Read what is there within ``timeout``: True if something, None if nothing came,
        False once the program has closed its side (EIO on Linux)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        self.seen += chunk
        return bool(chunk)

    def wait_for(self, text: str, timeout: float = 30.0) -> None:
        """Read the screen until ``text`` has appeared."""
        deadline = time.monotonic() + timeout
        while text.encode() not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0 and self._read(left) is not False, \
                f"no {text!r} in: {self.output[-1500:]}"

    def type(self, line: bytes) -> None:
        """Type ``line`` and Enter."""
        os.write(self.master, line + b"\n")

    @property
    def output(self) -> str:
        return self.seen.decode("utf-8", errors="replace")

    def finish(self, timeout: float = 30.0) -> tuple[int, str]:
        """Wait for the program to end; its exit status and standard error."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self._read(0.05)
            if got is False or (got is None and self.proc.poll() is not None):
                break
        os.close(self.master)
        status = self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        assert self.proc.stderr is not None
        return status, self.proc.stderr.read().decode("utf-8", errors="replace")


def test_ctrl_c_at_the_prompt_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal([*HUMAN_FIRST, "--record", str(path)])
    terminal.wait_for("seat 0, bid:")
    # Stray lines on a real terminal first: Unicode digits, bytes that are no UTF-8.
    terminal.type("²".encode())
    terminal.wait_for("not allowed: '²'")
    terminal.type(b"\xff\xfe")
    terminal.wait_for("not allowed: '\ufffd")
    terminal.type(b"1")
    terminal.wait_for("seat 0, play a card:")
    terminal.proc.send_signal(signal.SIGINT)
    status, err = terminal.finish()
    assert status == 130, (status, err, terminal.output[-1500:])
    assert "Traceback" not in err + terminal.output
    assert "interrupted" in err and f"the game so far is saved to {path}" in err
    actions = actions_in(path)
    assert actions[0] == "0" and len(actions) == 1 + computer_moves(terminal.output)


def test_ctrl_c_while_an_engine_thinks_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal(["--seats", "human,tests.plugins.misbehaving:SleepsLong,random,random",
                         "--record", str(path)])
    terminal.wait_for("seat 0, bid:")
    terminal.type(b"1")
    terminal.wait_for("1\r\n")  # the echo: seat 1 now thinks for half a minute
    time.sleep(0.3)
    start = time.monotonic()
    terminal.proc.send_signal(signal.SIGINT)
    status, err = terminal.finish()
    assert status == 130, (status, err)
    assert time.monotonic() - start < 10  # not held up by the engine still sleeping
    assert f"the game so far is saved to {path}" in err and "Traceback" not in err
    assert actions_in(path) == ["0"]


def replays(path: Path) -> tuple[int, str]:
    """``python -m whist replay`` of a record: its status and output (3: a game in progress)."""
    done = subprocess.run([sys.executable, "-m", "whist", "replay", str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.stderr == "", done.stderr
    return done.returncode, done.stdout


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_or_sighup_at_the_prompt_saves_the_game(signum: int, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal([*HUMAN_FIRST, "--record", str(path)])
    terminal.wait_for("seat 0, bid:")
    terminal.type(b"1")
    terminal.wait_for("seat 0, play a card:")
    terminal.proc.send_signal(signum)
    status, err = terminal.finish()
    name = signal.Signals(signum).name
    assert status == 128 + signum, (status, err, terminal.output[-1500:])
    assert err == f"stopped by {name}\nthe game so far is saved to {path}\n"
    assert "Traceback" not in terminal.output
    actions = actions_in(path)
    assert actions[0] == "0" and len(actions) == 1 + computer_moves(terminal.output)
    assert replays(path)[0] == 3


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is its input (the pty),
    so that closing the terminal hangs it up as closing a terminal window does."""
    _ctrl_c_live()
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def test_closing_the_terminal_saves_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal([*HUMAN_FIRST, "--record", str(path)], preexec=_own_terminal)
    terminal.wait_for("seat 0, bid:")
    terminal.type(b"1")
    terminal.wait_for("seat 0, play a card:")
    os.close(terminal.master)  # the kernel sends SIGHUP; reading and writing now fail
    status = terminal.proc.wait(timeout=30)
    assert terminal.proc.stderr is not None
    said = terminal.proc.stderr.read().decode().splitlines()
    assert status == 129, (status, said)
    # The failed read may be seen before the signal: the status says SIGHUP either way.
    assert said in (["stopped by SIGHUP", f"the game so far is saved to {path}"],
                    ["end of input: saving the game", f"the game so far is saved to {path}"])
    assert actions_in(path)[0] == "0" and replays(path)[0] == 3


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_while_a_computer_seat_thinks_saves_the_game(signum: int,
                                                                   tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal(["--seats", "human,tests.plugins.misbehaving:Announces,random,random",
                         "--record", str(path)])
    terminal.wait_for("seat 0, bid:")
    terminal.type(b"1")
    terminal.wait_for("(the plug-in thinks)")  # seat 1 now thinks for half a minute
    start = time.monotonic()
    terminal.proc.send_signal(signum)
    status, err = terminal.finish()
    assert status == 128 + signum, (status, err)
    # Not held up by the engine still thinking (for half a minute); generous for a busy machine.
    assert time.monotonic() - start < 20
    assert err.endswith(f"\nthe game so far is saved to {path}\n") and "Traceback" not in err
    assert actions_in(path) == ["0"] and replays(path)[0] == 3


#: Modules loaded one after another when the program starts (its first 0.1-0.3 s):
#: Ctrl-C is sent as soon as each has been imported, so it lands while others load.
LOADING = ["whist.cards", "whist.protocol", "whist.records", "whist_app.cli", "engines.levels",
           "whist.games.classic", "whist_app.table"]


@pytest.mark.parametrize("module", LOADING)
def test_ctrl_c_while_the_program_starts_is_one_line_and_exit_130(module: str,
                                                                  tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # -X importtime: the program says on standard error as each module has loaded.
    proc = subprocess.Popen([sys.executable, "-X", "importtime", *PLAY[1:], *HUMAN_FIRST,
                             "--record", str(path)], cwd=REPO, stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=_ctrl_c_live)
    assert proc.stderr is not None and proc.stdin is not None
    # Read straight from the pipe (no buffer that could keep back what comes after).
    pipe = proc.stderr.fileno()
    deadline = time.monotonic() + 60

    def more() -> bytes:
        ready, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no end of output within a minute: {seen.decode()[-1000:]}"
        return os.read(pipe, 65536)

    seen = b""
    while not any(line.rsplit(b"|", 1)[-1].strip() == module.encode()
                  for line in seen.splitlines()):
        chunk = more()
        assert chunk, f"{module} was never imported: {seen.decode()[-1000:]}"
        seen += chunk
    proc.send_signal(signal.SIGINT)
    try:
        while chunk := more():
            seen += chunk
    finally:
        proc.stdin.close()
        if proc.poll() is None:  # only if the test failed: leave nothing running
            proc.kill()
    proc.wait(timeout=30)
    err = seen.decode()
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    assert "Traceback" not in err
    assert proc.returncode == 130, (proc.returncode, said)
    if path.exists():  # it got as far as the first deal after all: the game is saved
        assert said == ["interrupted", f"the game so far is saved to {path}"]
    else:
        assert len(said) == 1 and said[0].startswith("interrupted"), said


# ----------------------------------------------------------------- a full disk
#: Runs its arguments in a mount namespace of its own: the tiny file systems mounted
#: there vanish with it, so no test leaves a mount behind, whatever happens.
NAMESPACE = ["unshare", "--mount", "--propagation", "private", "sh", "-c"]
#: A whole game by the computer: its record (about 20 KB) cannot fit in one page.
COMPUTER_GAME = [*PLAY, "--seats", "random,random,random,random"]


def in_a_namespace(script: str, *args: str) -> list[str]:
    """Run a shell ``script`` in a mount namespace of its own; its output lines.

    Skipped where a mount namespace cannot be had (not root, or a container without
    the right to mount): a full disk needs a small file system of its own.
    """
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("a full disk is simulated with a tiny tmpfs: needs root and unshare")
    done = subprocess.run([*NAMESPACE, script, "sh", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    if "mounted" not in done.stdout.splitlines()[:1]:
        pytest.skip(f"no mount namespace here: {done.stderr.strip()[:200]}")
    return done.stdout.splitlines()[1:] + ["stderr: " + line for line in done.stderr.splitlines()]


def test_a_full_disk_leaves_the_old_record_whole_and_saves_to_the_temp_folder(
        tmp_path: Path) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    full = tmp_path / "full"
    full.mkdir()
    lines = in_a_namespace("""
        mount -t tmpfs -o size=16k tmpfs "$1" && echo mounted || exit
        printf old > "$1/game.json"
        head -c 8192 /dev/zero > "$1/fill"  # one page (4,096 bytes) left: less than a record
        TMPDIR="$2" "$3" -m whist play dw --seed 3 --seats random,random,random,random \
            --record "$1/game.json" < /dev/null > /dev/null
        echo "status $?"
        echo "files $(ls -A "$1" | tr '\n' ' ')"
        echo "record $(cat "$1/game.json")"
        """, str(full), str(temp), sys.executable)
    [saved] = list(temp.iterdir())
    assert lines == ["status 0", "files fill game.json ", "record old",
                     f"stderr: could not write the record to {full}/game.json: No space left "
                     f"on device; saved it to {saved} instead"], lines
    assert replays(saved)[0] == 0  # the whole game, finished


def test_nothing_writable_anywhere_prints_the_record(tmp_path: Path) -> None:
    full = tmp_path / "full"
    full.mkdir()
    lines = in_a_namespace("""
        mount -t tmpfs -o size=16k tmpfs "$1" && echo mounted || exit
        cd "$1" && head -c 1M /dev/zero > fill 2> /dev/null
        # Every temp folder Python would try, read-only: not hidden (this checkout and its
        # Python may live under /tmp), and the full folder mounted inside stays as it is.
        for folder in /tmp /var/tmp; do
            mount --rbind "$folder" "$folder" && mount -o remount,ro,bind "$folder" || exit
        done
        unset TMPDIR TEMP TMP
        # Named from the working folder.
        "$2" -m whist play dw --seed 3 --seats random,random,random,random \
            --record game.json < /dev/null > /dev/null
        echo "status $?"
        echo "files $(ls -A | tr '\n' ' ')"
        """, str(full), sys.executable)
    assert lines[:3] == ["status 1", "files fill ",
                         "stderr: could not write the record to game.json: No space left on "
                         "device, nor anywhere else; the record follows on standard error"], \
        lines
    assert len(lines) == 4 and "Traceback" not in lines[3]
    assert replay(json.loads(lines[3].removeprefix("stderr: "))).over


def test_a_record_name_in_bytes_that_are_no_utf8_is_saved_and_shown(tmp_path: Path) -> None:
    # Found by the long fuzz run: such a name arrives with a lone surrogate, which an
    # output that encodes strictly cannot print (a traceback, after the game was saved).
    path = os.fsencode(tmp_path) + b"/\xff.json"
    done = subprocess.run([*PLAY, *HUMAN_FIRST, "--record", path], cwd=REPO,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().endswith(f"record saved to {tmp_path}/\\udcff.json\n")
    assert actions_in(Path(os.fsdecode(path))) == []


def test_end_of_input_saves_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = subprocess.run([*PLAY, *HUMAN_FIRST, "--record", str(path)], cwd=REPO,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "end of input: saving the game\n"
    assert f"record saved to {path}" in done.stdout
    assert actions_in(path) == []


def test_a_closed_standard_input_saves_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    shell = shutil.which("sh")
    assert shell is not None
    # <&- closes descriptor 0 before Python starts: sys.stdin is then None.
    done = subprocess.run([shell, "-c", 'exec "$0" "$@" <&-', *PLAY, *HUMAN_FIRST,
                           "--record", str(path)], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "standard input is closed: saving the game\n"
    assert f"record saved to {path}" in done.stdout
    assert actions_in(path) == []


def play(args: list[str], stdin: io.StringIO, tmp_path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["dw", "--seed", "3", *HUMAN_FIRST, *args], stdin=stdin, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_stray_lines_are_not_allowed_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    lines = ["²", "9" * 5000, "1 ²", "٣", "x" * 300, "1", "q"]
    status, out, err = play(["--record", str(path)], io.StringIO("\n".join(lines) + "\n"),
                            tmp_path)
    assert status == 0 and err == "", err
    refusals = [line for line in out.splitlines() if "not allowed" in line]
    assert len(refusals) == 5, refusals
    assert all(len(line) < 200 for line in refusals)
    assert "that line is too long" in refusals[1] and "that line is too long" in refusals[4]
    actions = actions_in(path)
    assert actions[0] == "0" and len(actions) == 1 + computer_moves(out)


def test_an_unwritable_record_path_is_refused_before_the_first_deal(tmp_path: Path) -> None:
    for path in (tmp_path / "no such folder" / "game.json", tmp_path):
        status, out, err = play(["--record", str(path)], io.StringIO("1\n"), tmp_path)
        assert status == 2 and out == ""
        assert err.startswith(f"error: cannot write the record to {str(path)!r}: ")
        assert len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_an_existing_record_is_not_touched_by_the_check(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    status, out, err = play(["--record", str(path)], io.StringIO("q\n"), tmp_path)
    assert status == 0 and actions_in(path) == []


class RemovesTheFolder(io.StringIO):
    """Input that, before its first line, takes away the folder the record was to go to."""

    def __init__(self, folder: Path, text: str) -> None:
        super().__init__(text)
        self.folder = folder

    def readline(self, size: int | None = -1) -> str:
        shutil.rmtree(self.folder, ignore_errors=True)
        return super().readline(size)


def test_a_record_that_cannot_be_written_at_the_end_goes_to_a_fallback_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    fallback_folder = tmp_path / "temp"
    fallback_folder.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(fallback_folder))
    status, out, err = play(["--record", str(folder / "game.json")],
                            RemovesTheFolder(folder, "1\nq\n"), tmp_path)
    assert status == 0
    saved = list(fallback_folder.iterdir())
    assert len(saved) == 1 and saved[0].name.startswith("diminishing-whist-")
    assert f"could not write the record to {folder / 'game.json'}" in err
    assert f"saved it to {saved[0]} instead" in err
    assert f"record saved to {saved[0]}" in out
    assert actions_in(saved[0])[0] == "0"


def test_a_record_that_can_be_written_nowhere_is_printed_on_standard_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "no temp folder"))
    monkeypatch.chdir(folder)  # removed with it: no working folder to fall back on either
    status, out, err = play(["--record", str(folder / "game.json")],
                            RemovesTheFolder(folder, "1\nq\n"), tmp_path)
    assert status == 1
    first, record = err.splitlines()
    assert first.startswith(f"could not write the record to {folder / 'game.json'}: ")
    assert first.endswith("nor anywhere else; the record follows on standard error")
    assert replay(json.loads(record)).record()["hands"][0]["actions"][0] == "0"


def test_a_huge_seed_gets_a_short_default_file_name(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    status = main(["dw", "--seed", "7" * 4000], stdin=io.StringIO("q\n"), stdout=out, stderr=err)
    assert status == 0, err.getvalue()
    [saved] = list(tmp_path.iterdir())
    assert saved.name.startswith("diminishing-whist-seed-") and len(saved.name) < 60
    assert f"record saved to {saved.name}" in out.getvalue()
    assert actions_in(saved) == []


@pytest.mark.parametrize("argv, message", [
    (["dw", "--players", "x"], "argument --players: invalid int value: 'x'"),
    (["dw", "--option", "junk"], "options are written name=value, not 'junk'"),
    (["chess"], "unknown game 'chess'"),
    (["dw", "--seed", "²"], "argument --seed: invalid int value"),
    (["dw", "--seed", "9" * 5000], "argument --seed: invalid int value"),
    (["dw", "--option", "players=" + "9" * 5000], "option 'players'"),
    (["dw", "--option", "players=" + "[" * 100_000], "option 'players'"),
    (["dw", "--engine-timeout", "nan"], "argument --engine-timeout: must be a finite number"),
    (["dw", "--engine-timeout", "-1"], "argument --engine-timeout: must be a finite number"),
    (["dw", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_a_bad_command_line_is_one_line_and_exit_2(argv: list[str], message: str,
                                                   tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, "--record", str(tmp_path / "g.json")], stdin=io.StringIO(""),
                  stdout=out, stderr=err)
    assert status == 2 and out.getvalue() == ""
    assert message in err.getvalue() and len(err.getvalue().splitlines()) == 1, err.getvalue()
    assert len(err.getvalue()) <= 301
