export default function ReportedItemsPage() {
  return (
    <section className="mx-auto max-w-5xl">
      <title>Reported Items · Second Gear</title>
      <h1 className="mb-6 text-3xl font-bold">Reported Items</h1>
      <p className="text-base-content/70">No reported items yet.</p>
    </section>
  );
}
