import { loadSettings, resolveAuthSecret } from '../../config.ts';
import { createESign } from '../../platform/esign.ts';
import { createLogger } from '../../platform/logging.ts';
import { createStorage } from '../../platform/storage.ts';
import { runStandalone } from '../standalone.ts';
import { isDatabaseEmpty, seedDemo } from './demo.ts';

// `npm run db:seed`: demo data into the embedded database. Against DATABASE_URL only when asked
// (--force), so a production database is never filled with demo people by accident.
const force = process.argv.includes('--force');
const settings = loadSettings();
if (settings.DATABASE_URL && !force) {
  createLogger(settings).fatal(
    'DATABASE_URL is set; seeding demo data there needs --force (npm run db:seed -- --force)',
  );
  process.exit(1);
}
await runStandalone(settings, async (db, log) => {
  if (!(await isDatabaseEmpty(db))) {
    log.info('demo data not added: the database already has users');
    return;
  }
  await seedDemo(db, new Date(), {
    storage: createStorage(settings),
    esign: createESign(settings, resolveAuthSecret(settings)),
  });
  log.info('demo data added');
});
