import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { TextField } from '../../ui/form-field.tsx';
import { errorMessage } from '../../ui/errors.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { createBooking, ordersKey } from './api.ts';

export interface BookingModalProps {
  /** The car being booked; null closes the modal. */
  product: Product | null;
  /** Cancel, Escape, a click outside the box, or a confirmed booking: the caller clears the product. */
  onClose: () => void;
}

/**
 * The booking modal (specification section 2): the buyer's name and email and the car's name and
 * price, prefilled and disabled; Phone Number and Meeting Location to fill in (no validation).
 * A native modal <dialog>: focus stays inside, Escape closes it, focus returns to Book Now.
 */
export function BookingModal({ product, onClose }: BookingModalProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const [phone, setPhone] = useState('');
  const [location, setLocation] = useState('');
  // Keep the last car while the dialog closes, so its text does not vanish under the closing animation.
  const [shown, setShown] = useState<Product | null>(product);
  if (product && product !== shown) setShown(product);

  const booking = useMutation({
    mutationFn: (car: Product) =>
      createBooking({
        name: user?.name ?? '',
        email: user?.email ?? '',
        productName: car.productName,
        price: Math.trunc(car.resalePrice),
        phone: phone.trim(),
        location: location.trim(),
        productId: car._id,
        image: car.image,
        verified: '',
      }),
    onSuccess: async (result, car) => {
      if (!result.acknowledged) {
        toast.error(result.message || `${car.productName} could not be booked.`);
        return;
      }
      toast.success(`${car.productName} Booking is Confirmed`);
      setPhone('');
      setLocation('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const busy = booking.isPending;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (product && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      phoneRef.current?.focus();
    }
    if (!product && dialog.open) dialog.close();
  }, [product]);

  // Leaving the page while the dialog is open must not leave the document inert.
  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const close = () => {
    if (busy) return;
    setPhone('');
    setLocation('');
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (product && !busy) booking.mutate(product);
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={() => {
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        if (product) close();
      }}
      onCancel={(event) => {
        // Escape: keep the dialog while the booking is being sent.
        if (busy) event.preventDefault();
      }}
      onClick={onBackdropClick}
    >
      <div className="modal-box">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label="Close"
          onClick={close}
          disabled={busy}
        >
          <span aria-hidden="true">✕</span>
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          {shown?.productName}
        </h2>
        <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <TextField label="Name" name="name" value={user?.name ?? ''} disabled readOnly />
          <TextField label="Email" name="email" type="email" value={user?.email ?? ''} disabled readOnly />
          <TextField label="Product Name" name="productName" value={shown?.productName ?? ''} disabled readOnly />
          <TextField label="Price" name="price" value={shown ? String(shown.resalePrice) : ''} hint="US dollars ($)" disabled readOnly />
          <TextField
            ref={phoneRef}
            label="Phone Number"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={40}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <TextField
            label="Meeting Location"
            name="location"
            autoComplete="off"
            maxLength={200}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
          />
          <button type="submit" className="btn btn-primary mt-2 w-full" disabled={busy || !product}>
            {busy ? <Spinner size="loading-sm" label="" /> : null}
            Submit
          </button>
        </form>
      </div>
    </dialog>
  );
}
