/** Said on both legal pages: who answers, and honestly how to reach them today. */
export function ContactParagraph() {
  return (
    <p>
      Questions about these pages, your account or your data are answered by the team that runs this Second Gear site. The site has no contact form
      yet, and its emails come from an address nobody reads: reach the team through the contact details they published with the site, and an admin
      will act on your request.
    </p>
  );
}
