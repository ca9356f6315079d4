export default function AllBuyersPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>All Buyers · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">All Buyers</h1>
      <p className="text-base-content/70">The buyers table arrives in a later release.</p>
    </section>
  );
}
