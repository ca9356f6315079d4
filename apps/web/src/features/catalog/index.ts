// The catalog feature's public entry: what other features may use of it (the home page's lists, and the
// keys to refresh once a car or a category changes).
export { advertisedProductsQuery, categoriesQuery, categoryKey } from './api.ts';
export { ProductCard } from './product-card.tsx';
export { addProductCategoriesQuery } from './seller-api.ts';
