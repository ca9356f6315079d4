import { Link } from 'react-router';
import { ContactParagraph } from './contact.tsx';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    heading: 'What Second Gear is',
    body: (
      <p>
        Second Gear is a marketplace where sellers list used cars and buyers book a meeting, pay and collect them. We are not the seller of the cars: a
        sale is between the buyer and the seller. We hold a buyer&apos;s payment until the buyer says they have the car, and then pay it to the seller.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          Give your real name and an email address you read. Keep your password to yourself; if you forget it, the login page&apos;s Forgot Password?
          link sends you a link to choose a new one. You are responsible for what is done with your account.
        </p>
        <p>An admin may verify sellers, and may delete an account that breaks these terms.</p>
      </>
    ),
  },
  {
    heading: 'Listing a car',
    body: (
      <p>
        Describe the car honestly: its make, model, year, mileage, condition and price, with your own photos of it. Only list a car you may sell.
        Listings that mislead may be reported by anyone and removed by an admin.
      </p>
    ),
  },
  {
    heading: 'Booking and paying',
    body: (
      <p>
        Pay only through Second Gear. The money stays held until you confirm you have the car; if something is wrong, report a problem and an admin
        decides between a refund and a release. Card details are handled by the payment processor.
      </p>
    ),
  },
  {
    heading: 'Behaving well',
    body: (
      <p>
        No fraud, no harassment in messages, no attempts to get around the site&apos;s limits or into other people&apos;s accounts, and no automated
        collection of the site&apos;s content.
      </p>
    ),
  },
  {
    heading: 'Your data',
    body: (
      <p>
        What we keep about you and how to have it deleted is in the <Link to="/privacy" className="link link-primary">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: <p>When these terms change, the date at the top of this page changes with them.</p>,
  },
  { heading: 'Contact', body: <ContactParagraph /> },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      updated="27 November 2026"
      intro={<p>These are the rules for using Second Gear, in plain words. By signing up you agree to them.</p>}
      sections={sections}
      seeAlso={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
