import type { ReactNode } from 'react';

/**
 * An email or web address that may wrap only where a reader expects it: after "@" and "/", before
 * "." (an email split mid-word on a phone reads as two wrong addresses).
 */
export function breakable(address: string): ReactNode[] {
  return address.split(/(?<=[@/])|(?=\.)/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}
