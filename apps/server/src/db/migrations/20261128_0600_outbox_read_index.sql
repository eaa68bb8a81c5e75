-- The consumers' reads by a B-tree on (txid, id, type), not the BRIN index of migration
-- 20261125_0630 (decision 061). BRIN finds nothing in block ranges not yet summarised, and the
-- table's end, where every consumer reads, stays unsummarised until autovacuum gets to it (a minute
-- or more): every read rechecked every event written since, about 290,000 rows a second with six
-- consumers beside 600 rounds a second, which cost the rounds a quarter of their rate. This index
-- gives a read the events after its cursor in order, type checked in the index (a consumer of rare
-- events skips the game events without visiting the table), and ends at the read's LIMIT. An
-- insert adds one entry at the index's right edge (txid and id grow).
CREATE INDEX domain_event_txid_id_type ON domain_event (txid, id, type);
DROP INDEX domain_event_txid_brin;
