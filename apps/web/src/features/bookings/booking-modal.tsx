import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { bookingLimits } from '@second-gear/contract/constants';
import { TextField } from '../../ui/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { fieldRefusals } from '../../lib/field-refusals.ts';
import { formatPrice, fromDateTimeLocal, toDateTimeLocal } from '../../lib/format.ts';
import { Modal } from '../../ui/modal.tsx';
import { useAuth } from '../auth/index.ts';
import { profileQuery } from '../settings/index.ts';
import { createBooking, ordersKey } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/** Said with the booking toast: a booking is a request until the seller answers it (My Orders shows `Pending` until then). */
export const bookingAnswerNote = 'The seller will answer your request: follow it in My Orders.';

/** The fields the buyer fills in, by the names the server's refusals use. */
const bookingFields = ['phone', 'location', 'preferredTime'] as const;

export interface BookingModalProps {
  /** The car being booked; null closes the modal. */
  product: Product | null;
  /** Cancel, Escape, a click outside the box, or a confirmed booking: the caller clears the product. */
  onClose: () => void;
}

/**
 * The booking modal (docs/product.md, "Booking"): the buyer's name and email and the car's name and
 * price, prefilled and disabled; Phone Number (starting with the phone saved in Settings) and Meeting
 * Location to fill in (no validation), and
 * an optional Preferred Time (sent with the browser's offset; the server refuses a past one).
 * In the app's modal: focus starts on Phone Number and returns to Book Now.
 */
export function BookingModal({ product, onClose }: BookingModalProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const phoneRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  /** What the buyer typed in Phone Number; null until they type, while the field shows the phone saved in Settings. */
  const [typedPhone, setPhone] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  /** The datetime-local input's value (`2026-11-25T14:30`), optional. */
  const [preferredTime, setPreferredTime] = useState('');
  /** The server's sentence under each field it refused, until that field is changed. */
  const [refused, setRefused] = useState<Partial<Record<string, string>>>({});
  const edited = (field: (typeof bookingFields)[number]) => setRefused((all) => ({ ...all, [field]: undefined }));
  // The phone saved in Settings starts the field, also when the profile arrives after the dialog opened.
  const savedPhone = useQuery({ ...profileQuery(), enabled: Boolean(user) }).data?.phone;
  const phone = typedPhone ?? savedPhone ?? '';
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
        ...(fromDateTimeLocal(preferredTime) ? { preferredTime: fromDateTimeLocal(preferredTime) } : {}),
      }),
    onSuccess: async (result, car) => {
      if (!result.acknowledged) {
        toast.error(result.message || `${car.productName} could not be booked.`);
        return;
      }
      // The specification's words, then what they mean: the request waits for the seller's answer.
      toast.success(
        <span>
          <span className="block">{`${car.productName} Booking is Confirmed`}</span>
          <span className="block text-sm">{bookingAnswerNote}</span>
        </span>,
      );
      setPhone(null);
      setLocation('');
      setPreferredTime('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (error) => {
      const byField = fieldRefusals(error);
      setRefused(byField);
      // A refusal about one of the fields shows under it; any other is the toast.
      if (!bookingFields.some((field) => byField[field])) toast.error(errorMessage(error));
    },
  });
  const busy = booking.isPending;

  const close = () => {
    if (busy) return;
    setPhone(null);
    setLocation('');
    setPreferredTime('');
    setRefused({});
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (product && !busy) booking.mutate(product);
  };

  return (
    <Modal open={product !== null} onClose={close} labelledBy={titleId} busy={busy} initialFocus={phoneRef}>
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
        {/* Shown formatted ($31,500); the booking request still sends the whole number. */}
        <TextField label="Price" name="price" value={shown ? formatPrice(shown.resalePrice) : ''} disabled readOnly />
        <TextField
          ref={phoneRef}
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={bookingLimits.phone}
          value={phone}
          error={refused.phone}
          onChange={(event) => {
            setPhone(event.target.value);
            edited('phone');
          }}
        />
        <TextField
          label="Meeting Location"
          name="location"
          autoComplete="off"
          maxLength={bookingLimits.location}
          value={location}
          error={refused.location}
          onChange={(event) => {
            setLocation(event.target.value);
            edited('location');
          }}
        />
        <TextField
          label="Preferred Time"
          name="preferredTime"
          type="datetime-local"
          hint="Optional: when you would like to see the car. The seller confirms a time."
          min={toDateTimeLocal(new Date())}
          value={preferredTime}
          error={refused.preferredTime}
          onChange={(event) => {
            setPreferredTime(event.target.value);
            edited('preferredTime');
          }}
        />
        <BusyButton busy={busy} type="submit" className="btn btn-primary mt-2 w-full" disabled={!product}>
          Submit
        </BusyButton>
      </form>
    </Modal>
  );
}
