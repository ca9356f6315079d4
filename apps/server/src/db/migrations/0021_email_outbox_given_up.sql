-- An email whose delivery ended without sending it: the mail server refused it for good (a 5xx for
-- its recipient or its content), its last attempt failed, the person unsubscribed, or no mail server
-- is configured. `last_error` says which. A row that is neither sent nor given up is waiting: the
-- backlog the metrics show (jobs/deliver-email.ts, http/metrics.ts).
alter table email_outbox add column given_up_at timestamptz;

-- Rows already ended as 'not sent: …' (unsubscribed, no mail server) are not waiting.
update email_outbox set given_up_at = created_at where sent_at is null and last_error like 'not sent:%';

