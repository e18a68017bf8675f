import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at 64 MiB, 3 passes, parallelism 4: above OWASP's minimum (19 MiB, 2 passes, 1 lane).
 * The parameters travel inside each hash, so raising them later still verifies old hashes.
 * @node-rs/argon2 ships prebuilt N-API binaries as npm packages: nothing compiles at install.
 */
export const PASSWORD_HASH_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
