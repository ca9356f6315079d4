import { z } from 'zod';
import { mileageUnits } from './distance.ts';

/** `GET /site`: what every page of the web app shows about this server, asked once per visit. */
export const siteInfo = z.object({
  /** Production running the built-in test card processor on purpose (ALLOW_TEST_PAYMENTS=on): payments are not real. */
  testPaymentsBanner: z.boolean(),
  /** The market's unit of distance (DISTANCE_UNIT): mileages are shown in it to visitors and to people who chose none in Settings. */
  distanceUnit: z.enum(mileageUnits),
  /** Map tiles (MAP_TILES_URL, a `{z}/{x}/{y}` template) and the attribution their provider requires. */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }),
});
export type SiteInfo = z.infer<typeof siteInfo>;
