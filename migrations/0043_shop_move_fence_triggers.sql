-- The shop move's fence (worker/db/shop-tables.ts fenceTriggersSql wrote these): while shop_moves
-- holds a shop, every write of its rows in this database fails its whole batch.
CREATE TRIGGER `products_fence_insert` BEFORE INSERT ON `products` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `products_fence_update` BEFORE UPDATE ON `products` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `products_fence_delete` BEFORE DELETE ON `products` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `product_stock_fence_insert` BEFORE INSERT ON `product_stock` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = (SELECT user_id FROM products WHERE id = NEW.product_id) AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `product_stock_fence_update` BEFORE UPDATE ON `product_stock` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = (SELECT user_id FROM products WHERE id = NEW.product_id) AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `product_stock_fence_delete` BEFORE DELETE ON `product_stock` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = (SELECT user_id FROM products WHERE id = OLD.product_id) AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generation_jobs_fence_insert` BEFORE INSERT ON `generation_jobs` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generation_jobs_fence_update` BEFORE UPDATE ON `generation_jobs` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generation_jobs_fence_delete` BEFORE DELETE ON `generation_jobs` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generated_images_fence_insert` BEFORE INSERT ON `generated_images` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generated_images_fence_update` BEFORE UPDATE ON `generated_images` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `generated_images_fence_delete` BEFORE DELETE ON `generated_images` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_models_fence_insert` BEFORE INSERT ON `store_models` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_models_fence_update` BEFORE UPDATE ON `store_models` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_models_fence_delete` BEFORE DELETE ON `store_models` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `orders_fence_insert` BEFORE INSERT ON `orders` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `orders_fence_update` BEFORE UPDATE ON `orders` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `orders_fence_delete` BEFORE DELETE ON `orders` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `withdrawal_requests_fence_insert` BEFORE INSERT ON `withdrawal_requests` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `withdrawal_requests_fence_update` BEFORE UPDATE ON `withdrawal_requests` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `withdrawal_requests_fence_delete` BEFORE DELETE ON `withdrawal_requests` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `coupons_fence_insert` BEFORE INSERT ON `coupons` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `coupons_fence_update` BEFORE UPDATE ON `coupons` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `coupons_fence_delete` BEFORE DELETE ON `coupons` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `size_guides_fence_insert` BEFORE INSERT ON `size_guides` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `size_guides_fence_update` BEFORE UPDATE ON `size_guides` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `size_guides_fence_delete` BEFORE DELETE ON `size_guides` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.seller_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `shop_money_fence_insert` BEFORE INSERT ON `shop_money` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `shop_money_fence_update` BEFORE UPDATE ON `shop_money` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `shop_money_fence_delete` BEFORE DELETE ON `shop_money` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_checkout_fence_insert` BEFORE INSERT ON `store_checkout` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_checkout_fence_update` BEFORE UPDATE ON `store_checkout` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `store_checkout_fence_delete` BEFORE DELETE ON `store_checkout` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `weekly_summaries_fence_insert` BEFORE INSERT ON `weekly_summaries` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `weekly_summaries_fence_update` BEFORE UPDATE ON `weekly_summaries` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `weekly_summaries_fence_delete` BEFORE DELETE ON `weekly_summaries` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batches_fence_insert` BEFORE INSERT ON `batches` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batches_fence_update` BEFORE UPDATE ON `batches` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batches_fence_delete` BEFORE DELETE ON `batches` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batch_items_fence_insert` BEFORE INSERT ON `batch_items` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batch_items_fence_update` BEFORE UPDATE ON `batch_items` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `batch_items_fence_delete` BEFORE DELETE ON `batch_items` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_insert` BEFORE INSERT ON `data_exports` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_update` BEFORE UPDATE ON `data_exports` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `data_exports_fence_delete` BEFORE DELETE ON `data_exports` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `order_archives_fence_insert` BEFORE INSERT ON `order_archives` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `order_archives_fence_update` BEFORE UPDATE ON `order_archives` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = NEW.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
--> statement-breakpoint
CREATE TRIGGER `order_archives_fence_delete` BEFORE DELETE ON `order_archives` WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = OLD.user_id AND state <> 'clearing') BEGIN SELECT RAISE(ABORT, 'shop moving'); END;
