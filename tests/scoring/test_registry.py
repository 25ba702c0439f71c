"""The ruleset registry and the capabilities callers ask of a ruleset instead of its id."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruleset_ids import HZ, PF, QD, RP, SL, YP

import scoring
import storage.sessions
from scoring import rulesets
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.payments import KongKind
from scoring.rulesets import hangzhou, qiangdao
from scoring.tiles import Seat
from tests.extra_ruleset import NINGBO


@pytest.fixture
def ningbo() -> Iterator[rulesets.Ruleset]:
    rulesets.register(NINGBO)
    try:
        yield NINGBO
    finally:
        rulesets.unregister(NINGBO.id)


@pytest.mark.parametrize(
    ("name", "rules_id"),
    [
        pytest.param("湖州", QD, id="family-name-opens-its-default"),
        pytest.param("湖州麻将", QD, id="family-full-name"),
        pytest.param("huzhou", QD, id="family-id"),
        pytest.param("杭州麻将", HZ, id="hangzhou-name"),
        pytest.param("推倒胡", QD, id="alias-推倒胡"),
        pytest.param("长章", SL, id="alias-长章"),
        pytest.param("Double Spicy", SL, id="alias-english-any-case"),
        pytest.param("平台计分", PF, id="alias-平台计分"),
        pytest.param("计分明细", PF, id="alias-计分明细"),
        pytest.param("yingpiao", YP, id="alias-yingpiao"),
        pytest.param("ruanpiao", RP, id="alias-ruanpiao"),
    ],
)
def test_names_and_aliases(name: str, rules_id: str) -> None:
    assert rulesets.get(name).id == rules_id


def test_a_name_two_rulesets_share_opens_neither() -> None:
    assert {YP, RP} <= {rules.id for rules in rulesets.RULESETS.values() if "飘花" in rules.aliases}
    with pytest.raises(ScoringError) as caught:
        rulesets.get("飘花")
    assert caught.value.code is ScoringErrorCode.UNKNOWN_RULESET
    assert "飘花" not in rulesets.names()


def test_families_list_their_members() -> None:
    assert [family.id for family in rulesets.families()] == ["hangzhou", "huzhou"]
    assert rulesets.family_members(hangzhou.FAMILY) == (HZ,)
    assert rulesets.family_members(qiangdao.RULESET.family) == (QD, YP, RP, SL, PF)


def test_a_registered_ruleset_is_found_scored_and_taken_away(ningbo: rulesets.Ruleset) -> None:
    before = rulesets.revision()
    assert rulesets.get("宁波") is ningbo and rulesets.get("甬") is ningbo
    assert rulesets.family_members(ningbo.family) == ("ningbo",)
    paid = scoring.quick("点炮S", "宁波麻将", 2).payments
    assert paid == {Seat.E: 2, Seat.S: -2, Seat.W: 0, Seat.N: 0}
    rulesets.unregister("ningbo")
    assert rulesets.revision() != before
    with pytest.raises(ScoringError):
        rulesets.get("宁波")
    rulesets.register(ningbo)  # for the fixture to take away


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"id": "hangzhou"}, "already registered", id="id-taken"),
        pytest.param({"id": "Ningbo"}, "lower-case", id="id-with-capitals"),
        pytest.param({"id": "ning bo"}, "lower-case", id="id-with-space"),
    ],
)
def test_register_refuses(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rulesets.register(dataclasses.replace(NINGBO, **changes))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"rotation": "loser_deals"}, "rotation", id="unknown-rotation-policy"),
        pytest.param({"tables": NINGBO.tables[:1]}, "prices no", id="settles-unpriced-kongs"),
    ],
)
def test_a_ruleset_refuses_capabilities_it_cannot_serve(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(NINGBO, **changes)


@pytest.mark.parametrize(
    ("rules_id", "settles"),
    [(HZ, True), (QD, False), (YP, False), (RP, False), (SL, False), (PF, False)],
    ids=["杭州", "强盗胡", "硬飘花", "软飘花", "双辣", "平台"],
)
def test_kong_payment_asks_the_ruleset(rules_id: str, settles: bool) -> None:
    assert rulesets.get(rules_id).settles_kongs is settles
    if settles:
        paid = scoring.kong_payment(KongKind.CONCEALED, Seat.E, None, 1, rules_id)
        assert paid == {Seat.E: 6, Seat.S: -2, Seat.W: -2, Seat.N: -2}
        return
    with pytest.raises(ScoringError) as caught:
        scoring.kong_payment(KongKind.CONCEALED, Seat.E, None, 1, rules_id)
    assert (caught.value.code, caught.value.token) == (ScoringErrorCode.KONGS_NOT_SETTLED, rules_id)


def test_a_registered_ruleset_settles_kongs_by_its_own_table(ningbo: rulesets.Ruleset) -> None:
    paid = scoring.kong_payment(KongKind.EXPOSED, Seat.S, Seat.N, 5, ningbo)
    assert paid == {Seat.E: 0, Seat.S: 15, Seat.W: 0, Seat.N: -15}


@pytest.mark.parametrize(
    ("rules_id", "counts_tai"),
    [(HZ, False), (QD, False), (YP, False), (RP, False), (SL, True), (PF, False)],
    ids=["杭州", "强盗胡", "硬飘花", "软飘花", "双辣", "平台"],
)
def test_quick_entry_takes_a_tai_total_where_the_ruleset_counts_tai(
    rules_id: str, counts_tai: bool
) -> None:
    assert rulesets.get(rules_id).counts_tai is counts_tai
    if counts_tai:
        assert scoring.quick("自摸 台5", rules_id).value == 2
        return
    with pytest.raises(ScoringError) as caught:
        scoring.quick("自摸 台5", rules_id)
    assert (caught.value.code, caught.value.token) == (ScoringErrorCode.INCONSISTENT, "台5")


def test_rotations_are_the_policies_the_ledger_stores() -> None:
    """A ruleset picks its rotation among the policies the ledger's schema CHECK lists;
    a new policy needs a migration, a new ruleset does not."""
    schema = (Path(storage.__file__).parent / "migrations" / "0001_initial.sql").read_text()
    listed = ", ".join(f"'{policy}'" for policy in rulesets.ROTATIONS)
    assert f"CHECK (rotation IN ({listed}))" in schema
    assert storage.sessions.ROTATIONS == rulesets.ROTATIONS
