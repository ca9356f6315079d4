export default function MyOrdersPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>My Orders · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">My Orders</h1>
      <p className="text-base-content/70">Your orders table arrives in a later release.</p>
    </section>
  );
}
