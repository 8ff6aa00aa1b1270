"""Original-compatible Classic Whist: java.util.Random, properties files, the golden log."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from whist.javarandom import JavaRandom
from whist.records import replay
from whist_app.cli import main as cli_main
from whist_app.nerd import (
    NerdConfig,
    main,
    parse_config,
    read_properties,
    run,
)

REPO = Path(__file__).resolve().parent.parent
#: The original program's files, in the shared reference folder beside the checkout.
GOLDEN = REPO.parent / "shared" / "golden"
LEGAL = GOLDEN / "legal-30006.properties"


# -------------------------------------------------------- java.util.Random
def test_java_random_matches_java() -> None:
    # Values printed by a JDK: new Random(42).nextInt(10) x10, nextInt(), nextLong().
    rng = JavaRandom(42)
    assert [rng.next_int(10) for _ in range(10)] == [0, 3, 8, 4, 0, 5, 5, 8, 9, 3]
    assert JavaRandom(42).next_int() == -1170105035
    assert JavaRandom(0).next_int() == -1155484576
    assert JavaRandom(42).next_long() == -5025562857975149833
    assert JavaRandom(123456789012).next_int() == 59424925


def test_java_random_first_step_by_hand() -> None:
    # Scramble: (42 ^ 0x5DEECE66D) mod 2^48; one LCG step; the top 31 bits.
    state = (42 ^ 0x5DEECE66D) & (2**48 - 1)
    state = (state * 0x5DEECE66D + 0xB) % 2**48
    assert JavaRandom(42).next_bits(31) == state >> 17
    # nextInt(10) on that draw: no rejection, so the remainder.
    assert JavaRandom(42).next_int(10) == (state >> 17) % 10 == 0


def test_java_random_power_of_two_bound_takes_the_high_bits() -> None:
    rng = JavaRandom(42)
    assert [rng.next_int(16) for _ in range(6)] == [11, 0, 10, 0, 4, 15]  # from a JDK
    rng, raw = JavaRandom(42), JavaRandom(42)
    for _ in range(20):
        assert rng.next_int(16) == (16 * raw.next_bits(31)) >> 31


def test_java_random_rejection_loop() -> None:
    # 1.5 * 2^30 rejects about a quarter of the draws; the values below are from a JDK.
    rng = JavaRandom(30006)
    pairs = [(rng.next_int(1 << 30), rng.next_int(1610612736)) for _ in range(3)]
    assert pairs == [(886836800, 151568267), (828571836, 1468257894), (625328580, 1334285771)]
    rng = JavaRandom(-7)
    assert [rng.next_int(1000000007) for _ in range(3)] == [577934662, 935951290, 445645583]
    with pytest.raises(ValueError):
        JavaRandom(1).next_int(0)


def test_java_random_state_round_trips() -> None:
    rng = JavaRandom(5)
    rng.next_int(7)
    copy = JavaRandom(0)
    copy.setstate(rng.getstate())
    assert [copy.next_int(100) for _ in range(5)] == [rng.next_int(100) for _ in range(5)]
    rng.seed(42)
    assert rng.next_int() == -1170105035


# ----------------------------------------------------------- properties
def test_read_properties_like_java() -> None:
    text = ("# comment\n! also\n  Seed = 12\nNumCards:6\nWinningScore 7\n"
            "Npc1Filtering=No\\\n  Filtering\n\n")
    assert read_properties(text) == {"Seed": "12", "NumCards": "6", "WinningScore": "7",
                                     "Npc1Filtering": "NoFiltering"}


def test_config_of_the_shipped_legal_file() -> None:
    config = parse_config(read_properties(LEGAL.read_text()))
    assert config == NerdConfig(seed=30006, interactive=False, cards=6, winning_score=6,
                                enforce=False, npcs=["naive_legal+random",
                                                     "trump_saving+highest_rank",
                                                     "none+highest_rank"])
    smart = parse_config(read_properties((GOLDEN / "original-smart.properties").read_text()))
    assert smart.interactive and smart.npcs == ["none+smart", "none+random", "none+random"]


@pytest.mark.parametrize("change, message", [
    (("Npc2Filtering=TrumpSavingFiltering", "Npc2Filtering=CleverFiltering"), "unknown filter"),
    (("Npc3Selecting=HighestRankSelecting", "Npc3Selecting=Best"), "unknown selector"),
    (("Seed=30006", ""), "missing key Seed"),
    (("Npc1Selecting=RandomSelecting", ""), "missing key Npc1Selecting"),
    (("NumCards=6", "NumCards=six"), "NumCards must be a whole number"),
    (("EnforceRule=false", "EnforceRule=maybe"), "EnforceRule must be true or false"),
    (("NumCards=6", "NumCards=20"), "cannot each have 20 cards"),
    (("NumNpc=3", "NumNpc=0"), "NumNpc"),
])
def test_bad_properties_exit_2_with_a_clear_message(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    change: tuple[str, str], message: str) -> None:
    path = tmp_path / "bad.properties"
    text = LEGAL.read_text()
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1]))
    out = io.StringIO()
    assert main([str(path)], out=out) == 2
    assert message in capsys.readouterr().err
    assert out.getvalue() == ""


@pytest.mark.parametrize("data, message", [
    (b"Seed=30006\nNumCards=6\xff\n", "line 2 is not UTF-8 text (byte 0xff)"),
    ("# Hélène\nSeed=1\n".encode("latin-1"), "line 1 is not UTF-8"),
    (b"Seed=" + b"9" * 5000, "Seed must be a whole number of at most 19 digits"),
    ("Seed=²".encode(), "Seed must be a whole number"),
    (b"Seed=1_000", "Seed must be a whole number"),
    (b"Seed=1\nInteractive=" + b"x" * 20000, "(20000 characters)"),
    (b"#" * (2 * 1024 * 1024), "larger than 1024 KB"),
])
def test_hostile_properties_files_are_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, message: str) -> None:
    path = tmp_path / "hostile.properties"
    path.write_bytes(data)
    assert main([str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and len(err) < 300


def test_missing_file_and_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/nonexistent/x.properties"]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main([]) == 2
    assert main([str(LEGAL), "--seed", "x"]) == 2


def test_interactive_files_are_refused_with_the_play_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(GOLDEN / "original-smart.properties")]) == 2
    err = capsys.readouterr().err
    assert "python -m whist play classic-whist --seed 30006 --players 4 " \
           "--seats human,none+smart,none+random,none+random" in err
    assert "--auto-human" in err


# ------------------------------------------------------------ the golden log
def test_golden_log_byte_for_byte() -> None:
    result = subprocess.run([sys.executable, "-m", "whist", "nerd", str(LEGAL)], cwd=REPO,
                            capture_output=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (GOLDEN / "legal-30006.log").read_bytes()


def test_golden_log_through_the_cli_dispatch(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["nerd", str(LEGAL)]) == 0
    assert capsys.readouterr().out == (GOLDEN / "legal-30006.log").read_text()


def test_first_trick_and_redeal_of_the_legal_file(tmp_path: Path) -> None:
    # rules.md §5: trump ♥, seat 1 leads ♣A, seat 2 plays ♠K, seat 0 ♣J, seat 1 wins; seat 2
    # wins tricks 2-6; new deal with trump ♦; seat 2 wins its first trick with ♦A to reach 6.
    record_path = tmp_path / "legal.json"
    assert main([str(LEGAL), "--record", str(record_path)], out=io.StringIO()) == 0
    record = json.loads(record_path.read_text())
    first, second = record["hands"]
    assert first["trump"] == "♥" and first["leader"] == 1
    assert first["actions"][:3] == ["A♣", "K♠", "J♣"]
    assert len(first["actions"]) == 18
    assert second["trump"] == "♦" and "leader" not in second
    assert second["actions"] == ["A♦", "6♦", "J♦"]
    assert record["seats"] == ["naive_legal+random", "trump_saving+highest_rank",
                               "none+highest_rank"]
    state = replay(record)
    assert state.over and state.totals == [0, 1, 6] and state.hand_scores == [[0, 1, 5], [0, 0, 1]]


# --------------------------------------------------- other seeds and configs
def config_of(name: str) -> NerdConfig:
    """A shipped properties file's configuration."""
    return parse_config(read_properties((GOLDEN / name).read_text()))


