"""Squadron files: atomic writes, and one-line errors naming the file and the field for a
corrupt or hand-edited file.

Mutations tried: writing in place instead of a temporary file (red: the crash test leaves a
half file), the seal not checked (red: every hand-edit test), the first difference searched
only at the top level (red: the victories test names ``$.barracks``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import msgspec
import pytest

from aerodrome_dockfighters.campaign import campaign, files
from aerodrome_dockfighters.campaign.sheet import CampaignError
from tests.plugins.dockfighters.campaign.helpers import BAVARIANS


def saved(tmp_path: Path) -> Path:
    sq = campaign.found("Jasta", "Bavaria", list(BAVARIANS), 5)
    campaign.promote(sq, "Fritz")
    path = tmp_path / "jasta.json"
    files.save([(path, sq)])
    return path


def edit(path: Path, change: object) -> None:
    data = msgspec.json.decode(path.read_bytes())
    change(data)  # type: ignore[operator]
    path.write_bytes(msgspec.json.encode(data))


def test_a_saved_squadron_loads_again_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = saved(tmp_path)
    sq = files.load(path)
    assert files.encode(sq) == path.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["jasta.json"]


def test_a_file_keeps_its_permissions_and_a_new_one_gets_the_umasks(tmp_path: Path) -> None:
    """Mutation caught: the temporary file of ``tempfile.mkstemp`` (0600) moved into place
    made every squadron file private, and a shared one lost its group's read access."""
    umask = os.umask(0)
    os.umask(umask)
    path = saved(tmp_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o640)
    files.save([(path, files.load(path))])
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path)
    before = path.read_bytes()
    sq = files.load(path)
    sq.name = "changed"

    def boom(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(CampaignError, match=r"jasta.json: cannot write: No space left on device$"):
        files.save([(path, sq)])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["jasta.json"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"{not json", "not a squadron file"),
        (b"[]", "not a squadron file"),
    ],
)
def test_a_corrupt_file_is_one_line(tmp_path: Path, text: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text)
    with pytest.raises(CampaignError, match=message) as err:
        files.load(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)


@pytest.mark.clause("dockfighters.fame.6")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(fame="lots"), r"\$\.fame: expected `int`, got `str`"),
        (lambda d: d.update(fame=12), r"\$\.fame: 12, but the journal's fame ledger adds up to 0"),
        (
            lambda d: d["barracks"][2].update(victories=7),
            r"\$\.barracks\[2\]\.victories: 7 in the file, 0 by its journal",
        ),
        (
            lambda d: d["barracks"][0].update(status="dead"),
            r"\$\.barracks\[0\]\.status: invalid enum value 'dead'",
        ),
        (
            lambda d: d["hangar"][1].update(datasheet="Sopwith Camel"),
            r"\$\.hangar\[1\]\.datasheet: unknown aircraft",
        ),
        (
            lambda d: d["leader"].update(tree=2),
            r"\$\.leader\.tree: 2 in the file|\$\.leader\.tree: \d in the file",
        ),
        (lambda d: d.update(surprise=1), r"unknown field `surprise`"),
        (lambda d: d["journal"][1].update(pilot="Hans"), r"edited by hand"),
    ],
)
def test_a_hand_edited_file_names_the_field(tmp_path: Path, change: object, message: str) -> None:
    path = saved(tmp_path)
    edit(path, change)
    with pytest.raises(CampaignError, match=message) as err:
        files.load(path)
    assert str(err.value).startswith(str(path)) and "\n" not in str(err.value)


def test_too_many_airships_or_crews_in_a_file(tmp_path: Path) -> None:
    path = saved(tmp_path)
    edit(
        path,
        lambda d: d["hangar"].append({"serial": 1, "datasheet": "Albatross", "status": "ready"}),
    )
    with pytest.raises(CampaignError, match=r"\$\.hangar: serial numbers must be unique"):
        files.load(path)
    path = saved(tmp_path)

    def ships(d: dict) -> None:  # type: ignore[type-arg]
        d["hangar"] += [
            {"serial": 10 + n, "datasheet": "Albatross", "status": "ready"} for n in range(3)
        ]
        d["next_serial"] = 20

    edit(path, ships)
    with pytest.raises(CampaignError, match=r"\$\.hangar: 3 airships, at most 2"):
        files.load(path)
    path = saved(tmp_path)
    edit(
        path,
        lambda d: d["barracks"].extend({"name": f"B{n}", "kind": "bomber crew"} for n in range(5)),
    )
    with pytest.raises(CampaignError, match=r"\$\.barracks: 5 bomber crews, the sheet has 4 slots"):
        files.load(path)


def test_the_seal_catches_accidents_and_verify_a_resealed_edit(tmp_path: Path) -> None:
    """docs/security.md: the seal is an unkeyed SHA-256 of the content - it catches a damaged
    file or an edit that forgot it, not someone who reseals: a file with 10**18 victories,
    resealed, reads; ``campaign show --verify`` rebuilds the squadron from its journal and
    refuses it in one line naming the file and the field. Mutation caught: --verify not
    replaying (the edited file shown)."""
    from typer.testing import CliRunner

    from aerodrome_dockfighters.campaign.cli import app

    path = saved(tmp_path)
    sq = files.load(path)
    sq.barracks[0].victories = 10**18
    path.write_bytes(files.encode(sq))  # edited and resealed
    assert files.load(path).barracks[0].victories == 10**18
    shown = CliRunner().invoke(app, ["show", str(path), "--json"])
    assert shown.exit_code == 0
    verified = CliRunner().invoke(app, ["show", str(path), "--verify"])
    lines = [x for x in verified.output.splitlines() if x.strip()]
    assert verified.exit_code == 1 and len(lines) == 1, verified.output
    assert (
        str(path) in lines[0]
        and "$.barracks[0].victories: 1000000000000000000 in the file, 0 by its journal" in lines[0]
    )
    sq.barracks[0].victories = 0
    path.write_bytes(files.encode(sq))
    assert CliRunner().invoke(app, ["show", str(path), "--verify"]).exit_code == 0
