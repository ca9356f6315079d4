export default function AddProductPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>Add A Product · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Add A Product</h1>
      <p className="text-base-content/70">The add-product form arrives in a later release.</p>
    </section>
  );
}
