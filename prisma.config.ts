// Prisma CLI config. Our machines cannot download Prisma's native schema engine, so the CLI runs its
// bundled WASM schema engine ("engine: js") over this driver adapter. adapter-pg 6.19 needs two mends
// for that (docs/decisions/0001-prisma-offline.md); drop them when upstream fixes land.
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { defineConfig } from 'prisma/config';

const TEXT_OID = 25;
const CATALOG_OIDS = new Set([18 /* "char" */, 19 /* name */]);
type PerformIO = (...args: unknown[]) => Promise<{ fields?: { dataTypeID: number }[] } | undefined>;

// Mend (a), prisma/orm issue 27403: the schema engine reads pg_catalog columns of type name and "char",
// which adapter-pg cannot map ("Column type 'name' could not be deserialized"). Their text values are
// plain strings already, so report them as text. Patched on the prototype that owns performIO (shared
// by the adapter and its transactions); patching pg itself does not work, the CLI loads its own copy.
function mendCatalogTypes<T extends object>(adapter: T): T {
  let proto = Object.getPrototypeOf(adapter);
  while (proto && !Object.hasOwn(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
  if (!proto || proto.performIO.mended) return adapter;
  const performIO: PerformIO = proto.performIO;
  const mended: PerformIO = async function (this: unknown, ...args) {
    const result = await performIO.apply(this, args);
    for (const field of result?.fields ?? []) if (CATALOG_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    return result;
  };
  proto.performIO = Object.assign(mended, { mended: true });
  return adapter;
}

// Mend (b): adapter-pg's connectToShadowDb sets `database` next to a connectionString that wins over it
// (so the "shadow" is the main database), and drops the shadow while its pool is still connected.
// We pass parsed fields instead of a connectionString, and create/drop the shadow database ourselves.
class MendedPrismaPg extends PrismaPg {
  constructor(private readonly pool: PoolConfig) {
    super(pool);
  }
  override async connect() {
    return mendCatalogTypes(await super.connect());
  }
  override async connectToShadowDb() {
    const main = await this.connect();
    const name = `prisma_shadow_${randomUUID().replaceAll('-', '')}`;
    await main.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = await new MendedPrismaPg({ ...this.pool, database: name }).connect();
    const disposeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await disposeShadow();
      await main.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await main.dispose();
    };
    return shadow;
  }
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  experimental: { adapter: true },
  engine: 'js',
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: prisma.config.ts needs it to reach PostgreSQL');
    // allowExitOnIdle: the CLI never disposes its adapter, and idle pool clients would hold it ~10 s.
    return new MendedPrismaPg({ ...(parseIntoClientConfig(url) as PoolConfig), allowExitOnIdle: true });
  },
});
