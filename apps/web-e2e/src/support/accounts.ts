/** A user created through the API (signup), for journeys that start logged in. Throws unless it is created. */
export async function signUpThroughApi(
  baseUrl: string,
  input: { email: string; name: string; password: string; ip: string },
): Promise<{ token: string; user: { id: number } }> {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    // A test's own client address: the signup rate limit counts per address.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': input.ip },
    body: JSON.stringify({ email: input.email, name: input.name, password: input.password, terms: true }),
  });
  if (response.status !== 201) throw new Error(`signup of ${input.email} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token: string; user: { id: number } };
}
