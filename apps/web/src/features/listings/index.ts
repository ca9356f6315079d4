// The listings feature (a seller's own cars: My Products, Add A Product, Edit) and its public entry:
// the categories the Add A Product form offers, which change with the admins' categories.
export { addProductCategoriesQuery } from './seller-api.ts';
// What's my car worth?'s `List it at this price`: Add A Product's address with the car valued filled in.
export { addProductPath, addProductPathFor, type ValuedListing } from './listing-prefill.ts';
// The fields' checks (a required text, Model Year, Mileage), which What's my car worth? asks as the listing does.
export { mileageProblem, modelYearProblem, requiredText } from './product-form-values.ts';
