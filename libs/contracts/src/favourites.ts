import { z } from 'zod';
import { dwellingListItemSchema } from './dwellings';
import { text } from './input';

// Favourites ("Gemte boliger"), docs/decisions/0016-favourites.md:
//   GET    /api/users/me/favourites               the saved dwellings, newest saved first
//   GET    /api/users/me/favourites/ids           just the ids, for the hearts on cards and the detail page
//   PUT    /api/users/me/favourites/{dwellingId}  save (idempotent): 204; 404 unknown dwelling; 409 at the cap
//   DELETE /api/users/me/favourites/{dwellingId}  remove (idempotent): 204
// No request bodies: the dwelling id is the path segment, checked like /api/dwellings/{id} (ADR 0010).
//
// The favourites' mail (issue 34, docs/decisions/0062-change-alerts.md, "Favourites' mails"):
//   GET    /api/users/me/favourites/settings      {mails}: "mail me when a saved dwelling changes"
//   POST   /api/users/me/favourites/settings      {mails}: switch it on or off (idempotent); 400 for anything else
//   POST   /api/favourite-mails/off/{token}       the mail's one-click off (and List-Unsubscribe): idempotent; 404 unknown token
//   GET    /api/favourite-mails/off/{token}       changes nothing: 303 to the profile's favourites tab

/** A saved dwelling: the list item every list sends (deletedAt set = rented, "Udlejet {date}") and when it was saved. */
export const favouriteSchema = dwellingListItemSchema.extend({
  savedAt: z.iso.datetime({ offset: true }),
  /**
   * What changed since it was saved (issue 34, docs/decisions/0062-change-alerts.md): rented, reserved
   * (unavailable but not rented), and the rent when saved if the rent is another now (else null).
   */
  sinceSaved: z.object({ rented: z.boolean(), reserved: z.boolean(), rentWhenSaved: z.number().int().nullable() }),
});
export type Favourite = z.infer<typeof favouriteSchema>;

/** GET /api/users/me/favourites. */
export const favouritesResponseSchema = z.object({ data: z.array(favouriteSchema) });
export type FavouritesResponse = z.infer<typeof favouritesResponseSchema>;

/** GET /api/users/me/favourites/ids: the saved dwellings' ids, newest saved first. */
export const favouriteIdsResponseSchema = z.object({ ids: z.array(z.string()) });
export type FavouriteIdsResponse = z.infer<typeof favouriteIdsResponseSchema>;

/** GET and POST /api/users/me/favourites/settings: the favourites' mail, on or off. Off for every user until they switch it on. */
export const favouriteSettingsSchema = z.object({ mails: z.boolean() }).strict();
export type FavouriteSettings = z.infer<typeof favouriteSettingsSchema>;

/** The one-click off link's token (a path segment), checked like a body field. */
export const favouriteMailsTokenParamSchema = z.object({ token: text(200) });
