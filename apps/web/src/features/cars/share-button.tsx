import toast from 'react-hot-toast';
import { siteAddress } from '../../lib/site-address.ts';

/**
 * `Share` on a car's page: the device's own share sheet (the Web Share API) where there is one,
 * otherwise the car's address copied for pasting, with a toast saying so. The address is the car's
 * canonical one, which opens for anyone while the car is on the market.
 */
export function ShareButton({ carId, carName }: { carId: string; carName: string }) {
  const share = async () => {
    const url = siteAddress(`/cars/${carId}`);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: carName, url });
        return;
      } catch (error) {
        // Closing the share sheet is the person's own choice; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error(`The link could not be copied: ${url}`);
    }
  };
  return (
    <button type="button" className="btn btn-outline h-11 min-h-11 self-start" onClick={() => void share()}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
      </svg>
      Share
    </button>
  );
}
