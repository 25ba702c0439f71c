-- Reserved: migration 0010 belongs to another change of issue 27 (seating). This placeholder
-- keeps the 0001.. numbering whole on the import branch; drop it when that change lands.
SELECT 1;
