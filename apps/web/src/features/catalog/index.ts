// The catalog feature's public entry: what other features may use of it (the home page's lists, the
// keys to refresh once a car or a category changes, and a car's actions for the car's own page).
export { advertisedProductsQuery, categoriesQuery, categoryKey } from './api.ts';
export { CardActions, type CarStanding } from './card-actions.tsx';
export { ProductCard } from './product-card.tsx';
export { ReportButton } from './report-dialog.tsx';
export { addProductCategoriesQuery } from './seller-api.ts';
export { useAddToWishlist } from './use-add-to-wishlist.ts';
export { useCarStanding } from './use-car-standing.ts';
export { VerifiedSellerBadge } from './verified-seller-badge.tsx';
