"""The assembly: a typed line (or a parsed hand) → ruleset checks → readings → the best score.

``score`` and ``score_hand`` raise only ``ScoringError``; every rule error names the token
it is about (the winning tile, a meld, a context word) so the player sees what to fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Final

from scoring import notation, payments
from scoring.analysis import analyze
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.facts import WinFacts, line_of, winner_of
from scoring.hand import Hand, LineContext
from scoring.lexicon import Token
from scoring.reading import Reading, Shape
from scoring.result import Explanation, ScoreResult
from scoring.rulesets import get
from scoring.rulesets.base import (
    PayerRule,
    Refusal,
    Ruleset,
    Valuation,
    Win,
    WinKind,
)
from scoring.tiles import EAST, JOKER, SEAT_ORDER, Seat, Tile, en_name, is_wild, mpsz, zh_name
from scoring.words import WordKind, error_at, seat_or_error, words_of, write_word


@dataclass(slots=True)
class Where:
    """Where each part of the line was written, so errors can name it.

    A typed line knows every token and its position. A ``Hand`` that was not typed has
    none: its tokens are written back (without positions) only when an error names one,
    so scoring a good hand never builds them. (Not frozen: one is built per scored hand,
    and a frozen dataclass pays an ``object.__setattr__`` call per field.)
    """

    hand: Hand
    parsed: notation.ParsedLine | None = None

    @property
    def winning(self) -> Token:
        if self.parsed is not None:
            return self.parsed.winning
        return Token(mpsz(self.hand.winning_tile), _UNTYPED)

    def meld(self, index: int) -> Token:
        if self.parsed is not None:
            return self.parsed.melds[index]
        return Token(notation.format_meld(self.hand.melds[index]), _UNTYPED)

    def concealed(self) -> tuple[tuple[Tile, Token], ...]:
        """Each concealed tile and its token, in written order, the winning tile excluded."""
        if self.parsed is not None:
            return self.parsed.concealed
        return tuple((tile, Token(mpsz(tile), _UNTYPED)) for tile in self.hand.concealed)

    def word(self, kind: WordKind) -> Token | None:
        """The context word of ``kind``, or None when the line has none."""
        if self.parsed is not None:
            return self.parsed.words.get(kind.value)
        for word in words_of(self.hand.context):
            if word.kind is kind:
                return Token(write_word(word), _UNTYPED)
        return None


_UNTYPED = -1  # the position of a token written back from a Hand rather than typed

WordTokens = Callable[[WordKind], Token | None]  # where the context word of a kind was written


def score(
    line: str,
    rules: str = "hangzhou",
    base: int = 1,
    winner: str | Seat | None = None,
    *,
    facts: WinFacts | None = None,
) -> ScoreResult:
    """Score one typed line under ``rules`` (an id or a Chinese name) for ``winner`` (East
    by default), or for ``facts.winner`` with the seats and winds ``facts`` give."""
    ruleset, seat = checked_table(rules, base, winner_of(winner, facts))
    parsed = notation.parse_line(line, facts)
    result = score_parsed(parsed.hand, Where(parsed.hand, parsed), ruleset, base, seat)
    if facts is None:
        return result
    return replace(result, line=line_of(line, facts, parsed.words))


def score_hand(
    hand: Hand, rules: str = "hangzhou", base: int = 1, winner: str | Seat = "E"
) -> ScoreResult:
    """Score a parsed ``Hand`` (no token positions to report)."""
    ruleset, seat = checked_table(rules, base, winner)
    return score_parsed(hand, Where(hand), ruleset, base, seat)


def checked_table(rules: str, base: int, winner: str | Seat) -> tuple[Ruleset, Seat]:
    """The ruleset and the winner's seat that every entry point is given, with 底分
    checked: errors about the table come before any about the line."""
    ruleset = get(rules)
    payments.check_base(base)
    return ruleset, seat_or_error(winner)


def score_parsed(hand: Hand, where: Where, rules: Ruleset, base: int, winner: Seat) -> ScoreResult:
    """The checks a ruleset makes on a typed hand, then the best reading's score."""
    # only a ruleset with an indicator asks whether a faceless wild is held
    held = (*hand.concealed, hand.winning_tile) if rules.uses_indicator else ()
    wild_faces = wild_faces_for(rules, hand.context.indicator, held, where.word)
    _check_melds(hand, where, wild_faces)
    _check_wild_supply(hand, where, wild_faces, rules)
    win = _checked_win(hand.context, where, rules, winner)
    _check_discarded_wild(hand, where, wild_faces, win, rules)
    if win.kong_chain and win.kong_chain > (kongs := sum(m.kind.is_kong for m in hand.melds)):
        raise _at(
            where.word(WordKind.KONG_CHAIN),
            ScoringErrorCode.INCONSISTENT,
            f"杠开要有杠：这手牌只有 {kongs} 个杠，不够 {win.kong_chain} 连杠",
            f"a kong-replacement win needs kongs: this hand shows {kongs}, not {win.kong_chain}",
        )
    readings = analyze(hand, wild_faces, thirteen_unrelated=rules.thirteen_unrelated)
    if not readings:
        shapes = "也不是七对子或十三不搭" if rules.thirteen_unrelated else "也不是七对子"
        shapes_en = (
            "seven pairs or thirteen unrelated" if rules.thirteen_unrelated else "seven pairs"
        )
        raise _at(
            where.winning,
            ScoringErrorCode.NOT_WINNING,
            f"不是胡牌：加上这张组不成四副面子加一对，{shapes}",
            f"not a winning hand: with this tile it makes neither four sets and a pair nor "
            f"{shapes_en}",
        )
    return _for_hand(_best_result(readings, win, rules.id, base), hand, wild_faces)


