import type { Payload } from '../../http/subsonic-envelope.ts';
import { notAuthorized } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

/**
 * startScan / getScanStatus: an import scan, a rescan of the import folders, in the background, one
 * at a time (services/import-scans.ts). Anyone may read the status; starting a scan costs the whole server
 * disk and CPU, so only an administrator may (as the reference server has it).
 */
export const importScanMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getScanStatus: async ({ services }) => ({ scanStatus: await services.importScans.status() }),
  startScan: async ({ userId, services }) => {
    if (!(await services.admins.isAdmin(userId))) throw notAuthorized('Only an administrator may start a scan');
    const { scanning, count } = await services.importScans.start();
    return { scanStatus: { scanning, count } };
  },
};