@pytest.mark.parametrize("name", ["original-whist.properties", "original-legal.properties",
                                  "original-smart.properties"])
@pytest.mark.parametrize("enforce", [False, True])
@pytest.mark.parametrize("seed", [1, 30006, 987654321, -5])
def test_records_replay_to_the_same_scores(tmp_path: Path, name: str, enforce: bool,
                                           seed: int) -> None:
    config = config_of(name)
    config.enforce = enforce
    config.seed = seed
    auto = "none+smart" if config.interactive else None
    for play_on in ((False, True) if enforce else (False,)):
        out = io.StringIO()
        game = run(config, out, auto_human=auto, play_on=play_on)
        log = out.getvalue().splitlines()
        state = replay(json.loads(json.dumps(game.record(), ensure_ascii=False)))
        assert state.totals == game.totals and state.hand_scores == game.hand_scores
        plays = [line for line in log if " play: " in line]
        assert len(plays) == sum(len(h["actions"]) for h in game.record()["hands"])
        assert sum(line.startswith("Winner: ") for line in log) == sum(game.totals)
        if state.over:
            assert max(state.totals) == config.winning_score
            assert log[-1] == f"Winner: {state.totals.index(config.winning_score)}"
        else:
            # Only the original's stop at a rule break leaves a game unfinished.
            assert enforce and not play_on and log[-1] == "A cheating player spoiled the game!"


