import { PrismaService } from '../infra/prisma/prisma.service';
import { runCommand } from './run-command';
import { seedDatabase } from '../../../../prisma/seed/seed';

// npm run db:seed [-- --demo]: reference data always; demo data when asked or the database is empty.
runCommand('db:seed', async ({ app, config }, args) => {
  const demoData = args.includes('--demo') && config.seed.demoData !== 'never' ? 'always' : config.seed.demoData;
  const result = await seedDatabase(app.get(PrismaService), { demoData, dataDir: config.dataDir });
  console.log(result.summary);
});
