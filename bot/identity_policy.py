"""Who may claim, merge, rename and undo whom: the one authority model every identity command
asks (docs/rules.md, "One person, one record").

The rule it keeps: **no one but a chat admin moves another member's points or money.** A
person is a tree of records (``storage.People``); a link folds one person's points into
another's, its undo splits them again. So a non-admin may only ever make or take back a link
whose people hold no member but themselves: claiming an unclaimed guest (/iam, the /join
takeover), the session's creator merging guests, renaming a guest, undoing their own claim.
Everything that touches another member's record is an admin's /merge or undo.

It lives in the bot, not in storage, because who is an admin is Telegram's to say; the
ledger keeps the data rules (no cycles, never one person twice at a table, exact undo).
Each check is a pure function of the facts the handler read: an i18n key to refuse with, or
None when the action may go ahead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage import People, Player


@dataclass(frozen=True)
class Actor:
    """Who sent the command: their record, and the standing they have in the chat."""

    player_id: int | None  # None: someone the chat has never recorded (no record yet)
    admin: bool  # a chat admin (or the chat's owner)
    creator: bool  # the open session's creator


@dataclass(frozen=True)
class Person:
    """One person as the policy sees it: all their records and which of them are members."""

    root: int
    records: tuple[int, ...]
    members: frozenset[int]


def person_of(people: People, players: Iterable[Player], record_id: int) -> Person:
    """The person ``record_id`` belongs to, with their member records."""
    records = people.records(record_id)
    wanted = set(records)
    members = frozenset(p.id for p in players if p.id in wanted and not p.is_guest)
    return Person(records[0], records, members)


def _others(actor: Actor, *persons: Person) -> frozenset[int]:
    """Members other than the actor among ``persons``' records."""
    return frozenset().union(*(p.members for p in persons)) - {actor.player_id}


def may_claim(actor: Actor, guest: Person) -> str | None:
    """/iam and the /join takeover: the sender claims a guest for themselves. Only a guest no
    member has claimed (nor been merged with) can be claimed."""
    if guest.members - {actor.player_id}:
        return "iam_claimed"
    return None


def may_merge(actor: Actor, first: Person, second: Person) -> str | None:
    """/merge: an admin joins any two people; the session's creator only people holding no
    member but themselves (guests written down twice)."""
    if actor.admin:
        return None
    if not actor.creator:
        return "merge_denied"
    return "merge_members_admin" if _others(actor, first, second) else None


def may_rename(actor: Actor) -> str | None:
    """/rename: a guest's name (storage refuses a member's) by an admin or the creator."""
    return None if actor.admin or actor.creator else "rename_denied"


def may_undo(actor: Actor, author: int | None, touched: Iterable[Person]) -> str | None:
    """An undo of a link or rename: an admin always; otherwise its author or the session's
    creator, and only when no other member's points move back (``touched``: the people the
    event joined, as they are now)."""
    if actor.admin:
        return None
    if (actor.player_id is None or actor.player_id != author) and not actor.creator:
        return "identity_undo_denied"
    return "identity_undo_denied" if _others(actor, *touched) else None
