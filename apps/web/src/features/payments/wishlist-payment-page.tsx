export default function WishlistPaymentPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>Payment · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Payment</h1>
      <p className="text-base-content/70">Wishlist payment arrives in a later release.</p>
    </section>
  );
}
