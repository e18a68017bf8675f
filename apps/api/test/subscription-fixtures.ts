import { OFFERS } from '../../../prisma/seed/offers';
import type { PrismaService } from '../src/infra/prisma/prisma.service';
import { TokenService } from '../src/common/auth/token.service';
import { createUser } from './factories';
import type { TestApp } from './test-app';

/** The reference offers as the seed writes them; an offer another test created first is brought in line. */
export async function seedOffers(prisma: PrismaService): Promise<void> {
  for (const o of OFFERS) {
    const data = { ...o, labels: [...o.labels], active: true };
    await prisma.offer.upsert({ where: { name: o.name }, update: data, create: data });
  }
}

/**
 * A fresh user and a bearer header for it. The token is issued on every request at the app's clock,
 * so tests that move the clock weeks ahead (renewals, throttle windows) keep a valid session.
 */
export async function userWithToken(t: TestApp) {
  const user = await createUser(t.prisma);
  const auth = {
    get authorization() {
      return `Bearer ${t.app.get(TokenService).issue(user.id)}`;
    },
  } as Record<string, string>;
  return { user, auth };
}