def test_seed_override_changes_the_game_and_is_repeatable(tmp_path: Path) -> None:
    first, second, other = io.StringIO(), io.StringIO(), io.StringIO()
    assert main([str(LEGAL), "--seed", "7"], out=first) == 0
    assert main([str(LEGAL), "--seed", "7"], out=second) == 0
    assert main([str(LEGAL), "--seed", "8"], out=other) == 0
    assert first.getvalue() == second.getvalue() != other.getvalue()
    assert first.getvalue() != (GOLDEN / "legal-30006.log").read_text()


def test_enforced_rules_stop_like_the_original_or_play_on(tmp_path: Path) -> None:
    path = tmp_path / "enforced.properties"
    path.write_text((GOLDEN / "original-whist.properties").read_text()
                    .replace("EnforceRule=false", "EnforceRule=true")
                    .replace("Interactive=True", "Interactive=False"))
    out = io.StringIO()
    record = tmp_path / "r.json"
    assert main([str(path), "--record", str(record)], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[-1] == "A cheating player spoiled the game!"
    state = replay(json.loads(record.read_text()))
    assert not state.over
    out = io.StringIO()
    assert main([str(path), "--play-on", "--record", str(record)], out=out) == 0
    state = replay(json.loads(record.read_text()))
    assert state.over and max(state.totals) == 24
    # Both open the same way (a leader's choice is from the whole hand either way).
    assert out.getvalue().splitlines()[:2] == lines[:2]


def test_auto_human_takes_seat_0_of_an_interactive_file(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    smart = str(GOLDEN / "original-smart.properties")
    assert main([smart, "--auto-human", "clever+random"]) == 2
    assert "unknown filter 'clever'" in capsys.readouterr().err
    record = tmp_path / "s.json"
    out = io.StringIO()
    assert main([smart, "--auto-human", "none+highest_rank", "--record", str(record)],
                out=out) == 0
    data = json.loads(record.read_text())
    assert data["seats"] == ["none+highest_rank", "none+smart", "none+random", "none+random"]
    assert data["options"]["players"] == 4 and data["options"]["compat"] == "nerd"
    state = replay(data)
    assert state.over and max(state.totals) == 24
    assert out.getvalue().startswith(f"New trick: Lead Player = {data['hands'][0]['leader']}, ")
