-- Hand-written: every account from before a store could choose its money sold in whole Argentine pesos to
-- Spanish-speaking (es-AR) shoppers, and every price it saved is whole pesos; it keeps exactly that. Accounts
-- without a store yet are included, since their products may already carry prices in pesos. Accounts made
-- afterwards keep NULL: their store starts from its country's money and language (common/store-locale.ts).
UPDATE users SET store_currency = 'ARS' WHERE store_currency IS NULL;
--> statement-breakpoint
UPDATE users SET store_locale = 'es-AR' WHERE store_locale IS NULL;