# The Win of context words that passed win_of's checks, per ruleset and winner: the checks
# read only those three, and a handful of contexts (自摸, 点炮 from each seat …) make up
# nearly every line. A refusal is never kept, so it is raised afresh naming its token; the
# ruleset object is kept beside its Win, so a ruleset registered anew under an old id is
# checked anew.
_CHECKED_WINS: dict[tuple[LineContext, str, Seat], tuple[Ruleset, Win]] = {}
_CHECKED_WINS_KEPT: Final = 4096


def _checked_win(context: LineContext, where: Where, rules: Ruleset, winner: Seat) -> Win:
    """``win_of`` for a typed hand, remembered once its checks pass."""
    key = (context, rules.id, winner)
    known = _CHECKED_WINS.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    win = win_of(context, where.word, rules, winner, where)
    if len(_CHECKED_WINS) < _CHECKED_WINS_KEPT:
        _CHECKED_WINS[key] = (rules, win)
    return win


def best_valuation(
    readings: Iterable[Reading], win: Win, rules: Ruleset
) -> tuple[Reading, Valuation]:
    """The reading that pays the winner most; the nearest refusal when none may win."""
    best: tuple[Reading, Valuation] | None = None
    refusals: list[Refusal] = []
    for reading in readings:
        try:
            valuation = rules.valuate(reading, win, rules)
        except Refusal as refusal:
            refusals.append(refusal)
            continue
        if best is None or _rank(valuation) > _rank(best[1]):
            best = (reading, valuation)
    if best is None:
        raise max(refusals, key=lambda refusal: refusal.closeness)
    reading, valuation = best
    unpriced = rules.unpriced_notes(reading, win)
    if unpriced:
        valuation = replace(valuation, notes=valuation.notes + unpriced)
    return reading, valuation


@lru_cache(maxsize=4096)
def _best_result(readings: tuple[Reading, ...], win: Win, rules: str, base: int) -> ScoreResult:
    """The result of the best reading, without the hand, remembered: readings are shared
    facts (``analysis`` hands out one object per set of facts), so hands that differ in
    tiles but not in facts, won the same way, are valued, settled and explained once."""
    ruleset = get(rules)
    reading, valuation = best_valuation(readings, win, ruleset)
    return build_result(ruleset, reading.shape, valuation, win, base)


