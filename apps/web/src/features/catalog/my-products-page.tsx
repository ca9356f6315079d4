export default function MyProductsPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>My Products · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">My Products</h1>
      <p className="text-base-content/70">Your products table arrives in a later release.</p>
    </section>
  );
}
