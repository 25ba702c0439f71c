import pytest

from scoring.tiles import EAST, GREEN, NORTH, RED, WHITE, Seat, mpsz, next_tile, tile_from, zh_name


@pytest.mark.parametrize(
    ("indicator", "wild"),
    [
        pytest.param("1m", "2m", id="一万→二万"),
        pytest.param("8p", "9p", id="八筒→九筒"),
        pytest.param("9s", "1s", id="九条→一条"),
        pytest.param("4z", "1z", id="北→东"),
        pytest.param("1z", "2z", id="东→南"),
        pytest.param("7z", "6z", id="中→发"),
        pytest.param("6z", "5z", id="发→白"),
        pytest.param("5z", "7z", id="白→中"),
    ],
)
def test_next_tile_follows_the_huzhou_indicator_rule(indicator: str, wild: str) -> None:
    assert mpsz(next_tile(tile_from(int(indicator[0]), indicator[1]))) == wild


def test_names() -> None:
    assert [zh_name(t) for t in (0, 13, 26, EAST, WHITE, GREEN, RED)] == [
        "一万",
        "五筒",
        "九条",
        "东",
        "白",
        "发",
        "中",
    ]


def test_seats_rotate_counter_clockwise() -> None:
    assert Seat.E.after() is Seat.S
    assert Seat.N.after() is Seat.E
    assert Seat.N.wind == NORTH


@pytest.mark.parametrize("bad", ["0m", "10p", "8z", "1x"])
def test_tile_from_rejects_non_tiles(bad: str) -> None:
    with pytest.raises(ValueError):
        tile_from(int(bad[:-1]), bad[-1])
