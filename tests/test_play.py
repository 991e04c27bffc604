"""`britishway play`: terminal play that never loses a game.

Autosave after every decision (atomic), save on quit, end of input and
Ctrl-C, resume with --load; a save file is checked completely before its
actions are replayed from its seed.
"""

import json
import os
import pathlib
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from britishway_env import Game
from britishway_env import io as atomic_io
from britishway_env import play as P
from britishway_env.cli import app
from britishway_env.session import PlaySession

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in an empty folder: the default save folder is ./saves."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _saved(path: Path) -> dict:
    return json.loads(path.read_text())


def _no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# ------------------------------------------------------------ a person at the keyboard --

def _sigint_as_in_a_terminal() -> None:
    """The child gets Ctrl-C as a person's terminal gives it: not ignored, not
    blocked, whatever the test process inherited or set up (fork keeps both)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Terminal:
    """A `britishway play` process driven through pipes, read as it prints."""

    def __init__(self, args: list[str], cwd: Path):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen([sys.executable, "-m", "britishway_env.cli", "play", *args], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     preexec_fn=_sigint_as_in_a_terminal)
        self.out = b""
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while chunk := self.proc.stdout.read1(65536):
            with self.changed:
                self.out += chunk
                self.changed.notify_all()

    def wait_for_prompt(self, n: int) -> None:
        """Block until the n-th 'choice> ' prompt has been printed (a hang guard, not a timing check)."""
        with self.changed:
            ok = self.changed.wait_for(lambda: self.out.count(b"choice> ") >= n or self.proc.poll() is not None,
                                       timeout=600)
        assert ok and self.out.count(b"choice> ") >= n, self.out.decode()[-2000:]

    def wait_reading_stdin(self) -> None:
        """Block until the child's main thread sits in read() on its stdin.

        Python runs a signal handler between bytecodes: a Ctrl-C that lands after
        the prompt is written but before read() starts is acted on only after the
        next line arrives. A person cannot type that fast; a test can, so it waits
        for the read (a hang guard, not a timing check)."""
        read_syscalls = {"x86_64": "0", "aarch64": "63"}.get(os.uname().machine)
        syscall = Path(f"/proc/{self.proc.pid}/syscall")
        for _ in range(60000):
            try:
                fields = syscall.read_text().split()
            except OSError:                     # no /proc/PID/syscall here: give the child a moment
                threading.Event().wait(1.0)
                return
            if read_syscalls is None or fields[:2] == [read_syscalls, "0x0"]:
                return
            threading.Event().wait(0.01)
        raise AssertionError(f"play never blocked reading its input: {syscall.read_text()}")

    def type(self, line: str) -> None:
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def finish(self) -> tuple[int, str]:
        try:
            rc = self.proc.wait(timeout=300)
        except subprocess.TimeoutExpired:       # a hang guard: say what the process was doing
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
            self.proc.kill()
            signals = [line for line in status.splitlines() if line.startswith(("SigBlk", "SigIgn", "SigCgt", "State"))]
            raise AssertionError(f"play did not exit: {signals}\n{self.out.decode()[-2000:]}") from None
        self.proc.stdout.close()
        return rc, self.out.decode()


def test_ctrl_c_saves_and_load_resumes_to_the_end(tmp_path):
    """Play five decisions, press Ctrl-C at the sixth prompt: the autosave holds
    the five; --load replays them and the game is played to its end."""
    term = _Terminal(["solo1948", "--seed", "5"], cwd=tmp_path)
    save = tmp_path / "saves" / "solo1948-5.json"
    for k in range(1, 6):
        term.wait_for_prompt(k)
        if k == 1:
            assert "Autosaving to saves/solo1948-5.json" in term.out.decode()
            assert save.is_file() and _saved(save)["actions"] == []
        term.type("1")
    term.wait_for_prompt(6)
    assert len(_saved(save)["actions"]) == 5          # saved after every decision, before Ctrl-C
    term.wait_reading_stdin()
    term.proc.send_signal(signal.SIGINT)
    rc, out = term.finish()
    assert rc == 130, out
    assert "Traceback" not in out
    assert ("Interrupted. Game saved to saves/solo1948-5.json after 5 decisions; "
            "resume with: britishway play --load saves/solo1948-5.json") in out
    d = _saved(save)
    assert d["volume"] == "solo1948" and d["seed"] == 5 and len(d["actions"]) == 5
    assert d["snapshot"] == Game.replay("solo1948", 5, d["actions"]).to_dict()
    assert _no_temp_files(save.parent)

    res = subprocess.run([sys.executable, "-m", "britishway_env.cli", "play", "--load", "saves/solo1948-5.json"],
                         cwd=tmp_path, input=b"1\n" * 500, capture_output=True, timeout=600,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    out = res.stdout.decode()
    assert res.returncode == 0, out + res.stderr.decode()
    assert "Resumed the solo1948 game from saves/solo1948-5.json after 5 decisions." in out
    assert "Result:" in out and "The finished game is saved in saves/solo1948-5.json." in out
    d2 = _saved(save)
    assert d2["actions"][:5] == d["actions"] and len(d2["actions"]) > 5
    assert Game.replay("solo1948", 5, d2["actions"]).is_terminal()


# ----------------------------------------------------------------- in-process sessions --

def test_scripted_session_to_the_end_is_saved(in_tmp):
    save = in_tmp / "game.json"
    answers = "\n".join(["x", "99"] + ["1"] * 400) + "\n"
    res = runner.invoke(app, ["play", "solo1948", "--seed", "5", "--save", str(save)], input=answers)
    assert res.exit_code == 0, res.output
    assert "no choice starts with 'x'" in res.output and "there is no choice 99: type a number from 1 to" in res.output
    assert "Deploy" in res.output and "Northern Front (Galilee)" in res.output
    assert "Result:" in res.output and f"The finished game is saved in {save}." in res.output
    saved = _saved(save)
    replayed = Game.replay("solo1948", saved["seed"], saved["actions"])
    assert replayed.is_terminal() and saved["snapshot"] == replayed.to_dict()
    # Loading a finished game shows the result; nothing is asked.
    res = runner.invoke(app, ["play", "--load", str(save)], input="")
    assert res.exit_code == 0 and "Result:" in res.output and "choice>" not in res.output


def test_quit_saves_by_default_under_saves_and_never_overwrites(in_tmp):
    res = runner.invoke(app, ["play", "solo1948", "--seed", "1"], input="1\nq\n")
    assert res.exit_code == 0, res.output
    first = in_tmp / "saves" / "solo1948-1.json"
    assert "Autosaving to saves/solo1948-1.json" in res.output
    assert "Quit. Game saved to saves/solo1948-1.json after 1 decisions" in res.output
    assert len(_saved(first)["actions"]) == 1
    # A second game on the same seed gets its own file; the first is kept.
    res = runner.invoke(app, ["play", "solo1948", "--seed", "1"], input="")
    assert res.exit_code == 0, res.output
    assert "End of input. Game saved to saves/solo1948-1-2.json after 0 decisions" in res.output
    assert len(_saved(first)["actions"]) == 1 and _saved(in_tmp / "saves" / "solo1948-1-2.json")["actions"] == []


def test_palestine_hot_seat_quit_and_resume(in_tmp):
    """Palestine with --as all: one person plays both seats; each prompt names
    the seat; the board has a legend."""
    save = in_tmp / "p.json"
    res = runner.invoke(app, ["play", "palestine", "--as", "all", "--seed", "3", "--save", str(save)],
                        input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    assert "Irgun, choice>" in res.output and "Legend: Troops and Police are British cubes" in res.output
    assert _saved(save)["human"] == ["british", "irgun"] and _saved(save)["bot"] is None
    first = _saved(save)["actions"]
    assert len(first) == 2
    res = runner.invoke(app, ["play", "palestine", "--load", str(save)], input="1\n")
    assert res.exit_code == 0, res.output
    assert "after 2 decisions" in res.output and "End of input. Game saved" in res.output
    again = _saved(save)
    assert again["actions"][:2] == first and len(again["actions"]) == 3
    assert again["snapshot"] == Game.replay("palestine", 3, again["actions"]).to_dict()


def test_keyboard_interrupt_keeps_the_last_consistent_save(tmp_path):
    """Ctrl-C while a decision is being applied: the save is the game before it."""
    save = tmp_path / "s.json"
    session = PlaySession("solo1948", seed=2)
    game = session.game
    answers = iter(["1", "1"])
    applied = []
    real_apply = game.apply

    def apply_then_interrupt(a):
        real_apply(a)
        applied.append(a)
        if len(applied) == 2:
            raise KeyboardInterrupt          # after the state moved, before the autosave

    game.apply = apply_then_interrupt
    lines = []
    status = P.play_in_terminal(session, input_fn=lambda _: next(answers), print_fn=lambda *a: lines.append(a),
                                save=save)
    assert status == P.INTERRUPTED
    d = _saved(save)
    assert d["actions"] == applied[:1]
    assert d["snapshot"] == Game.replay("solo1948", 2, applied[:1]).to_dict()


def test_an_interrupted_write_leaves_the_previous_save(tmp_path, monkeypatch):
    save = tmp_path / "s.json"
    P.write_save(save, {"volume": "solo1948", "seed": 1, "actions": []})
    before = save.read_bytes()

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic_io.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        P.write_save(save, {"volume": "solo1948", "seed": 1, "actions": [3]})
    assert save.read_bytes() == before and _no_temp_files(tmp_path)


# ------------------------------------------------------------------------- bad input --

def _fails(args, *fragments, input=""):
    res = runner.invoke(app, args, input=input)
    assert res.exit_code == 2, res.output
    assert isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output, res.output
    assert len([ln for ln in res.output.splitlines() if ln.startswith("error:")]) == 1, res.output
    flat = "".join(res.output.split())          # whitespace ignored: a console may wrap a long line
    for f in fragments:
        assert "".join(f.split()) in flat, res.output
    return res.output


def test_seed_and_load_together_is_an_error(in_tmp):
    save = in_tmp / "g.json"
    P.write_save(save, PlaySession("solo1948", seed=4).save_payload())
    _fails(["play", "--load", str(save), "--seed", "4"], "--seed and --load cannot be used together")


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_seed_out_of_range_is_an_error(in_tmp, seed):
    _fails(["play", "solo1948", "--seed", seed], "--seed must be an integer in 0..2**63-1")
    assert not (in_tmp / "saves").exists()


def test_existing_save_is_not_overwritten_by_a_new_game(in_tmp):
    save = in_tmp / "g.json"
    save.write_text("precious")
    _fails(["play", "solo1948", "--save", str(save)], "already exists", f"--load {save}")
    assert save.read_text() == "precious"


def test_unwritable_save_is_an_error_before_play(in_tmp):
    (in_tmp / "afile").write_text("")
    _fails(["play", "solo1948", "--save", str(in_tmp / "afile" / "g.json")], "cannot write the save file")


def test_volume_argument_must_match_the_save(in_tmp):
    save = in_tmp / "g.json"
    P.write_save(save, PlaySession("solo1948", seed=4).save_payload())
    _fails(["play", "palestine", "--load", str(save)], "holds a solo1948 game, not palestine")


def _good(**changes) -> str:
    d = {"volume": "solo1948", "seed": 5, "actions": Game.replay("solo1948", 5, []).legal_actions()[:1]}
    d.update(changes)
    return json.dumps(d)


def _illegal_now() -> int:
    g = Game("solo1948", seed=5)
    return next(a for a in range(g.N_ACTIONS) if a not in g.legal_actions())


def _finished_plus_one() -> str:
    g = Game("solo1948", seed=5)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    return json.dumps({"volume": "solo1948", "seed": 5, "actions": g.history + [g.history[-1]]})


BAD_SAVES = {
    "not json": ("hello", "not valid JSON"),
    "empty": ("", "not valid JSON"),
    "json list": ("[1, 2]", "must be a JSON object"),
    "missing actions": (json.dumps({"volume": "solo1948", "seed": 5}), "missing actions"),
    "unknown key": (_good(cheat=1), "unknown key(s) cheat"),
    "unknown volume": (_good(volume="kenya"), "unknown volume 'kenya'"),
    "volume not a string": (_good(volume=3), "unknown volume 3"),
    "seed bool": (_good(seed=True), "seed must be an integer in 0..2**63-1, got True"),
    "seed float": (_good(seed=5.0), "seed must be an integer in 0..2**63-1, got 5.0"),
    "seed string": (_good(seed="5"), "seed must be an integer in 0..2**63-1, got '5'"),
    "seed negative": (_good(seed=-1), "seed must be an integer in 0..2**63-1"),
    "seed 2**63": (_good(seed=2**63), "seed must be an integer in 0..2**63-1"),
    "seed NaN": ('{"volume": "solo1948", "seed": NaN, "actions": []}', "NaN is not a JSON number"),
    "seed huge": ('{"volume": "solo1948", "seed": ' + "9" * 5000 + ', "actions": []}', "not a valid save"),
    "actions not a list": (_good(actions="1,2"), "actions must be a list of integers"),
    "action float": (_good(actions=[1.0]), "actions[0] must be an integer, got 1.0"),
    "action bool": (_good(actions=[True]), "actions[0] must be an integer, got True"),
    "action string": (_good(actions=["1"]), "actions[0] must be an integer, got '1'"),
    "action out of space": (_good(actions=[10**6]), "actions[0] = 1000000 is outside the action space"),
    "action negative": (_good(actions=[-5]), "actions[0] = -5 is outside the action space"),
    "action illegal now": (_good(actions=[_illegal_now()]), "is not legal when replayed"),
    "action after the end": (_finished_plus_one(), "the game was already over"),
    "snapshot not an object": (_good(snapshot=[1]), "snapshot must be a JSON object"),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "not a valid save"),
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_bad_save_file_is_one_clear_error(in_tmp, name):
    content, fragment = BAD_SAVES[name]
    path = in_tmp / "bad.json"
    path.write_text(content)
    _fails(["play", "--load", str(path)], f"save file {path}", fragment)
    assert path.read_text() == content          # a rejected save is left as it was


def test_bad_save_files_not_text_missing_folder_or_too_big(in_tmp):
    _fails(["play", "--load", str(in_tmp / "none.json")], "no such file")
    _fails(["play", "--load", str(in_tmp)], "is a folder")
    (in_tmp / "bin.json").write_bytes(b"\xff\xfe\x00junk")
    _fails(["play", "--load", str(in_tmp / "bin.json")], "not UTF-8 text")
    big = in_tmp / "big.json"
    big.write_text(" " * (P.MAX_SAVE_BYTES + 1))
    _fails(["play", "--load", str(big)], "more than a save file can hold")


def test_a_tampered_snapshot_is_refused_by_play_load(in_tmp):
    s = PlaySession("solo1948", seed=5)
    s.play(s.choices()[0][0])
    d = json.loads(json.dumps(s.save_payload()))
    d["snapshot"]["seed"] = 6
    path = in_tmp / "tampered.json"
    path.write_text(json.dumps(d))
    _fails(["play", "--load", str(path)], f"save file {path}: snapshot disagrees with the game its 1 actions",
           "seed is 6 in the snapshot but 5")
    assert _saved(path) == d                        # a refused save is left as it was


def test_a_save_that_is_not_a_regular_file_is_refused_unread(in_tmp):
    fifo = in_tmp / "fifo.json"
    os.mkfifo(fifo)
    zero = in_tmp / "zero.json"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):       # the code as it was blocked on the pipe and read /dev/zero without end
        _fails(["play", "--load", str(path)], f"save file {path}: is not a regular file")
    link = in_tmp / "link.json"     # a symbolic link to a regular save file is followed
    (in_tmp / "real.json").write_text(json.dumps({"volume": "solo1948", "seed": 5, "actions": []}))
    link.symlink_to(in_tmp / "real.json")
    assert P.load_save(link).seed == 5


class _WritesAFile:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (pathlib.Path.touch, (pathlib.Path(self.marker),))


def test_a_pickle_is_never_unpickled(in_tmp):
    marker = in_tmp / "pwned"
    for proto in (0, 2, 5):
        path = in_tmp / f"game{proto}.json"
        path.write_bytes(pickle.dumps(_WritesAFile(marker), protocol=proto))
        _fails(["play", "--load", str(path)], f"save file {path}")
    assert not marker.exists()


# ------------------------------------------------------------------------- variants --

PW12 = 'volume = "palestine"\nname = "pw12"\n[setup]\npolitical_will = 12\n[restrict.irgun]\nboxes = ["event"]\n'


def test_play_a_variant_says_so_saves_it_and_load_plays_it_again(in_tmp):
    """--variant FILE (docs/variants.md): the game starts as the variant's, the
    screen names it with its changes, the save keeps it and --load restores it."""
    (in_tmp / "pw12.toml").write_text(PW12)
    save = in_tmp / "v.json"
    res = runner.invoke(app, ["play", "palestine", "--as", "irgun", "--seed", "3", "--variant", "pw12.toml",
                              "--save", str(save)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert 'Variant: pw12 (setup: {"political_will": 12}; restrict: {"irgun": {"boxes": ["event"]}})' in res.output
    assert "Political Will 12/20" in res.output
    d = _saved(save)
    assert d["variant"]["name"] == "pw12" and d["snapshot"]["variant"] == d["variant"] and len(d["actions"]) >= 1
    res = runner.invoke(app, ["play", "--load", str(save)], input="q\n")
    assert res.exit_code == 0, res.output
    assert "Variant: pw12 (" in res.output
    again = _saved(save)
    assert again["variant"] == d["variant"] and again["snapshot"] == d["snapshot"]


def test_a_bad_variant_file_or_variant_with_load_is_one_clear_error(in_tmp):
    (in_tmp / "cy.toml").write_text('volume = "cyprus"\nname = "c"\n')
    _fails(["play", "palestine", "--variant", "cy.toml"], "the file is for cyprus, not palestine")
    (in_tmp / "bad.toml").write_text('volume = "palestine"\nname = "b"\n[rules]\nnope = 1\n')
    _fails(["play", "palestine", "--variant", "bad.toml"], "bad.toml: rules.nope: not a rule parameter")
    _fails(["play", "palestine", "--variant", "missing.toml"], "missing.toml: no such file")
    assert not (in_tmp / "saves").exists()
    save = in_tmp / "g.json"
    P.write_save(save, PlaySession("solo1948", seed=4).save_payload())
    (in_tmp / "pw12.toml").write_text(PW12)
    _fails(["play", "--load", str(save), "--variant", "pw12.toml"], "--variant cannot be used with --load")
