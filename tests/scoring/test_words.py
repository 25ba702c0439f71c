"""The context-word vocabulary (SPEC §1): every form and alias, seats, and conflicts."""

import pytest

from scoring.errors import ScoringError, ScoringErrorCode
from scoring.hand import LineContext
from scoring.lexicon import Token
from scoring.tiles import EAST, NORTH, RED, WHITE, Seat, tile_from
from scoring.words import (
    VOCABULARY,
    Word,
    WordKind,
    build_context,
    context_of,
    match_word,
    parse_seat,
    read_winds,
    seat_or_error,
    stated_winds,
    words_of,
    write_word,
)

K = WordKind

WORDS = [
    # 自摸
    ("自摸", K.SELF_DRAW, True),
    ("tsumo", K.SELF_DRAW, True),
    ("Tsumo", K.SELF_DRAW, True),
    ("zimo", K.SELF_DRAW, True),
    ("self", K.SELF_DRAW, True),
    ("self-draw", K.SELF_DRAW, True),
    ("self-drawn", K.SELF_DRAW, True),
    ("Self Drawn", K.SELF_DRAW, True),
    ("self draw", K.SELF_DRAW, True),
    ("selfdraw", K.SELF_DRAW, True),
    ("selfdrawn", K.SELF_DRAW, True),
    ("zi mo", K.SELF_DRAW, True),
    # 点炮X / 放冲X / 放炮X
    ("点炮S", K.DISCARDER, Seat.S),
    ("点炮南", K.DISCARDER, Seat.S),
    ("点炮s", K.DISCARDER, Seat.S),
    ("点炮 W", K.DISCARDER, Seat.W),
    ("放冲N", K.DISCARDER, Seat.N),
    ("放冲北", K.DISCARDER, Seat.N),
    ("放炮E", K.DISCARDER, Seat.E),
    ("放炮东", K.DISCARDER, Seat.E),
    ("放炮東", K.DISCARDER, Seat.E),
    ("点冲西", K.DISCARDER, Seat.W),
    ("点炮西家", K.DISCARDER, Seat.W),
    ("ron S", K.DISCARDER, Seat.S),
    ("RON w", K.DISCARDER, Seat.W),
    ("discard north", K.DISCARDER, Seat.N),
    ("dianpao E", K.DISCARDER, Seat.E),
    # 杠开 and the kong chain
    ("杠开", K.KONG_CHAIN, 1),
    ("杠上开花", K.KONG_CHAIN, 1),
    ("杠上花", K.KONG_CHAIN, 1),
    ("杠开1", K.KONG_CHAIN, 1),
    ("杠开2", K.KONG_CHAIN, 2),
    ("杠开3", K.KONG_CHAIN, 3),
    ("杠开4", K.KONG_CHAIN, 4),
    ("二连杠", K.KONG_CHAIN, 2),
    ("三连杠", K.KONG_CHAIN, 3),
    ("四连杠", K.KONG_CHAIN, 4),
    ("rinshan", K.KONG_CHAIN, 1),
    ("rinshan2", K.KONG_CHAIN, 2),
    ("rinshan3", K.KONG_CHAIN, 3),
    ("rinshan4", K.KONG_CHAIN, 4),
    ("gangkai2", K.KONG_CHAIN, 2),
    ("gangkai3", K.KONG_CHAIN, 3),
    ("gangkai", K.KONG_CHAIN, 1),
    ("gangkai4", K.KONG_CHAIN, 4),
    # 飘
    ("飘1", K.PIAO, 1),
    ("飘2", K.PIAO, 2),
    ("飘3", K.PIAO, 3),
    ("财飘", K.PIAO, 1),
    ("双财飘", K.PIAO, 2),
    ("三财飘", K.PIAO, 3),
    ("飘一花", K.PIAO, 1),
    ("飘两花", K.PIAO, 2),
    ("飘二花", K.PIAO, 2),
    ("飘1花", K.PIAO, 1),  # the count as players type it
    ("飘2花", K.PIAO, 2),
    ("飘3花", K.PIAO, 3),
    ("飘三花", K.PIAO, 3),
    ("piao1", K.PIAO, 1),
    ("piao2", K.PIAO, 2),
    ("PIAO3", K.PIAO, 3),
    # 抢杠X, 承包X
    ("抢杠S", K.ROBBED_KONG, Seat.S),
    ("抢杠北", K.ROBBED_KONG, Seat.N),
    ("抢杠胡W", K.ROBBED_KONG, Seat.W),
    ("chankan N", K.ROBBED_KONG, Seat.N),
    ("rob e", K.ROBBED_KONG, Seat.E),
    ("承包W", K.CONTRACT, Seat.W),
    ("承包 西", K.CONTRACT, Seat.W),
    ("三摊承包W", K.CONTRACT, Seat.W),  # the seed's own name
    ("contract S", K.CONTRACT, Seat.S),
    ("chengbao n", K.CONTRACT, Seat.N),
    # 天胡 地胡
    ("天胡", K.HEAVENLY, True),
    ("tenhou", K.HEAVENLY, True),
    ("tianhu", K.HEAVENLY, True),
    ("地胡", K.EARTHLY, True),
    ("chiihou", K.EARTHLY, True),
    ("dihu", K.EARTHLY, True),
    # 翻T
    ("翻1m", K.INDICATOR, tile_from(1, "m")),
    ("翻9s", K.INDICATOR, tile_from(9, "s")),
    ("翻5p", K.INDICATOR, tile_from(5, "p")),
    ("翻4z", K.INDICATOR, NORTH),
    ("翻北", K.INDICATOR, NORTH),
    ("翻中", K.INDICATOR, RED),
    ("翻红中", K.INDICATOR, RED),
    ("翻白板", K.INDICATOR, WHITE),
    ("翻一万", K.INDICATOR, tile_from(1, "m")),
    ("翻5条", K.INDICATOR, tile_from(5, "s")),
    ("翻三饼", K.INDICATOR, tile_from(3, "p")),
    ("翻 1m", K.INDICATOR, tile_from(1, "m")),
    ("翻１ｍ", K.INDICATOR, tile_from(1, "m")),
    ("flip 7z", K.INDICATOR, RED),
    ("indicator 1z", K.INDICATOR, EAST),
    # 座X 圈X
    ("座S", K.SEAT_WIND, Seat.S),
    ("座南", K.SEAT_WIND, Seat.S),
    ("座北风", K.SEAT_WIND, Seat.N),
    ("seat w", K.SEAT_WIND, Seat.W),
    ("圈E", K.ROUND_WIND, Seat.E),
    ("圈南", K.ROUND_WIND, Seat.S),
    ("圈西风", K.ROUND_WIND, Seat.W),
    ("round N", K.ROUND_WIND, Seat.N),
    # 座风X 圈风X 门风X: the refusal message's own spelling (QA finding)
    ("座风南", K.SEAT_WIND, Seat.S),
    ("座风S", K.SEAT_WIND, Seat.S),
    ("座风 西", K.SEAT_WIND, Seat.W),
    ("门风北", K.SEAT_WIND, Seat.N),
    ("圈风南", K.ROUND_WIND, Seat.S),
    ("圈风S", K.ROUND_WIND, Seat.S),
    ("座 南", K.SEAT_WIND, Seat.S),
    ("seat S", K.SEAT_WIND, Seat.S),
    ("round S", K.ROUND_WIND, Seat.S),
    ("seat wind S", K.SEAT_WIND, Seat.S),
    ("seat-wind e", K.SEAT_WIND, Seat.E),
    ("seatwind N", K.SEAT_WIND, Seat.N),
    ("round wind W", K.ROUND_WIND, Seat.W),
    ("round-wind s", K.ROUND_WIND, Seat.S),
    ("roundwind E", K.ROUND_WIND, Seat.E),
    # two-part English and pinyin words, hyphenated, spaced or run together
    ("dian pao S", K.DISCARDER, Seat.S),
    ("dian-pao W", K.DISCARDER, Seat.W),
    ("discarded by N", K.DISCARDER, Seat.N),
    ("discarded-by E", K.DISCARDER, Seat.E),
    ("discardedby S", K.DISCARDER, Seat.S),
    ("gang kai", K.KONG_CHAIN, 1),
    ("gang-kai", K.KONG_CHAIN, 1),
    ("kong bloom", K.KONG_CHAIN, 1),
    ("kong-bloom", K.KONG_CHAIN, 1),
    ("kongbloom", K.KONG_CHAIN, 1),
    ("qiang gang S", K.ROBBED_KONG, Seat.S),
    ("qiang-gang S", K.ROBBED_KONG, Seat.S),
    ("qianggang W", K.ROBBED_KONG, Seat.W),
    ("rob kong N", K.ROBBED_KONG, Seat.N),
    ("rob-kong N", K.ROBBED_KONG, Seat.N),
    ("robkong N", K.ROBBED_KONG, Seat.N),
    ("robbing kong S", K.ROBBED_KONG, Seat.S),
    ("robbing-kong S", K.ROBBED_KONG, Seat.S),
    ("robbingkong S", K.ROBBED_KONG, Seat.S),
    ("robbing the kong S", K.ROBBED_KONG, Seat.S),
    ("Robbing a kong W", K.ROBBED_KONG, Seat.W),
    ("rob the kong N", K.ROBBED_KONG, Seat.N),
    ("piao 2", K.PIAO, 2),
    ("piao 3", K.PIAO, 3),
    ("piao 1", K.PIAO, 1),
    ("float1", K.PIAO, 1),
    ("float 1", K.PIAO, 1),
    ("float2", K.PIAO, 2),
    ("Float 2", K.PIAO, 2),
    ("float3", K.PIAO, 3),
    ("float 3", K.PIAO, 3),
    ("抢杠胡S", K.ROBBED_KONG, Seat.S),
    ("cheng bao S", K.CONTRACT, Seat.S),
    ("cheng-bao S", K.CONTRACT, Seat.S),
    ("heavenly", K.HEAVENLY, True),
    ("heavenly hand", K.HEAVENLY, True),
    ("heavenly-hand", K.HEAVENLY, True),
    ("heavenlyhand", K.HEAVENLY, True),
    ("tian hu", K.HEAVENLY, True),
    ("tian-hu", K.HEAVENLY, True),
    ("earthly", K.EARTHLY, True),
    ("earthly hand", K.EARTHLY, True),
    ("earthly-hand", K.EARTHLY, True),
    ("earthlyhand", K.EARTHLY, True),
    ("di hu", K.EARTHLY, True),
    ("di-hu", K.EARTHLY, True),
]


