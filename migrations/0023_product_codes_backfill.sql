-- Hand-written: every product made before short codes gets one, drawn like new ones (worker/lib/short-codes.ts):
-- five characters of an alphabet without 0/O, 1/I/L. The unique index (user_id, code) refuses a draw that
-- repeats one of the seller's codes; OR IGNORE leaves that product without a code and the next pass draws
-- again (a repeat twice over, at 31^5 codes per store, is beyond any real catalogue). A product left without
-- one after the passes still sells and simply shows no code.
UPDATE OR IGNORE products SET code = substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) WHERE code IS NULL;
--> statement-breakpoint
UPDATE OR IGNORE products SET code = substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) WHERE code IS NULL;
--> statement-breakpoint
UPDATE OR IGNORE products SET code = substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) WHERE code IS NULL;
--> statement-breakpoint
UPDATE OR IGNORE products SET code = substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', (abs(random()) % 31) + 1, 1) WHERE code IS NULL;