def _for_hand(remembered: ScoreResult, hand: Hand, wild_faces: frozenset[Tile]) -> ScoreResult:
    """The remembered result of ``hand``'s facts, made the hand's own. Its fields are
    copied in one dict update: a frozen dataclass's ``__init__`` pays an
    ``object.__setattr__`` call per field (thirteen here), four times the cost."""
    result = object.__new__(ScoreResult)
    fields = vars(result)
    fields.update(vars(remembered))
    fields["payments"] = dict(remembered.payments)  # each result its own
    fields["hand"] = hand
    fields["wild_faces"] = wild_faces
    return result


def forget_valuations() -> None:
    """Drop the remembered valuations (the benchmark times scoring without them too)."""
    _best_result.cache_clear()


def _rank(valuation: Valuation) -> tuple[int, int, int]:
    """Money first; on a tie the higher value, then more 台 (the fuller explanation)."""
    return (valuation.winner_total, valuation.value, valuation.tai or 0)


def win_of(
    ctx: LineContext,
    word: WordTokens,
    rules: Ruleset,
    winner: Seat,
    anchor: Where | None = None,
) -> Win:
    """How the hand was won, with every seat checked against the winner and the ruleset.

    ``word`` says where each context word was written; ``anchor`` holds what to name when
    no word says how the hand was won (the winning tile of a typed hand).
    """
    for kind, seat in _seats_named(ctx, winner):
        if seat == winner:
            raise _at(
                word(kind),
                ScoringErrorCode.BAD_SEAT,
                f"{kind.zh}的是胡牌者自己（{winner.zh}），要写另一家",
                f"the {kind.en} seat is the winner ({winner.value}) itself; name another seat",
            )
    if ctx.contract_payer is not None and not rules.has_contract:
        raise _at(
            word(WordKind.CONTRACT),
            ScoringErrorCode.INCONSISTENT,
            f"{rules.name_zh}没有三摊承包（那是杭州麻将的规则）",
            f"{rules.name_en} has no three-chow contract (a Hangzhou rule)",
        )
    if ctx.piao and not rules.has_piao:
        raise _at(
            word(WordKind.PIAO),
            ScoringErrorCode.INCONSISTENT,
            f"{rules.name_zh}不计飘（飘只在杭州麻将和飘花里算）",
            f"{rules.name_en} does not score 飘 (only Hangzhou and the 飘花 systems do)",
        )
    if ctx.robbed_kong_of is not None:
        win_kind, payer = WinKind.ROBBED_KONG, ctx.robbed_kong_of
        if ctx.kong_chain or ctx.piao:
            token = word(WordKind.KONG_CHAIN) or word(WordKind.PIAO)
            raise _at(
                token,
                ScoringErrorCode.CONFLICTING_WORDS,
                "抢杠胡胡的是别人补杠的牌，不是自己摸的，不能再算杠开或飘",
                "robbing a kong wins on another player's tile: no gangkai or piao with it",
            )
    elif ctx.discarder is not None:
        win_kind, payer = WinKind.DISCARD, ctx.discarder
        if not rules.allows_discard_win:
            raise _at(
                word(WordKind.DISCARDER),
                ScoringErrorCode.DISCARD_WIN_FORBIDDEN,
                f"{rules.name_zh}只能自摸，放炮不能胡",
                f"{rules.name_en} is self-draw only: no win on a discard",
            )
    elif ctx.self_draw:
        win_kind, payer = WinKind.SELF_DRAW, None
    elif rules.allows_discard_win:
        raise _at(
            None if anchor is None else anchor.winning,
            ScoringErrorCode.INCONSISTENT,
            "没写怎么胡的：加上 自摸，或 点炮X（放冲X），或 抢杠X",
            "say how the hand was won: add tsumo (self-draw), ron X (X discarded) or rob X "
            "(robbing X's kong)",
        )
    else:
        raise _at(
            None if anchor is None else anchor.winning,
            ScoringErrorCode.INCONSISTENT,
            f"没写怎么胡的：{rules.name_zh}只能自摸，加上 自摸，或 抢杠X",
            f"say how the hand was won: {rules.name_en} is self-draw only, add tsumo "
            "(self-draw) or rob X (robbing X's kong)",
        )
    _check_dealer(ctx, word, winner)
    return _win(ctx, win_kind, winner, payer)


