-- Hand-written backfill (issue 14, drafts): products that already had a price were on show before drafts
-- existed; they stay published. Products without a price become drafts, as fresh uploads now are.
UPDATE `products` SET `published` = 1 WHERE `price` > 0;
