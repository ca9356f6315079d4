// The catalog feature (browsing: the category pages, the car cards and their grid) and its public
// entry: what other features may use of it (the home page's lists, the refresh of the public lists
// once a car or a category changes, a car's actions for the car's own page, and the grid of cards
// with their actions and the next-page area for the search's results).
export { advertisedProductsQuery, categoriesQuery, refreshCarLists } from './api.ts';
export { CardActions, type CarStanding } from './card-actions.tsx';
export { CarGrid } from './car-grid.tsx';
export { MoreCars } from './more-cars.tsx';
export { PriceDropBadge } from './price-drop-badge.tsx';
export { ProductCard } from './product-card.tsx';
export { ReportButton } from './report-dialog.tsx';
export { useAddToWishlist } from './use-add-to-wishlist.ts';
export { prefetchCarStanding, useCarStanding } from './use-car-standing.ts';
export { VERIFICATION_CHECKED, VerifiedSellerBadge } from './verified-seller-badge.tsx';