def _check_dealer(ctx: LineContext, word: WordTokens, winner: Seat) -> None:
    """天胡 is the dealer's (座东), 地胡 a non-dealer's: the seat wind says who deals."""
    seat_wind = ctx.seat_wind or winner
    if ctx.heavenly and seat_wind is not Seat.E:
        raise _at(
            word(WordKind.HEAVENLY),
            ScoringErrorCode.DEALER_MISMATCH,
            f"天胡是庄家（座东）起手就胡，这手胡牌者座{seat_wind.zh}，不是庄家："
            "庄家写 座E，闲家第一轮胡写 地胡",
            f"a heavenly hand is the dealer's (seat wind East) win on the deal; this winner "
            f"sits at {seat_wind.value}: write seat E for the dealer, or chiihou (earthly hand) "
            "for a non-dealer",
        )
    if ctx.earthly and seat_wind is Seat.E:
        raise _at(
            word(WordKind.EARTHLY),
            ScoringErrorCode.DEALER_MISMATCH,
            "地胡是闲家第一轮就胡，这手胡牌者座东，就是庄家：庄家起手胡写 天胡，"
            "闲家写 座S / 座W / 座N（座南 …）",
            "an earthly hand is a non-dealer's win in the first go-round; this winner sits "
            "at E, the dealer: write tenhou (heavenly hand) for the dealer, or seat S / seat W / "
            "seat N for a non-dealer",
        )


@lru_cache(maxsize=1024)
def _win(ctx: LineContext, kind: WinKind, winner: Seat, payer: Seat | None) -> Win:
    """The ``Win`` of checked context words, remembered: a handful of contexts (自摸, 点炮
    from each seat …) make up nearly every line, and a frozen ten-field ``Win`` costs
    more to build than to look up."""
    return Win(
        kind=kind,
        winner=winner,
        payer=payer,
        contract=ctx.contract_payer,
        kong_chain=ctx.kong_chain,
        piao=ctx.piao,
        heavenly=ctx.heavenly,
        earthly=ctx.earthly,
        seat_wind=(ctx.seat_wind or winner).wind,
        round_wind=ctx.round_wind.wind,
    )


def _seats_named(ctx: LineContext, winner: Seat) -> tuple[tuple[WordKind, Seat | None], ...]:
    """The seats the context words name, when one of them is the winner (else none)."""
    if winner not in (ctx.discarder, ctx.robbed_kong_of, ctx.contract_payer):
        return ()
    return (
        (WordKind.DISCARDER, ctx.discarder),
        (WordKind.ROBBED_KONG, ctx.robbed_kong_of),
        (WordKind.CONTRACT, ctx.contract_payer),
    )


def wild_faces_for(
    rules: Ruleset, indicator: Tile | None, held: Iterable[Tile], word: WordTokens | None = None
) -> frozenset[Tile]:
    """The faces that are wild in a line of ``rules`` holding ``held`` (its tiles).

    Refuses a line that cannot say which tiles are wild (Huzhou without 翻T or 财 / *) or
    turns an indicator where none is turned (翻T under Hangzhou); ``word`` says where the
    line's words were written, to name 翻T.
    """
    if not rules.uses_indicator:
        check_no_indicator(rules, indicator, word)
        return rules.wild_faces(None)
    if indicator is None and JOKER not in held:
        raise ScoringError(
            ScoringErrorCode.MISSING_INDICATOR,
            "湖州麻将要知道哪张是花：加上翻出的牌（如 翻1m，花就是 2m），或把花写成 财 / *",
            "Huzhou hands need the wild: add the turned-up indicator (e.g. flip 1m makes 2m "
            "wild), or write the wilds as 财 / *",
        )
    return rules.wild_faces(indicator)


def check_no_indicator(rules: Ruleset, indicator: Tile | None, word: WordTokens | None) -> None:
    """Refuse 翻T under a ruleset whose wild is fixed (Hangzhou's 白板): the group probably
    chose the wrong ruleset. Typed lines and quick entry share it."""
    if indicator is not None and not rules.uses_indicator:
        raise _at(
            None if word is None else word(WordKind.INDICATOR),
            ScoringErrorCode.INCONSISTENT,
            f"{rules.name_zh}的财神固定是白板，不用翻牌；湖州玩法才写 翻T",
            f"{rules.name_en} has White as its fixed wild: no indicator (翻T is Huzhou)",
        )


