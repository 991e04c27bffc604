"""Reports and comparisons read rows files in a stream (britishway_env/report.py
``load``, britishway_env/compare.py ``load_run``): record batches reduced to a
few bytes per game and the report's counts. Everything they give must be what
the same rows give in memory (``report.parse``, ``compare.compare_frames``):
every table, the report's text, the comparison's table, and the refusals, in
the same words, naming the same first game, whichever batch it falls in.

The rows are real Palestine games, copied into a few hundred thousand rows
(each copy numbered on, with seeds of its own) and written as the parts of one
folder, read in small batches so that every check crosses batches and files.
"""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from britishway_env import compare, report, rollouts
from britishway_env.errors import ReportError
from britishway_env.provenance import RowsHash, rows_hash

COPIES, PARTS = 100, 8          # 2,000 games x 100 = 200,000 rows in 8 files
BATCH = 3_001                   # rows per batch: batches straddle games' copies and files


def copies(df: pd.DataFrame, times: int) -> pd.DataFrame:
    """``times`` copies of ``df``'s games, numbered 0, 1, ... with a seed of
    their own each (so no game is there twice), of no recorded run."""
    out = pd.concat([df] * times, ignore_index=True)
    out["game"] = np.arange(len(out), dtype=np.int64)
    out["seed"] = out["game"] * 7_919 + 13
    out.attrs = {}
    return out


def write_parts(df: pd.DataFrame, folder, parts: int = PARTS):
    """The rows as ``parts`` files of one folder (rows of no recorded run: provenance=None, still hashed)."""
    folder.mkdir()
    for i, chunk in enumerate(np.array_split(np.arange(len(df)), parts)):
        rollouts.write_rows(df.iloc[chunk].reset_index(drop=True), folder / f"part{i:02d}.parquet",
                            provenance=None)
    return folder


@pytest.fixture(scope="module")
def played():
    """2,000 real games of each policy pair on the same seeds."""
    heuristic = rollouts.run("palestine", 2_000, seed=21, policies={"british": "heuristic", "irgun": "heuristic"})
    random_irgun = rollouts.run("palestine", 2_000, seed=21, policies={"british": "heuristic", "irgun": "random"})
    return heuristic, random_irgun


@pytest.fixture(scope="module")
def rows(played, tmp_path_factory):
    """(the rows in memory, the folder of their parts) for each policy pair."""
    base = copies(played[0], COPIES)
    arm = copies(played[1], COPIES)
    root = tmp_path_factory.mktemp("stream")
    return (base, write_parts(base, root / "base")), (arm, write_parts(arm, root / "arm"))


def test_streamed_counts_are_the_counts_of_the_rows_in_memory(rows):
    (frame, folder), _ = rows
    assert len(frame) == 200_000
    source = report.load([folder], batch_size=BATCH)
    assert source._frame is None and source.n == len(frame)           # nothing per row was kept
    streamed = source.tally()
    games, in_memory = report._parse(frame)
    for name in ("n", "decisions", "pairs", "pair_wins"):
        assert getattr(streamed, name) == getattr(in_memory, name), name
    for name in ("wins", "reached", "reached_won", "drawn", "drawn_won", "executed", "executed_won", "ended", "will"):
        np.testing.assert_array_equal(getattr(streamed, name), getattr(in_memory, name), err_msg=name)
    for measure in (report.overall, report.card_campaign_rates, report.event_rates, report.capability_impact):
        pd.testing.assert_frame_equal(measure(streamed), measure(games))
    pd.testing.assert_frame_equal(report.event_rates(streamed, by_faction=False),
                                  report.event_rates(games, by_faction=False))
    pd.testing.assert_frame_equal(report.political_will_bands(streamed), report.political_will_bands(frame))
    pd.testing.assert_frame_equal(report.victory_timing(streamed), report.victory_timing(frame))
    # each game's measures, as compare reads them
    arrays = source.streamed.arrays
    np.testing.assert_array_equal(arrays["game"], frame["game"].to_numpy())
    np.testing.assert_array_equal(arrays["seed"], frame["seed"].to_numpy())
    np.testing.assert_array_equal(arrays["winner"], games.winner)
    np.testing.assert_array_equal(arrays["decisions"], frame["decisions"].to_numpy())
    np.testing.assert_array_equal(arrays["cards"], frame["cards"].map(len).to_numpy())
    np.testing.assert_array_equal(arrays["lead_changes"],
                                  compare.lead_changes(frame["political_will_after_round"], 18, 10))
    assert source._frame is None


def test_the_report_of_a_streamed_folder_is_the_report_of_the_frame(rows, tmp_path):
    (frame, folder), _ = rows
    source = report.load([folder], batch_size=BATCH)
    streamed = report.write(source, tmp_path / "stream").read_text()
    assert source._frame is None                                      # the report never built the frame
    in_memory = report.write(frame, tmp_path / "memory").read_text()
    after = "## Who wins"                                             # before it: where the rows come from
    assert streamed.split(after)[1] == in_memory.split(after)[1]
    assert streamed.split("\n")[0] == in_memory.split("\n")[0]
    for plot in ("political_will.png", "win_rate_by_card.png", "win_rate_by_event.png"):
        assert (tmp_path / "stream" / plot).exists() == (tmp_path / "memory" / plot).exists()


