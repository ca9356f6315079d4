import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { payOnlyThroughSecondGear } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmEmailNotice, useUnconfirmedEmail } from '../auth/index.ts';
import { Modal } from '../../ui/modal.tsx';
import { conversationsQuery, messagesKey, openConversation } from './api.ts';
import { Composer } from './composer.tsx';

type Car = Pick<Product, '_id' | 'productName'>;

const action = 'btn btn-outline btn-primary h-11 min-h-11 px-2 lg:px-3';
// On a card's action row, where Report, Add to Wishlist and Book Now already fill the line: a 44 px
// square with a speech bubble (named by its hidden words), and only where the row has room for a
// fourth action (one wide column from sm, three from xl: Tailwind's breakpoints). Elsewhere it is not
// shown at all, and the car's page, one tap away on the card's name, has the full button. CSS decides,
// so a page of cards holds no screen-size listener per card.
const compactAction = 'btn btn-outline btn-primary h-11 min-h-11 w-11 px-0 hidden sm:max-md:inline-flex xl:inline-flex';

function Label({ compact }: { compact: boolean }) {
  if (!compact) return <>Message Seller</>;
  return (
    <>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="M4 5h16v11H9l-5 4z" />
      </svg>
      <span className="sr-only">Message Seller</span>
    </>
  );
}

/**
 * `Message Seller` for a buyer, or a visitor asked to sign in first (`compact` on a card's action row): a small dialog to write the first message, then the conversation.
 * Once the buyer talks with the seller about this car, it leads straight to that conversation.
 */
export interface MessageSellerButtonProps {
  product: Car;
  compact?: boolean;
  /** A visitor's press: asks them to sign in instead of starting the conversation. */
  onPress?: (() => void) | undefined;
  /** Start at once: the buyer pressed Message Seller as a visitor and has just signed in. */
  startOpen?: boolean;
}

export function MessageSellerButton({ product, compact = false, onPress, startOpen = false }: MessageSellerButtonProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unconfirmed = useUnconfirmedEmail();

  // The buyer's conversations are looked up on the click, not when a page of cards is drawn: an
  // existing conversation about this car opens at once, otherwise the dialog asks for a first message.
  const start = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...conversationsQuery, staleTime: 10_000 }),
    onSuccess: (conversations) => {
      const existing = conversations.find((c) => c.role === 'buyer' && c.car._id === product._id);
      if (existing) void navigate(`/dashboard/messages?c=${existing._id}`);
      else setOpen(true);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const started = useRef(false);
  useEffect(() => {
    if (!startOpen || started.current) return;
    started.current = true;
    start.mutate();
  }, [startOpen, start]);

  const send = useMutation({
    mutationFn: (text: string) => openConversation(product._id, text),
    onSuccess: ({ conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: messagesKey });
      setOpen(false);
      void navigate(`/dashboard/messages?c=${conversationId}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <>
      <button
        type="button"
        className={compact ? compactAction : action}
        onClick={onPress ?? (() => start.mutate())}
        disabled={start.isPending}
        title={compact ? 'Message Seller' : undefined}
      >
        <Label compact={compact} />
      </button>
      {open ? (
        <Modal open onClose={() => setOpen(false)} labelledBy={titleId} busy={send.isPending}>
          <h2 id={titleId} className="text-lg font-bold">
            Message the seller of {product.productName}
          </h2>
          {unconfirmed ? (
            <div className="mt-4">
              <ConfirmEmailNotice email={unconfirmed} toDo="send messages" />
            </div>
          ) : (
            <>
              <p className="mt-1 mb-4 text-sm text-base-content/70">Ask about the car or agree a time and place to see it. {payOnlyThroughSecondGear}</p>
              <Composer onSend={(text) => send.mutateAsync(text)} busy={send.isPending} rows={4} autoFocus />
            </>
          )}
          <div className="modal-action mt-2">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)} disabled={send.isPending}>
              Cancel
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
