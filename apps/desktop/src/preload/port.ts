import type { DesktopBridge } from '@cloudtune/desktop-bridge';
import { invoke } from './invoke.ts';

/** Port: rejects when the server could not start, and the page shows the warning. */
export const port: Pick<DesktopBridge, 'getPort'> = {
  getPort: () => invoke<'cloudtune:get-port', number>('cloudtune:get-port'),
};
