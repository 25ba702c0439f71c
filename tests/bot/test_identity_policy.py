"""The authority model's table (bot/identity_policy.py): who may claim, merge, rename and
undo, each case as the group meets it. Members are 1 (甲, the session's creator), 2 (乙),
4 (丁, an admin); 7 and 8 are guests."""

from __future__ import annotations

import pytest

from bot import identity_policy as policy

JIA = policy.Actor(1, admin=False, creator=True)
YI = policy.Actor(2, admin=False, creator=False)
DING = policy.Actor(4, admin=True, creator=False)


def _person(*records: int, members: tuple[int, ...] = ()) -> policy.Person:
    return policy.Person(records[0], records, frozenset(members))


GUEST = _person(7)
GUESTS = _person(7, 8)
CLAIMED_BY_YI = _person(2, 7, members=(2,))
YI_ALONE = _person(2, members=(2,))
JIA_ALONE = _person(1, members=(1,))


@pytest.mark.parametrize(
    ("actor", "guest", "refusal"),
    [
        (YI, GUEST, None),
        (YI, GUESTS, None),
        (JIA, CLAIMED_BY_YI, "iam_claimed"),
        (DING, CLAIMED_BY_YI, "iam_claimed"),
        (YI, CLAIMED_BY_YI, None),
    ],
    ids=["unclaimed", "two-guests", "claimed", "claimed-even-for-an-admin", "own-again"],
)
def test_claim(actor: policy.Actor, guest: policy.Person, refusal: str | None) -> None:
    assert policy.may_claim(actor, guest) == refusal


@pytest.mark.parametrize(
    ("actor", "first", "second", "refusal"),
    [
        (DING, YI_ALONE, JIA_ALONE, None),
        (JIA, GUEST, _person(8), None),
        (JIA, GUEST, JIA_ALONE, None),
        (JIA, GUEST, YI_ALONE, "merge_members_admin"),
        (JIA, YI_ALONE, JIA_ALONE, "merge_members_admin"),
        (YI, GUEST, _person(8), "merge_denied"),
    ],
    ids=["admin", "creator-guests", "creator-self", "creator-member", "creator-two", "plain"],
)
def test_merge(
    actor: policy.Actor, first: policy.Person, second: policy.Person, refusal: str | None
) -> None:
    assert policy.may_merge(actor, first, second) == refusal


@pytest.mark.parametrize(
    ("actor", "author", "touched", "refusal"),
    [
        (YI, 2, (CLAIMED_BY_YI,), None),
        (JIA, 2, (CLAIMED_BY_YI,), "identity_undo_denied"),
        (DING, 2, (CLAIMED_BY_YI,), None),
        (JIA, 4, (GUESTS,), None),
        (YI, 4, (GUESTS,), "identity_undo_denied"),
        (JIA, 2, (), None),
    ],
    ids=["own-claim", "creator-others-claim", "admin", "creator-guests", "plain", "rename"],
)
def test_undo(
    actor: policy.Actor,
    author: int,
    touched: tuple[policy.Person, ...],
    refusal: str | None,
) -> None:
    assert policy.may_undo(actor, author, touched) == refusal


@pytest.mark.parametrize(
    ("actor", "refusal"),
    [(JIA, None), (DING, None), (YI, "rename_denied")],
    ids=["creator", "admin", "plain"],
)
def test_rename(actor: policy.Actor, refusal: str | None) -> None:
    assert policy.may_rename(actor) == refusal