@pytest.mark.parametrize(("text", "kind", "value"), [pytest.param(*w, id=w[0]) for w in WORDS])
def test_every_context_word_and_alias(text: str, kind: WordKind, value: object) -> None:
    assert match_word(text) == Word(kind, value)  # type: ignore[arg-type]


def test_every_vocabulary_form_is_in_the_table_above() -> None:
    def form_of(text: str) -> str:
        return max((f for f in VOCABULARY if text.lower().startswith(f)), key=len)

    assert set(VOCABULARY) - {form_of(text) for text, _, _ in WORDS} == set()


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("自摸吧", id="trailing-text"),
        pytest.param("selfish", id="english-needs-word-end"),
        pytest.param("飘", id="piao-without-count"),
        pytest.param("飘4", id="piao-four"),
        pytest.param("杠开5", id="kong-chain-five"),
        pytest.param("爆头", id="quick-entry-word-not-here"),
        pytest.param("七对", id="quick-entry-word-not-here-2"),
        pytest.param("", id="empty"),
        pytest.param("5m", id="a-tile"),
    ],
)
def test_non_words(text: str) -> None:
    assert match_word(text) is None


@pytest.mark.parametrize(
    ("text", "code", "token"),
    [
        pytest.param("点炮Q", ScoringErrorCode.BAD_SEAT, "点炮Q", id="discarder-letter"),
        pytest.param("点炮", ScoringErrorCode.BAD_SEAT, "点炮", id="discarder-missing"),
        pytest.param("放冲中", ScoringErrorCode.BAD_SEAT, "放冲中", id="discarder-dragon"),
        pytest.param("抢杠X", ScoringErrorCode.BAD_SEAT, "抢杠X", id="robbed-letter"),
        pytest.param("承包5", ScoringErrorCode.BAD_SEAT, "承包5", id="contract-digit"),
        pytest.param("座", ScoringErrorCode.BAD_SEAT, "座", id="seat-missing"),
        pytest.param("圈Z", ScoringErrorCode.BAD_SEAT, "圈Z", id="round-letter"),
        pytest.param(
            "ron Sam", ScoringErrorCode.BAD_SEAT, "ron Sam", id="english-seat-needs-word-end"
        ),
        pytest.param("翻", ScoringErrorCode.BAD_INDICATOR, "翻", id="indicator-missing"),
        pytest.param("翻*", ScoringErrorCode.BAD_INDICATOR, "翻*", id="indicator-wild"),
        pytest.param("翻财", ScoringErrorCode.BAD_INDICATOR, "翻财", id="indicator-wild-zh"),
        pytest.param("翻12m", ScoringErrorCode.BAD_INDICATOR, "翻12m", id="indicator-two-tiles"),
        pytest.param("翻x", ScoringErrorCode.BAD_INDICATOR, "翻x", id="indicator-not-a-tile"),
        pytest.param("翻0m", ScoringErrorCode.UNKNOWN_TOKEN, "0m", id="indicator-zero"),
    ],
)
def test_word_with_a_bad_argument(text: str, code: ScoringErrorCode, token: str) -> None:
    with pytest.raises(ScoringError) as caught:
        match_word(text)
    assert (caught.value.code, caught.value.token) == (code, token)
    assert caught.value.zh and caught.value.en


