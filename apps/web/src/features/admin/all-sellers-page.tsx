export default function AllSellersPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>All Sellers · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">All Sellers</h1>
      <p className="text-base-content/70">The sellers table arrives in a later release.</p>
    </section>
  );
}
