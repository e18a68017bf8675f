import { resolve } from 'node:path';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { FeedError } from '../dwellings/import/feed-row';
import { importDwellingFeed } from '../dwellings/import/dwelling-importer';
import { runCommand } from './run-command';
import { BoligagentDeliveryService } from '../boligagent/boligagent-delivery.service';
import { FavouritesService } from '../favourites/favourites.service';
import { JobQueue } from '../infra/queue/job-queue.service';

const USAGE = 'usage: npm run import:dwellings -- FILE.json|FILE.csv [--full] [--source NAME]';

// npm run import:dwellings -- FILE [--full] [--source NAME]: see README "Import a landlord feed".
runCommand('import:dwellings', async ({ app, config }, args) => {
  const sourceAt = args.indexOf('--source');
  const source = sourceAt >= 0 ? args[sourceAt + 1] : undefined;
  const files = args.filter((a, i) => !a.startsWith('--') && (sourceAt < 0 || i !== sourceAt + 1));
  if (files.length !== 1 || (sourceAt >= 0 && !source)) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = await importDwellingFeed(app.get(PrismaService), {
      file: resolve(files[0]),
      source,
      full: args.includes('--full'),
      dataDir: config.dataDir,
      now: app.get(Clock).now(),
    });
    // Instant boligagents hear of the new dwellings now; the others in the nightly run.
    await app.get(BoligagentDeliveryService).dwellingsCreated(result.createdIds);
    // Rent drops and dwellings back on the market (ADR 0062); a lost job is healed by the nightly sweep.
    await app.get(BoligagentDeliveryService).dwellingsChanged(result.changeIds);
    // The same changes (and rentals, reservations) for the users who saved the dwellings and asked for the mail.
    await app.get(FavouritesService).dwellingsChanged(result.changeIds);
    await app.get(JobQueue).drain();
    console.log(
      `import:dwellings (${result.source}): ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ` +
        `${result.rented} marked rented, ${result.changeIds.length} changes recorded, ${result.imagesWritten} images written`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    console.error(`import:dwellings: nothing was imported, the feed has ${error.problems.length} problem(s):`);
    for (const problem of error.problems) console.error(`  ${problem}`);
    return 1;
  }
});
