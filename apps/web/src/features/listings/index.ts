// The listings feature (a seller's own cars: My Products, Add A Product, Edit) and its public entry:
// the categories the Add A Product form offers, which change with the admins' categories.
export { addProductCategoriesQuery } from './seller-api.ts';
