-- Reserved: migration 0010 belongs to another branch. This placeholder keeps the 0001.. numbering
-- whole on branch i32-awards (whose migration is 0018); drop it when that change lands.
SELECT 1;
