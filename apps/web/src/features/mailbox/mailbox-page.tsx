import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { MailboxMessage } from '@second-gear/contract';
import { formatDateTime } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { attachmentUrl, mailboxMessageQuery, mailboxQuery } from './api.ts';

/**
 * The development mailbox (never in production): the emails the server sent to itself, newest first,
 * and one of them as a mail program would show its plain text. The HTML part is shown as source,
 * never rendered; links in the text are clickable, so the unsubscribe link can be tried.
 */
export default function MailboxPage() {
  const [params] = useSearchParams();
  const selected = params.get('id');
  const list = useQuery({ ...mailboxQuery, refetchOnWindowFocus: true, refetchInterval: 5000 });

  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <title>Development Mailbox · Second Gear</title>
      <h1 className="mb-2 text-3xl font-bold">Development Mailbox</h1>
      <p className="mb-6 text-base-content/70">Every email this server sent while no SMTP_URL is set. Development and test only.</p>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <p role="alert" className="alert alert-error">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/80">No emails yet.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
          <nav aria-label="Emails">
            <ul className="flex flex-col gap-1">
              {list.data.map((mail) => (
                <li key={mail.id}>
                  <Link
                    to={`?id=${mail.id}`}
                    aria-current={mail.id === selected ? 'true' : undefined}
                    className={`block rounded-lg border border-base-200 px-3 py-2 hover:bg-base-200 ${mail.id === selected ? 'bg-base-200' : ''}`}
                  >
                    <span className="block font-semibold break-words">{mail.subject || '(no subject)'}</span>
                    <span className="block text-sm [overflow-wrap:anywhere] text-base-content/80">To {mail.to}</span>
                    <span className="block text-xs text-base-content/70">
                      {formatDateTime(mail.date)}
                      {mail.hasCalendar ? ' · calendar' : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {selected ? <Message id={selected} /> : <p className="text-base-content/70">Choose an email to read it.</p>}
        </div>
      )}
    </section>
  );
}

function Message({ id }: { id: string }) {
  const message = useQuery(mailboxMessageQuery(id));
  if (message.isPending) return <PageSpinner />;
  if (message.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {message.error.message}
      </p>
    );
  }
  const mail: MailboxMessage = message.data;
  return (
    <article aria-labelledby="mail-subject" className="min-w-0 rounded-box border border-base-200 p-4">
      <h2 id="mail-subject" className="mb-3 text-xl font-bold break-words">
        {mail.subject || '(no subject)'}
      </h2>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">From</dt>
        <dd className="break-all">{mail.from}</dd>
        <dt className="font-semibold">To</dt>
        <dd className="[overflow-wrap:anywhere]">{mail.to}</dd>
        {Object.entries(mail.headers).map(([name, value]) => (
          <Fragment key={name}>
            <dt className="font-semibold capitalize">{name}</dt>
            <dd className="break-all">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 className="mb-1 font-semibold">Text</h3>
      <pre className="mb-4 rounded-box bg-base-200 p-3 font-mono text-sm break-words whitespace-pre-wrap" data-testid="mail-text">
        <Linked text={mail.text} />
      </pre>
      {mail.attachments.length ? (
        <>
          <h3 className="mb-1 font-semibold">Attachments</h3>
          <ul className="mb-4 list-disc pl-6">
            {mail.attachments.map((a, n) => (
              <li key={`${a.filename}-${n}`}>
                <a className="link" href={attachmentUrl(mail.id, n)} download={a.filename}>
                  {a.filename}
                </a>{' '}
                <span className="text-sm text-base-content/70">
                  ({a.contentType}, {a.size} bytes)
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {mail.html !== null ? (
        <details>
          <summary className="cursor-pointer font-semibold">HTML part (source)</summary>
          <pre className="mt-2 rounded-box bg-base-200 p-3 font-mono text-xs break-words whitespace-pre-wrap">{mail.html}</pre>
        </details>
      ) : null}
    </article>
  );
}

/** The text with its http(s) addresses as links; everything else stays text. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="link link-primary">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
