-- Hand-written: stock moves from products.sizes (JSON) to product_stock, one row per colour and size.
-- Every product so far has no colours, so its sizes become the rows of its one implicit colour ''.
-- A negative or fractional stock (none should exist: trigger 0005 and the API refused them) is kept at
-- its whole part and never below zero, which the new CHECK requires; a nameless size is dropped.
INSERT OR IGNORE INTO product_stock (product_id, color, size, stock, position)
SELECT p.id, '', json_extract(s.value, '$.name'), max(0, CAST(json_extract(s.value, '$.stock') AS INTEGER)), s.key
FROM products AS p, json_each(p.sizes) AS s
WHERE json_valid(p.sizes) AND trim(coalesce(json_extract(s.value, '$.name'), '')) != '';
--> statement-breakpoint
-- Orders from before the buyer's page get their private link and a history that starts when they were placed.
UPDATE orders SET token = lower(hex(randomblob(16))) WHERE token IS NULL;
--> statement-breakpoint
UPDATE orders SET history = json_array(json_object('status', 'nuevo', 'at', strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch')))
WHERE history = '[]';
