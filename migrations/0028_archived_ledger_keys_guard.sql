-- A movement whose idempotency key was archived (worker/lib/archive.ts) is refused as a duplicate, inside
-- the movement's own batch: the message names the ledger's UNIQUE constraint, which worker/lib/credits.ts
-- reads as "duplicate", and the batch (balance update included) rolls back.
CREATE TRIGGER `credit_ledger_archived_key` BEFORE INSERT ON `credit_ledger`
WHEN EXISTS (SELECT 1 FROM `archived_ledger_keys` WHERE `key` = NEW.`idempotency_key`)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: credit_ledger.idempotency_key (archived)');
END;
