import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../ui/modal.tsx';
import { actionWords, signInPath, withAction, type NextAction } from './return-path.ts';

interface Asked {
  action: NextAction;
  /** The page to come back to (this one when not given), which will do the action. */
  returnTo: string;
}

/**
 * A visitor's press on an action (Book Now, Add to Wishlist, Message Seller, Report, Save this
 * search): a small dialog asking them to log in or sign up, each of which brings them back to the
 * page with the action ready.
 */
export function useAskToSignIn(): { ask: (action: NextAction, returnTo?: string) => void; dialog: ReactNode } {
  const location = useLocation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const here = `${location.pathname}${location.search}`;
  return {
    ask: (action, returnTo = here) => setAsked({ action, returnTo }),
    dialog: asked ? <SignInDialog {...asked} onClose={() => setAsked(null)} /> : null,
  };
}

function SignInDialog({ action, returnTo, onClose }: Asked & { onClose: () => void }) {
  const titleId = useId();
  const next = withAction(returnTo, action);
  return (
    <Modal open onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="text-lg font-bold">
        Sign in to {actionWords[action]}
      </h2>
      <p className="mt-2">Log in, or sign up in a minute: you come back right here to {actionWords[action]}.</p>
      <div className="modal-action mt-4 flex-wrap">
        <button type="button" className="btn btn-ghost h-11" onClick={onClose}>
          Cancel
        </button>
        <Link to={signInPath('/login', next)} className="btn btn-outline btn-primary h-11">
          Login
        </Link>
        <Link to={signInPath('/signup', next)} className="btn btn-primary h-11">
          Sign Up
        </Link>
      </div>
    </Modal>
  );
}
