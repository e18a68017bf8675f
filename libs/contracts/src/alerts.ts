import { z } from 'zod';
import { SITE_ALERT_STYLES } from './browser/codes';

/** GET /api/alerts: the published site alerts (spec section 3, Alert). */
export const siteAlertSchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  /** Our own path or an https address; anything else is published as null. */
  link: z.string().nullable(),
  text: z.string(),
  style: z.enum(SITE_ALERT_STYLES),
  multiline: z.boolean(),
  /** Page loads a visitor sees it (rotation, spec section 4). */
  views: z.number().int().min(0),
});
export type SiteAlert = z.infer<typeof siteAlertSchema>;

export const siteAlertsResponseSchema = z.object({ data: z.array(siteAlertSchema) });
export type SiteAlertsResponse = z.infer<typeof siteAlertsResponseSchema>;