def test_error_position_counts_leading_spaces() -> None:
    with pytest.raises(ScoringError) as caught:
        match_word("  点炮Q")
    assert caught.value.position == 2


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        *[pytest.param(t, Seat.E, id=t) for t in ("E", "e", "东", "東", "east", "East", "东家")],
        *[pytest.param(t, Seat.S, id=t) for t in ("S", "s", "南", "south", "南家", "南风")],
        *[pytest.param(t, Seat.W, id=t) for t in ("W", "w", "西", "west", "西家", "ｗ")],
        *[pytest.param(t, Seat.N, id=t) for t in ("N", "n", "北", "North", " 北 ", "北風")],
    ],
)
def test_seats(text: str, seat: Seat) -> None:
    assert parse_seat(text) is seat
    assert seat_or_error(text) is seat


@pytest.mark.parametrize("text", ["", "X", "ES", "中", "eastern", "1"])
def test_not_seats(text: str) -> None:
    assert parse_seat(text) is None
    with pytest.raises(ScoringError) as caught:
        seat_or_error(text)
    assert (caught.value.code, caught.value.token) == (ScoringErrorCode.BAD_SEAT, text)


def _words(*texts: str) -> list[tuple[Word, Token]]:
    found = []
    position = 0
    for text in texts:
        word = match_word(text)
        assert word is not None, text
        found.append((word, Token(text, position)))
        position += len(text) + 1
    return found


