import type { DesktopBridge } from '../bridge.ts';
import { invoke } from './invoke.ts';

/** Port: rejects when the server could not start, and the page shows SPEC §8's warning. */
export const port: Pick<DesktopBridge, 'getPort'> = {
  getPort: () => invoke<'cloudtune:get-port', number>('cloudtune:get-port'),
};
