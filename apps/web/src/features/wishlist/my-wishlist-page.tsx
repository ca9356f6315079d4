export default function MyWishlistPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>My Wishlist · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">My Wishlist</h1>
      <p className="text-base-content/70">Your wishlist table arrives in a later release.</p>
    </section>
  );
}
