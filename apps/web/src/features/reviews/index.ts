// The reviews feature's public entry (issue 48): a person's `Reviews` for their public profile, a
// sale's `Write a review` for My Orders and Booking Requests, stars for cards and the car page, and
// the admins' reported reviews.
export { ReportedReviews } from './reported-reviews.tsx';
export { SaleReviewStatus, WriteReviewButton } from './write-review.tsx';
export { SellerReviews } from './seller-reviews.tsx';
export { Stars } from './stars.tsx';