def test_a_pooled_report_gives_each_pair_on_its_own(rows, tmp_path):
    (base, base_folder), (arm, arm_folder) = rows
    both = report.load([base_folder, arm_folder], pool=True, batch_size=BATCH)
    with pytest.raises(ReportError, match=r"2 policy pairs \(british=heuristic vs irgun=heuristic: 200,000 games"):
        report.write(both, tmp_path / "refused")
    streamed = report.write(both, tmp_path / "pooled", pool=True).read_text()
    in_memory = report.write(pd.concat([base, arm], ignore_index=True), tmp_path / "memory", pool=True).read_text()
    assert "Each pair on its own" in streamed
    assert streamed.split("## Who wins")[1] == in_memory.split("## Who wins")[1]


def test_a_streamed_comparison_is_the_comparison_of_the_frames(rows):
    (base, base_folder), (arm, arm_folder) = rows
    streamed = compare.compare([f"base={base_folder}", f"random_irgun={arm_folder}"])
    assert compare.load_run(compare.Input("base", base_folder)).winner.dtype == np.int8      # read in a stream
    in_memory = compare.compare_frames(base, {"random_irgun": arm})
    pd.testing.assert_frame_equal(streamed.table, in_memory.table)
    assert streamed.pairings[0].games == 200_000 and streamed.pairings[0].ranges == "0..199999"


def test_refusals_name_the_first_check_and_game_whichever_batch_they_fall_in(played, tmp_path):
    """A row that breaks a later check in an early batch, one that breaks an earlier check in a late batch:
    the rows are refused for the earlier check, naming its first game and how many more, as in memory."""
    rows = copies(played[0], 10)                                       # 20,000 rows
    british = np.flatnonzero((rows["winner"] == "british").to_numpy())
    rows.loc[british[3], "final_political_will"] = rows.loc[british[3], "final_political_will"] - 1   # 7.0, early
    late = len(rows) - 50
    rows.loc[late, "winner"] = "nobody"                                # 'winner' is checked first, late rows
    rows.loc[late + 7, "winner"] = "nobody"
    folder = write_parts(rows, tmp_path / "broken", parts=4)
    with pytest.raises(ReportError) as in_memory:
        report.parse(rows)
    with pytest.raises(ReportError) as streamed:
        report.load([folder], batch_size=997).tally()
    assert str(streamed.value) == str(in_memory.value)
    assert f"(game {late}, and 1 more)" in str(streamed.value)
    rows.loc[[late, late + 7], "winner"] = copies(played[0], 10).loc[[late, late + 7], "winner"]
    folder = write_parts(rows, tmp_path / "broken_late_rule", parts=4)
    with pytest.raises(ReportError, match=rf"final_political_will.*\(game {british[3]}\)") as streamed:
        report.load([folder], batch_size=997).tally()
    with pytest.raises(ReportError) as in_memory:
        report.parse(rows)
    assert str(streamed.value) == str(in_memory.value)


def test_the_same_game_in_two_parts_is_refused_in_the_same_words(played, tmp_path):
    rows = copies(played[0], 5)
    rows.loc[9_000, "seed"] = rows.loc[17, "seed"]                      # game 9000 is game 17 again
    rows.loc[9_000, list(rows.columns[2:])] = rows.loc[17, list(rows.columns[2:])]
    folder = write_parts(rows, tmp_path / "twice", parts=3)
    with pytest.raises(ReportError, match="the same game twice") as streamed:
        report.load([folder], batch_size=1_000).tally()
    with pytest.raises(ReportError) as in_memory:
        report.parse(rows)
    assert str(streamed.value) == str(in_memory.value)
    assert "(game 9000)" in str(streamed.value)


def test_a_changed_row_in_a_late_batch_is_refused_by_the_hash(played, tmp_path):
    path = tmp_path / "p.parquet"
    rollouts.write_rows(played[0], path)                              # with its run's provenance
    table = pa.parquet.read_table(path)
    frame = table.to_pandas()
    frame.loc[1_990, "decisions"] += 1                                # the last batch
    pa.parquet.write_table(pa.Table.from_pandas(frame, preserve_index=False)
                           .replace_schema_metadata(table.schema.metadata), path)
    with pytest.raises(ReportError, match="do not match the SHA-256"):
        report.load([path], batch_size=500)


def test_the_hash_of_batches_is_the_hash_of_the_table(played):
    table = pa.Table.from_pandas(played[1], preserve_index=False)
    for size in (1, 7, 1_000, 5_000):
        h = RowsHash(table.schema)
        for batch in table.to_batches(max_chunksize=size):
            h.update(batch)
        assert h.hexdigest(table.num_rows) == rows_hash(table) == rows_hash(played[1])
    assert RowsHash(table.schema).hexdigest(0) == rows_hash(table.slice(0, 0))


@pytest.mark.parametrize("n", [1, 2, 3, 10, 1_001])
def test_percentiles_of_counts_are_numpys(n):
    rng = np.random.default_rng(n)
    values = rng.integers(0, 21, n)
    q = [10, 25, 50, 75, 90]
    np.testing.assert_array_equal(report._percentiles(np.bincount(values, minlength=21), q), np.percentile(values, q))