@pytest.mark.parametrize(
    ("texts", "context"),
    [
        pytest.param((), LineContext(), id="nothing"),
        pytest.param(("自摸",), LineContext(self_draw=True), id="self-draw"),
        pytest.param(("点炮S",), LineContext(discarder=Seat.S), id="discard"),
        pytest.param(("杠开",), LineContext(self_draw=True, kong_chain=1), id="kong-implies-tsumo"),
        pytest.param(("自摸", "杠开2"), LineContext(self_draw=True, kong_chain=2), id="both"),
        pytest.param(("飘2",), LineContext(self_draw=True, piao=2), id="piao-implies-tsumo"),
        pytest.param(("天胡",), LineContext(self_draw=True, heavenly=True), id="heavenly-tsumo"),
        pytest.param(("地胡",), LineContext(self_draw=True, earthly=True), id="earthly-tsumo"),
        pytest.param(
            ("地胡", "点炮E"), LineContext(earthly=True, discarder=Seat.E), id="earthly-on-discard"
        ),
        pytest.param(("抢杠N",), LineContext(robbed_kong_of=Seat.N), id="robbed"),
        pytest.param(
            ("承包W", "点炮S"), LineContext(discarder=Seat.S, contract_payer=Seat.W), id="contract"
        ),
        pytest.param(
            ("翻1m", "座S", "圈W"),
            LineContext(indicator=0, seat_wind=Seat.S, round_wind=Seat.W),
            id="winds",
        ),
        pytest.param(("自摸", "自摸"), LineContext(self_draw=True), id="repeated-same-value"),
        pytest.param(("点炮S", "放冲南"), LineContext(discarder=Seat.S), id="same-discarder-twice"),
    ],
)
def test_build_context(texts: tuple[str, ...], context: LineContext) -> None:
    assert build_context(_words(*texts))[0] == context


