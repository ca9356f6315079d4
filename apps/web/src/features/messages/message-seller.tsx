import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { Modal } from '../../ui/modal.tsx';
import { conversationsQuery, messagesKey, openConversation } from './api.ts';
import { Composer } from './composer.tsx';

type Car = Pick<Product, '_id' | 'productName'>;

const action = 'btn btn-outline btn-primary h-11 min-h-11 px-2 lg:px-3';

/**
 * `Message Seller` for a buyer: a small dialog to write the first message, then the conversation.
 * Once the buyer talks with the seller about this car, it leads straight to that conversation.
 */
export function MessageSellerButton({ product }: { product: Car }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: conversations } = useQuery(conversationsQuery);
  const existing = conversations?.find((c) => c.role === 'buyer' && c.car._id === product._id);

  const send = useMutation({
    mutationFn: (text: string) => openConversation(product._id, text),
    onSuccess: ({ conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: messagesKey });
      setOpen(false);
      void navigate(`/dashboard/messages?c=${conversationId}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (existing) {
    return (
      <Link to={`/dashboard/messages?c=${existing._id}`} className={action}>
        Message Seller
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={action} onClick={() => setOpen(true)}>
        Message Seller
      </button>
      {open ? (
        <Modal open onClose={() => setOpen(false)} labelledBy={titleId} busy={send.isPending}>
          <h2 id={titleId} className="text-lg font-bold">
            Message the seller of {product.productName}
          </h2>
          <p className="mt-1 mb-4 text-sm text-base-content/70">Ask about the car or agree a time and place to see it. Never pay before you have seen it.</p>
          <Composer onSend={(text) => send.mutateAsync(text)} busy={send.isPending} rows={4} autoFocus />
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
