export default function PaymentPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>Payment · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Payment</h1>
      <p className="text-base-content/70">Order payment arrives in a later release.</p>
    </section>
  );
}
