// How often one client may use the site's open forms and beacons. Written once here, like
// LOGIN_THROTTLE, so the API enforces and the pages can explain the same numbers.

/** A person writes a few messages an hour at most; more from one address is a script filling support's inbox. */
export const CONTACT_FORM_THROTTLE = { perIp: 5, windowMs: 60 * 60_000 } as const;

/** A page sends a handful of named events; a script sending more is not a person. */
export const EVENT_THROTTLE = { perIp: 60, perUser: 120, windowMs: 10 * 60_000 } as const;

/** Error beacons logged per address an hour: one broken page reports, a loop does not flood the log. */
export const ERROR_BEACON_THROTTLE = { perIp: 20, windowMs: 60 * 60_000 } as const;

/**
 * Landlords writing to seekers through the landlord page (our numbers). Per address: a landlord
 * answering a handful of ads an hour fits, a script mailing every seeker does not. Per ad: a seeker
 * gets at most this many relayed messages a day, whoever sends them, so nobody can flood one inbox.
 */
export const LANDLORD_CONTACT_THROTTLE = { perIp: 5, ipWindowMs: 60 * 60_000, perAd: 20, adWindowMs: 24 * 3600_000 } as const;