def _check_melds(hand: Hand, where: Where, wild_faces: frozenset[Tile]) -> None:
    for index, meld in enumerate(hand.melds):
        if any(is_wild(tile, wild_faces) for tile in meld.tiles):
            raise _at(
                where.meld(index),
                ScoringErrorCode.WILD_IN_MELD,
                "财神不能吃、碰、杠：亮出的牌组里只能是真牌",
                "a wild cannot be chowed, punged or konged: melds hold real tiles only",
            )


def _check_wild_supply(
    hand: Hand, where: Where, wild_faces: frozenset[Tile], rules: Ruleset
) -> None:
    held = hand.concealed.count(JOKER) + is_wild(hand.winning_tile, wild_faces)
    for face in wild_faces:
        held += hand.concealed.count(face)
    if held > rules.wild_copies:
        wild_tokens = [token for tile, token in where.concealed() if is_wild(tile, wild_faces)]
        token = wild_tokens[-1] if wild_tokens else where.winning
        raise _at(
            token,
            ScoringErrorCode.FIFTH_COPY,
            f"财神一共只有 {rules.wild_copies} 张，这手牌里有 {held} 张",
            f"there are only {rules.wild_copies} wild tiles; this hand holds {held}",
        )
    discarded = hand.context.piao if rules.has_piao else 0
    if held + discarded > rules.wild_copies:
        raise _floated_too_many(where, wild_faces, rules.wild_copies, held, discarded)


def _floated_too_many(
    where: Where, wild_faces: frozenset[Tile], copies: int, held: int, discarded: int
) -> ScoringError:
    """A 飘 of ``discarded`` wilds beside ``held`` ones: more copies than the wall has (each
    飘 discards one wild, so the wilds held and floated share the same four tiles)."""
    piao = where.word(WordKind.PIAO)
    return floated_beyond_supply(piao, wild_faces, copies, held, discarded)


def floated_beyond_supply(
    piao: Token | None, wild_faces: frozenset[Tile], copies: int, held: int, discarded: int
) -> ScoringError:
    """The refusal of a 飘 word (``piao``) that, with the wilds held, needs more wilds than the
    wall has: one wording for full lines and quick entry (which says held wilds as 财神N)."""
    word = piao.text if piao is not None else f"飘{discarded}"
    face = next(iter(wild_faces)) if len(wild_faces) == 1 else JOKER
    name_zh = "财神" if face == JOKER else f"{zh_name(face)}（财神）"
    name_en = "wild tiles" if face == JOKER else f"{en_name(face)} tiles (the wild)"
    return _at(
        piao,
        ScoringErrorCode.FIFTH_COPY,
        f"{name_zh}一共只有 {copies} 张，这手牌要 {held + discarded} 张：手里 {held} 张，"
        f"「{word}」打出了 {discarded} 张",
        f"there are only {copies} {name_en}: this line needs {held + discarded}: "
        f"{held} in the hand and {discarded} discarded by “{word}”",
    )


def _check_discarded_wild(
    hand: Hand, where: Where, wild_faces: frozenset[Tile], win: Win, rules: Ruleset
) -> None:
    if win.kind is WinKind.SELF_DRAW or not is_wild(hand.winning_tile, wild_faces):
        return
    if win.kind is WinKind.ROBBED_KONG:
        zh, en = (
            "抢杠的那张是别人杠的真牌，不能是财神",
            "a robbed kong's tile is real, never a wild",
        )
    elif rules.uses_indicator:
        zh = "不能胡别人打出的财神（湖州：不能用财神放冲，也不能靠别人打出的财神完成放冲）"
        en = "nobody may win on a discarded wild (Huzhou: a wild can never feed a discard win)"
    else:
        zh = "打出白板就进入飘，其他人只能摸打，不能胡这张白板"
        en = "a discarded White starts a float: the others may only draw and discard, not win on it"
    raise _at(where.winning, ScoringErrorCode.DISCARDED_WILD, zh, en)


