-- The work a write to a car sets off (repricing, listing checks, saved searches, wishlist alerts) is
-- enqueued by the writing code itself, in the write's transaction (modules/cars/car-written.ts,
-- afterCarWrite): the same jobs, payloads, job keys and times to run as the triggers below enqueued,
-- now visible where the write is. What every write must keep whoever makes it stays in triggers:
-- the search's stamp (0013, 0018), the listing date and departures (0015), the auth changes (0003, 0004).

-- Migration 0014: a car's model priced again.
drop trigger products_reprice on products;
drop function products_reprice();

-- Migration 0015: wishlist alerts on a price drop, a sale or a withdrawal.
drop trigger price_changes_wishlist_alert on price_changes;
drop trigger products_wishlist_alert on products;
drop function price_changes_wishlist_alert();
drop function products_wishlist_alert();
drop function wishlist_alerts_enqueue(uuid);

-- Migration 0016: the saved searches run after a write.
drop trigger products_match_saved_searches on products;
drop function products_match_saved_searches();

-- Migration 0017: a car checked again after a listing, an edit, its photos or its fair price.
drop trigger products_check_listing on products;
drop trigger product_photos_check_listing on product_photos;
drop trigger price_estimates_check_listing_insert on price_estimates;
drop trigger price_estimates_check_listing_update on price_estimates;
drop function products_check_listing();
drop function product_photos_check_listing();
drop function price_estimates_check_listing();
drop function enqueue_listing_check(uuid);