def test_build_context_keeps_each_kinds_first_token() -> None:
    _, tokens = build_context(_words("自摸", "翻1m", "自摸"))
    assert tokens == {"self_draw": Token("自摸", 0), "indicator": Token("翻1m", 3)}


@pytest.mark.parametrize(
    ("texts", "offender"),
    [
        pytest.param(("自摸", "点炮S"), "点炮S", id="tsumo-and-discard"),
        pytest.param(("点炮S", "自摸"), "自摸", id="discard-and-tsumo"),
        pytest.param(("点炮S", "放冲W"), "放冲W", id="two-discarders"),
        pytest.param(("杠开", "点炮S"), "点炮S", id="kong-bloom-on-discard"),
        pytest.param(("飘1", "放炮N"), "放炮N", id="piao-on-discard"),
        pytest.param(("天胡", "点炮S"), "点炮S", id="heavenly-on-discard"),
        pytest.param(("抢杠S", "自摸"), "自摸", id="robbed-and-tsumo"),
        pytest.param(("抢杠S", "点炮S"), "点炮S", id="robbed-and-discard"),
        pytest.param(("杠开", "抢杠S"), "抢杠S", id="kong-bloom-and-robbed"),
        pytest.param(("财飘", "抢杠S"), "抢杠S", id="piao-and-robbed"),
        pytest.param(("地胡", "抢杠S"), "抢杠S", id="earthly-and-robbed"),
        pytest.param(("天胡", "地胡"), "地胡", id="heavenly-and-earthly"),
        pytest.param(("飘1", "飘2"), "飘2", id="piao-twice"),
        pytest.param(("杠开", "二连杠"), "二连杠", id="kong-chain-twice"),
        pytest.param(("翻1m", "翻2m"), "翻2m", id="indicator-twice"),
        pytest.param(("座S", "座N"), "座N", id="seat-twice"),
        pytest.param(("圈S", "圈N"), "圈N", id="round-twice"),
        pytest.param(("承包S", "承包N"), "承包N", id="contract-twice"),
        pytest.param(("抢杠S", "抢杠N"), "抢杠N", id="robbed-twice"),
    ],
)
def test_conflicting_words(texts: tuple[str, ...], offender: str) -> None:
    found = _words(*texts)
    with pytest.raises(ScoringError) as caught:
        build_context(found)
    error = caught.value
    assert error.code is ScoringErrorCode.CONFLICTING_WORDS
    assert error.token == offender
    assert error.position == next(t.position for _, t in found if t.text == offender)
    other = next(t for t in texts if t != offender)
    assert other in error.zh and other in error.en


@pytest.mark.parametrize("zh", [False, True], ids=["mpsz", "zh"])
@pytest.mark.parametrize(
    "word",
    [
        Word(K.SELF_DRAW, True),
        *[Word(K.DISCARDER, seat) for seat in Seat],
        *[Word(K.KONG_CHAIN, n) for n in (1, 2, 3, 4)],
        *[Word(K.PIAO, n) for n in (1, 2, 3)],
        Word(K.ROBBED_KONG, Seat.N),
        Word(K.CONTRACT, Seat.W),
        Word(K.HEAVENLY, True),
        Word(K.EARTHLY, True),
        *[Word(K.INDICATOR, tile) for tile in (0, 8, 17, 26, EAST, NORTH, WHITE, RED)],
        Word(K.SEAT_WIND, Seat.S),
        Word(K.ROUND_WIND, Seat.N),
    ],
    ids=str,
)
def test_written_words_read_back(word: Word, zh: bool) -> None:
    assert match_word(write_word(word, zh=zh)) == word


@pytest.mark.parametrize(
    ("context", "texts"),
    [
        pytest.param(LineContext(), [], id="nothing"),
        pytest.param(LineContext(self_draw=True), ["自摸"], id="tsumo"),
        pytest.param(LineContext(self_draw=True, kong_chain=1), ["杠开"], id="tsumo-implied"),
        pytest.param(LineContext(self_draw=True, earthly=True), ["地胡"], id="earthly"),
        pytest.param(
            LineContext(discarder=Seat.W, earthly=True), ["点炮W", "地胡"], id="earthly-discard"
        ),
        pytest.param(LineContext(round_wind=Seat.E, seat_wind=Seat.E), ["座E"], id="default-round"),
    ],
)
def test_words_of_writes_the_fewest_words(context: LineContext, texts: list[str]) -> None:
    assert [write_word(word) for word in words_of(context)] == texts


