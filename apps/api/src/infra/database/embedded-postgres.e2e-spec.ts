import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedDatabase, type DatabaseHandle } from './embedded-postgres';
import { migrateDatabase } from './migrate';

describe('embedded PostgreSQL (PGlite over the wire protocol)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-embedded-'));
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles.reverse()) await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a real Postgres protocol, takes the migrations, and a second opener shares it', async () => {
    const first = await openEmbeddedDatabase(dataDir);
    handles.push(first);
    expect(first.mode).toBe('embedded');
    expect(existsSync(join(dataDir, 'embedded-db.json'))).toBe(true);

    expect(await migrateDatabase(first.url)).toMatch(/applied \d+ migration/);
    expect(await migrateDatabase(first.url)).toBe('migrations up to date');

    // A command started while the portal runs must see the same data, not open the files again.
    const second = await openEmbeddedDatabase(dataDir);
    handles.push(second);
    expect(second.url).toBe(first.url);
    expect(second.description).toContain(`process ${process.pid}`);

    const writer = new Client({ connectionString: first.url });
    const reader = new Client({ connectionString: second.url });
    await writer.connect();
    await reader.connect();
    await writer.query(`INSERT INTO cities (slug, label, lat, lng, updated_at) VALUES ('delt', 'Delt', 1, 2, now())`);
    const { rows } = await reader.query(`SELECT label FROM cities WHERE slug = 'delt'`);
    expect(rows).toEqual([{ label: 'Delt' }]);
    await writer.end();
    await reader.end();
  }, 300_000);

  it('keeps the data across a restart', async () => {
    for (const h of handles.splice(0).reverse()) await h.close();
    expect(existsSync(join(dataDir, 'embedded-db.json'))).toBe(false);
    const again = await openEmbeddedDatabase(dataDir);
    handles.push(again);
    const client = new Client({ connectionString: again.url });
    await client.connect();
    const { rows } = await client.query(`SELECT label FROM cities WHERE slug = 'delt'`);
    await client.end();
    expect(rows).toEqual([{ label: 'Delt' }]);
  }, 300_000);
});
