import { Link } from 'react-router';
import { ContactParagraph } from './contact.tsx';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <strong>Your account:</strong> your name, email address, the address of your photo, your role (buyer or seller), whether an admin verified
          you as a seller, and your password, kept only as a one-way hash; if you give them in Settings, your phone number (booking a viewing starts
          with it) and your time zone (the times in our emails and calendar files are written in it). If you sign in with Google, we receive your
          name, email address and photo from Google. You change your name, photo, phone, time zone, email and password yourself in Settings.
        </li>
        <li>
          <strong>Cars and photos:</strong> what sellers list (make, model, year, mileage, condition, prices, location, description) and the photos they
          upload, which we re-encode without their hidden data (camera details, GPS position).
        </li>
        <li>
          <strong>Bookings:</strong> who asked to see which car, the meeting time and place proposed, your phone number if you give one, and the
          answers.
        </li>
        <li>
          <strong>Payments:</strong> the amount, the car, when it was paid and the payment processor&apos;s transaction id, and where the money stands
          (held, released, refunded). Your card number, expiry date and security code go to the payment processor and are held by it, never by us.
          Sellers who receive payouts give their bank details to the processor, not to us.
        </li>
        <li>
          <strong>Messages</strong> between buyers and sellers, and the reports of listings people send to admins.
        </li>
        <li>
          <strong>Notifications</strong> shown under the bell and the emails sent for them, your saved searches and alerts, and your wishlist.
        </li>
        <li>
          <strong>Sessions:</strong> while you are signed in, the network address and the browser (user agent) your session began from, and when it
          ends. Settings shows them to you under Signed-in devices, with the country of the address looked up on our own server (this site or
          product includes IP2Location LITE data available from https://lite.ip2location.com), and lets you sign any of them out. Our server logs record which pages were asked for, when, and how the server answered, without your email or network address.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Why we use it',
    body: (
      <>
        <p>
          To run the marketplace you signed up for: to show cars to buyers, put buyers and sellers in touch, hold and pay out the money of a sale, tell
          you what happened by notification and email, and keep accounts safe (limiting sign-in attempts, ending sessions when a password changes).
        </p>
        <p>We do not sell your data and we do not show advertising from others. Cookies are used only to keep you signed in.</p>
      </>
    ),
  },
  {
    heading: 'Who sees it',
    body: (
      <p>
        Other people see what the site shows them: a car&apos;s details and its seller&apos;s name, and the name and contact details you give in a
        booking to that car&apos;s seller. Admins see accounts, reports and disputes. The payment processor receives what a payment needs; the mail
        server receives the emails we send you.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <>
        <p>
          Your account and what belongs to it are kept as long as the account exists. A session ends when you sign out, when your password changes,
          and at the latest 30 days after it began; a password reset link works for one hour.
        </p>
        <p>
          When an account is deleted, its sign-in, sessions, unsold cars, unpaid bookings, saved searches, wishlist and notifications are deleted
          with it at once, and its pictures, files and all, a moment later: your photo, the photos of the cars deleted with it and any picture you
          uploaded but did not use. What was paid for stays, as the record of the sale, without your name or contact: a sold car keeps its photos for
          its buyer, and the people you wrote to see “Deleted user” beside your messages. A file of your data can be downloaded for 48 hours after it
          is prepared, then its contents are deleted.
        </p>
      </>
    ),
  },
  {
    heading: 'Deleting your data or getting a copy',
    body: (
      <>
        <p>
          In Settings, <strong>Download my data</strong> prepares one file (JSON) of everything we keep about you and nothing of anyone else: your
          messages, not the other party&apos;s, and what each of your notifications was about, not its text, which quotes other people (their name,
          their message, the reason they gave). <strong>Delete my account</strong> deletes your account after you confirm with your password (or a
          new Google sign-in). A payment held until the handover must be released or refunded first, and money released to you must have reached
          your payout account. You can also delete your own cars, saved searches and wishlist entries one by one.
        </p>
        <p>
          You can stop notification emails at any time with the unsubscribe link at the bottom of each one. Emails about your account itself (a
          password reset) are still sent.
        </p>
      </>
    ),
  },
  { heading: 'Contact', body: <ContactParagraph /> },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="29 November 2026"
      intro={
        <p>
          This page says what Second Gear keeps about you, why, for how long, and how to have it deleted. It is written to be read; if anything in it
          is unclear, ask (see Contact). Using Second Gear also means agreeing to the <Link to="/terms" className="link link-primary">Terms of Use</Link>.
        </p>
      }
      sections={sections}
      seeAlso={{ to: '/terms', label: 'Terms of Use' }}
    />
  );
}