def test_no_word_starts_with_a_digit() -> None:
    """The parser reads a digit as the start of a tile group without trying words."""
    assert [form for form in VOCABULARY if form[0].isdigit()] == []


@pytest.mark.parametrize(
    ("line", "stated"),
    [
        pytest.param("自摸 座南", (True, False), id="座南"),
        pytest.param("自摸 座风南", (True, False), id="座风南"),
        pytest.param("自摸 座风S", (True, False), id="座风S"),
        pytest.param("自摸 座 南", (True, False), id="座-space-南"),
        pytest.param("自摸 门风西", (True, False), id="门风西"),
        pytest.param("tsumo seat S", (True, False), id="seat-S"),
        pytest.param("tsumo round S", (False, True), id="round-S"),
        pytest.param("自摸 圈风S", (False, True), id="圈风S"),
        pytest.param("自摸 圈 西", (False, True), id="圈-space-西"),
        pytest.param(
            "123m456m789m南南南9m +9m 自摸 座风南 圈南 翻5p", (True, True), id="hand-both"
        ),
        pytest.param("111m南南南+9m座南", (True, False), id="glued-to-tiles"),
        pytest.param("自摸 座风刻 圈风刻 门风刻", (False, False), id="triplet-facts-are-no-winds"),
        pytest.param("老王 圈圈 自摸", (False, False), id="a-name-with-圈"),
        pytest.param("tsumo around S", (False, False), id="inside-an-english-word"),
        pytest.param("自摸 爆头", (False, False), id="none"),
    ],
)
def test_stated_winds_reads_the_scoring_vocabulary(line: str, stated: tuple[bool, bool]) -> None:
    assert stated_winds(line) == stated


@pytest.mark.parametrize(
    ("line", "winds"),
    [
        pytest.param("自摸 座南", (Seat.S, None), id="座南"),
        pytest.param("自摸 座 南 圈西", (Seat.S, Seat.W), id="座-space-南-圈西"),
        pytest.param("自摸 门风北", (Seat.N, None), id="门风北"),
        pytest.param("tsumo seat wind W round N", (Seat.W, Seat.N), id="seat-wind-W-round-N"),
        pytest.param("ron S round wind south", (None, Seat.S), id="round-wind-south"),
        pytest.param("123m456m789m南南南9m +9m 自摸 座风东 圈南", (Seat.E, Seat.S), id="hand"),
        pytest.param("自摸 座风刻 圈风刻", (None, None), id="triplet-facts-are-no-winds"),
        pytest.param("tsumo around S", (None, None), id="inside-an-english-word"),
        pytest.param("自摸 爆头", (None, None), id="none"),
    ],
)
def test_read_winds_gives_the_winds_a_line_states(
    line: str, winds: tuple[Seat | None, Seat | None]
) -> None:
    assert read_winds(line) == winds
    assert stated_winds(line) == (winds[0] is not None, winds[1] is not None)


@pytest.mark.parametrize(
    "texts",
    [
        pytest.param(("自摸",), id="one-word"),
        pytest.param(("自摸", "翻1m", "自摸"), id="repeated-kind"),
        pytest.param(("承包W", "点炮S", "座S", "圈W"), id="seats"),
    ],
)
def test_context_of_remembers_the_meaning_not_the_positions(texts: tuple[str, ...]) -> None:
    found = _words(*texts)
    moved = [(word, Token(token.text, token.position + 17)) for word, token in found]
    for words in (found, moved, found):
        assert context_of(words) == build_context(words)


def test_context_of_raises_a_refusal_afresh_with_each_lines_positions() -> None:
    found = _words("自摸", "点炮S")
    for shift in (0, 9):
        moved = [(word, Token(token.text, token.position + shift)) for word, token in found]
        with pytest.raises(ScoringError) as caught:
            context_of(moved)
        assert (caught.value.code, caught.value.token, caught.value.position) == (
            ScoringErrorCode.CONFLICTING_WORDS,
            "点炮S",
            3 + shift,
        )
