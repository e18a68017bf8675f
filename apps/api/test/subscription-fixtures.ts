import { OFFERS } from '../../../prisma/seed/offers';
import type { PrismaService } from '../src/infra/prisma/prisma.service';

/** The reference offers as the seed writes them; an offer another test created first is brought in line. */
export async function seedOffers(prisma: PrismaService): Promise<void> {
  for (const o of OFFERS) {
    const data = { ...o, labels: [...o.labels], active: true };
    await prisma.offer.upsert({ where: { name: o.name }, update: data, create: data });
  }
}
