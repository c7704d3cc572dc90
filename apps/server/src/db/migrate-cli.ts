import { loadSettings } from '../config.ts';
import { runStandalone } from './standalone.ts';

await runStandalone(loadSettings(), async () => {
  console.log('migrations applied');
});
