import { measureSubsonic } from './subsonic.ts';

/** `npx tsx bench/subsonic-run.ts` (after `npm run build`): only the Subsonic figures. */
await measureSubsonic();
