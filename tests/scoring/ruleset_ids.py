"""Short names for the six ruleset ids, so rule tables stay one row a line."""

HZ, QD, YP, RP, SL, PF = (
    "hangzhou",
    "huzhou-qiangdao",
    "huzhou-yingpiao",
    "huzhou-ruanpiao",
    "huzhou-shuangla",
    "huzhou-platform",
)
