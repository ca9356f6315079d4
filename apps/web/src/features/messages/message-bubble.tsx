import type { Message } from '@second-gear/contract';
import { scamWarning } from '@second-gear/contract/constants';
import { formatDateTime } from '../../lib/format.ts';

/**
 * One message of a thread. Its text is shown as typed, as plain text: line breaks kept, nothing made
 * a link (an address in a message is never one click away). A message carrying a scam signal gets a
 * calm note beside it, on both sides of the conversation; it is delivered all the same.
 */
export function MessageBubble({ message }: { message: Message }) {
  const side = message.mine ? 'chat-end' : 'chat-start';
  return (
    <li className={`chat ${side}`} data-testid="message">
      <div className="chat-header text-xs text-base-content/70">
        {message.mine ? 'You' : message.senderName}
        <time className="ml-2" dateTime={message.sentAt}>
          {formatDateTime(message.sentAt)}
        </time>
      </div>
      <div className={`chat-bubble max-w-[85%] break-words whitespace-pre-wrap ${message.mine ? 'chat-bubble-primary' : ''}`}>{message.text}</div>
      {message.warnings.length > 0 ? (
        <p role="note" className="chat-footer mt-1 max-w-[85%] rounded-box border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
          {scamWarning}
        </p>
      ) : null}
    </li>
  );
}
