"""A parsed claim scored at the table, and the ledger rows it becomes: wins and kongs under the
session's ruleset, 底分 and winds. Typed commands, the tap flows and the Mini App's keyboard
all score here, so one hand scores the same however it was entered."""

from __future__ import annotations

import json
from dataclasses import dataclass

import scoring
from bot.grammar import HuCommand, KongCommand
from bot.refusals.chat import ChatRefusal
from bot.refusals.scoring import TableScoringError
from bot.replies.table import ruleset_name
from bot.table.seated import SeatedTable
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.facts import WinFacts
from scoring.payments import KongKind
from scoring.result import ScoreResult
from scoring.tiles import Seat
from storage import WinSpec


@dataclass(frozen=True)
class ScoredClaim:
    winner: Seat
    line: str  # the words with the facts, as the ledger keeps them (ScoreResult.line)
    result: ScoreResult
    full_hand: bool


def score_claims(command: HuCommand, table: SeatedTable) -> list[ScoredClaim]:
    """Every claim scored under the session's ruleset, 底分 and winds (raises ScoringError)."""
    session = table.session
    scored: list[ScoredClaim] = []
    for claim in command.claims:
        facts = WinFacts(
            winner=claim.winner,
            discarder=None if command.robbed else command.discarder,
            robbed=command.discarder if command.robbed else None,
            contract=claim.contract,
            seat_wind=table.seat_wind(claim.winner),
            round_wind=table.round_wind,
        )
        evaluate = scoring.score if claim.full_hand else scoring.quick
        try:
            result = evaluate(claim.words, session.ruleset, session.base, facts=facts)
        except ScoringError as error:
            _refuse_wrong_dealer(error, table, claim.winner)
            raise TableScoringError(error, table.names(), command.discard_word) from error
        assert result.line is not None  # given facts
        scored.append(ScoredClaim(claim.winner, result.line, result, claim.full_hand))
    return scored


def _refuse_wrong_dealer(error: ScoringError, table: SeatedTable, winner: Seat) -> None:
    """天胡 by a non-dealer or 地胡 by the dealer, told with the table's names: the core only
    knows the winner's 门风, which the players do not see (see ``bot.replies.table.wind_tells``)."""
    if error.code is not ScoringErrorCode.DEALER_MISMATCH:
        return
    if winner != table.dealer:
        raise ChatRefusal(
            "heavenly_not_dealer", name=table.name(winner), dealer=table.name(table.dealer)
        )
    raise ChatRefusal("earthly_by_dealer", name=table.name(winner))


def win_specs(scored: list[ScoredClaim], command: HuCommand, table: SeatedTable) -> list[WinSpec]:
    discarder = table.player_id(command.discarder) if command.discarder else None
    return [
        WinSpec(
            winner=table.player_id(item.winner),
            postings=table.postings(item.result.payments),
            hand_line=item.line,
            result_json=json.dumps(item.result.to_json(), ensure_ascii=False),
            self_draw=command.discarder is None,
            discarder=discarder,
            value=item.result.value,
        )
        for item in scored
    ]


def _kongs_not_settled(ruleset_id: str, lang: str) -> ChatRefusal:
    """The refusal of /kong under ``ruleset_id``, naming the rulesets that do pay kongs."""
    payers = [rules.id for rules in scoring.rulesets.RULESETS.values() if rules.settles_kongs]
    return ChatRefusal(
        "kong_not_hangzhou",
        ruleset=ruleset_name(ruleset_id, lang),
        payers=("、" if lang == "zh" else ", ").join(ruleset_name(p, lang) for p in payers),
    )


def refuse_unsettled_kongs(table: SeatedTable, lang: str) -> None:
    """ChatRefusal unless the session's ruleset pays kongs at once."""
    rules = scoring.rulesets.get(table.session.ruleset)
    if not rules.settles_kongs:
        raise _kongs_not_settled(rules.id, lang)


def kong_payments(table: SeatedTable, command: KongCommand) -> dict[Seat, int]:
    """What each seat gets for the kong under the session's ruleset and 底分."""
    session = table.session
    return scoring.kong_payment(
        KongKind(command.kind), command.owner, command.discarder, session.base, session.ruleset
    )
