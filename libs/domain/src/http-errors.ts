// Section 8: the error name of a failed call. Every page's API client raises it, so it stands apart
// from the error catalogue's texts (error-catalogue.ts).

/** The HTTP error name the web raises for a failed call (section 8): HTTP_403 etc. */
export function httpErrorName(statusCode: number): `HTTP_${number}` {
  return `HTTP_${statusCode}`;
}
