"""What an export → import must keep of a chat's people, compared by names (ids differ)."""

from __future__ import annotations

from storage import Ledger


async def people_view(ledger: Ledger, chat_id: int) -> tuple[object, ...]:
    """Who is who, the folded /stats, /tally (all-time and the open session's), head to head
    of the first two people, and the identity events as /history shows them."""
    players = await ledger.players.all(chat_id)
    names = {p.id: p.name for p in players}
    people = await ledger.people.of_chat(chat_id)
    persons = sorted({tuple(sorted(names[r] for r in people.records(p.id))) for p in players})
    stats = sorted(
        (names[row.player.id], row.hands, row.wins, row.self_draws, row.dealt_in, row.net,
         row.biggest_win)
        for row in await ledger.stats.players(chat_id)
    )  # fmt: skip
    tally = {names[p]: b for p, b in (await ledger.reports.tally(chat_id)).balances.items()}
    session = await ledger.sessions.current(chat_id)
    table = (
        {names[p]: b for p, b in (await ledger.reports.tally(chat_id, session.id)).balances.items()}
        if session is not None
        else None
    )
    roots = sorted({people.person(p.id) for p in players})
    h2h = None
    if len(roots) >= 2:
        found = await ledger.stats.head_to_head(chat_id, roots[0], roots[1])
        h2h = (names[found.a.id], names[found.b.id], found.hands_together, found.a_from_b)
    events = await ledger.people.identity_events(chat_id, limit=1000)
    order = {event.id: n for n, event in enumerate(reversed(events))}

    def name(player: int | None) -> str | None:
        return names[player] if player is not None else None

    history = [
        (event.kind, event.how, name(event.player_id), name(event.person_id), event.old_name,
         event.new_name, event.created_at, event.undone_by is not None,
         order.get(event.undoes or 0), event.seat, name(event.author))
        for event in reversed(events)
    ]  # fmt: skip
    return persons, stats, tally, table, h2h, history
