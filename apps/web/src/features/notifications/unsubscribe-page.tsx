import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { unsubscribe } from './api.ts';

/**
 * Where an email's unsubscribe link leads: one button, so that a mail scanner following the link
 * unsubscribes nobody (mail providers' one-click unsubscribe posts to the API directly).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: () => unsubscribe(token) });

  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <title>Unsubscribe · Second Gear</title>
      <h1 className="mb-4 text-3xl font-extrabold">Unsubscribe from emails</h1>
      {mutation.isSuccess ? (
        <div role="status" className="alert alert-success">
          <span>You are unsubscribed. Second Gear will send you no more notification emails; the bell on the site still shows them.</span>
        </div>
      ) : !token ? (
        <p role="alert" className="alert alert-error">
          This unsubscribe link is incomplete. Use the link of a Second Gear email as it was sent.
        </p>
      ) : (
        <>
          <p className="mb-6 text-base-content/80">
            Stop the emails Second Gear sends when something happens to your bookings and messages. You will still see them under the bell when you sign in.
          </p>
          {mutation.isError ? (
            <p role="alert" className="alert alert-error mb-4">
              {mutation.error.message}
            </p>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
            Unsubscribe
          </button>
        </>
      )}
      <p className="mt-8">
        <Link to="/" className="link">
          Back to Second Gear
        </Link>
      </p>
    </section>
  );
}