def _at(token: Token | None, code: ScoringErrorCode, zh: str, en: str) -> ScoringError:
    if token is None:
        return ScoringError(code, zh, en)
    if token.position == _UNTYPED:
        return ScoringError(code, zh, en, token.text)
    return error_at(token, code, zh, en)


# ---- the result ----------------------------------------------------------------------------


Settled = tuple[dict[Seat, int], Explanation]  # every seat's delta, and how it was reckoned


def settle(rules: Ruleset, valuation: Valuation, win: Win, base: int) -> Settled:
    """The money of a valuation: every seat's delta and the explanation of the sum."""
    money = rules.multiplier * base
    share = valuation.share * money
    others = valuation.others_share * money
    payer = win.contract if valuation.rule is PayerRule.CONTRACT else win.payer
    deltas = payments.settle(valuation.rule, share, win.winner, payer, others)
    return deltas, _explanation(rules, valuation, payer, base, share, others)


def build_result(
    rules: Ruleset, shape: Shape | None, valuation: Valuation, win: Win, base: int
) -> ScoreResult:
    """Money and explanation for the chosen valuation, without the hand (a typed hand's
    result gets it from ``_for_hand``; quick entry has none)."""
    deltas, explanation = settle(rules, valuation, win, base)
    return ScoreResult(
        ruleset=rules.id,
        shape=shape,
        value=valuation.value,
        unit_zh=rules.unit_zh,
        unit_en=rules.unit_en,
        patterns=valuation.patterns,
        payments=dict(deltas),  # each result its own: the remembered one is shared
        explanation=explanation,
        winner=win.winner,
        base=base,
        tai=valuation.tai,
        seat_wind=SEAT_ORDER[win.seat_wind - EAST],
        hand=None,
        wild_faces=frozenset(),
    )


def _explanation(
    rules: Ruleset,
    valuation: Valuation,
    payer: Seat | None,
    base: int,
    share: int,
    others: int,
) -> Explanation:
    times, times_factor = _times(rules.multiplier)
    rule = valuation.rule
    if rule is PayerRule.SELF_DRAW:
        tail_zh, tail_en = f" = {share} / 家", f" = {share} each"
    elif rule is PayerRule.DISCARD_SPLIT:
        tail_zh = f"：放冲者 {share}，其余两家各 {others}"
        tail_en = f": the discarder {share}, the other two {others} each"
    elif rule is PayerRule.CONTRACT or rule is PayerRule.ROBBED_KONG:
        tail_zh = f" = {share} / 份 × 3 份 = {3 * share}"
        tail_en = f" = {share} a share × 3 shares = {3 * share}"
    else:
        tail_zh = tail_en = f" = {share}"
    code, rule_zh, rule_en = _RULE_WORDS[rule]
    if payer is not None:
        rule_zh = f"{rule_zh}（{payer.zh}）"
        rule_en = f"{rule_en} ({payer})"
    return Explanation(
        factors=(
            (rules.unit_zh, rules.unit_en, valuation.share),
            *times_factor,
            ("底分", "base", base),
        ),
        formula_zh=f"{valuation.formula_zh}{times} × 底分 {base}{tail_zh}",
        formula_en=f"{valuation.formula_en}{times} × base {base}{tail_en}",
        payer_rule=code,
        payer_rule_zh=rule_zh,
        payer_rule_en=rule_en,
        notes=valuation.notes,
    )


# Per payer rule, what every explanation of it says: its code and its zh and en sentences.
_RULE_WORDS: Final = {rule: (rule.value, rule.text("zh"), rule.text("en")) for rule in PayerRule}


@cache
def _times(multiplier: int) -> tuple[str, tuple[tuple[str, str, int], ...]]:
    """The multiplier's part of a formula (" × 8", or nothing for ×1) and of the factors."""
    if multiplier == 1:
        return "", ()
    return f" × {multiplier}", ((f"×{multiplier}", f"×{multiplier}", multiplier),)
