-- From migration 20261121_0350. The ledger service's call before ledger_post took transfer ids and
-- entry reasons: kept, as ledger_post itself, for a server of the previous release during a rolling
-- start. No caller in this release; drop it in a migration of the release after.
CREATE OR REPLACE FUNCTION ledger_post_transfers(p_keys text[], p_fingerprints text[], p_reasons text[], p_references text[], p_ats timestamptz[],
                                      a_users bigint[], a_books text[], a_assets text[], a_shards smallint[],
                                      e_tx integer[], e_accounts integer[], e_amounts bigint[])
RETURNS json LANGUAGE sql
AS $$
  SELECT ledger_post(NULL, p_keys, p_fingerprints, p_reasons, p_references, p_ats, a_users, a_books, a_assets, a_shards, e_tx, e_accounts, e_amounts, NULL, NULL)
$$;
