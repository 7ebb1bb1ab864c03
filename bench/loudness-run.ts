import { measureLoudnessWork } from './loudness.ts';

/** `npm run bench:loudness`: the loudness figures alone (what `npm run bench` prints among the others). */
await measureLoudnessWork();
