-- Issue 15 §3, decision 039: the cost of storing a client event in PostgreSQL, cut where it went.
-- The surrogate key goes: nothing reads or references an event by id (the operator's daily counts
-- read the (day, name) index), and its sequence and unique index were about a fifth of the insert's
-- CPU. The size check of `props` reads the stored value's size instead of printing it as text for
-- every row (the contract's bounds keep props near a few hundred bytes either way).
ALTER TABLE client_event DROP COLUMN id;
ALTER TABLE client_event DROP CONSTRAINT client_event_props_check;
ALTER TABLE client_event ADD CONSTRAINT client_event_props_check CHECK (props IS NULL OR pg_column_size(props) <= 4096);
