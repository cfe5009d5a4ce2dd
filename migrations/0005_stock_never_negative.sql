-- Hand-written (drizzle-kit cannot express triggers): no size's stock may go below zero.
-- Confirming an order takes its quantities off in one batch; if any size would go negative,
-- this aborts the whole batch, so an order is confirmed with all of its stock or not at all
-- (worker/routes/orders.ts turns the abort into a 409 naming what is short).
CREATE TRIGGER products_stock_never_negative_update
BEFORE UPDATE OF sizes ON products
WHEN EXISTS (SELECT 1 FROM json_each(NEW.sizes) WHERE json_extract(value, '$.stock') < 0)
BEGIN
  SELECT RAISE(ABORT, 'stock_below_zero');
END;
--> statement-breakpoint
CREATE TRIGGER products_stock_never_negative_insert
BEFORE INSERT ON products
WHEN EXISTS (SELECT 1 FROM json_each(NEW.sizes) WHERE json_extract(value, '$.stock') < 0)
BEGIN
  SELECT RAISE(ABORT, 'stock_below_zero');
END;
