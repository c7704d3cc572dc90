import { loadSettings } from '../config.ts';
import { runStandalone } from './standalone.ts';

await runStandalone(loadSettings(), async (_db, log) => {
  log.info('migrations applied');
});
