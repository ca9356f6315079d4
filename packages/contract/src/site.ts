import { z } from 'zod';

/** `GET /site`: what every page of the web app shows about this server, asked once per visit. */
export const siteInfo = z.object({
  /** Production running the built-in test card processor on purpose (ALLOW_TEST_PAYMENTS=on): payments are not real. */
  testPaymentsBanner: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfo>;
