-- One active trending item per rank. An exclusion constraint rather than a unique index so it can be
-- DEFERRABLE: a reorder swaps ranks inside one transaction and is checked at commit.
ALTER TABLE "trending_items" ADD CONSTRAINT "trending_items_active_rank_unique"
  EXCLUDE USING btree ("rank" WITH =) WHERE ("is_active") DEFERRABLE INITIALLY DEFERRED;
