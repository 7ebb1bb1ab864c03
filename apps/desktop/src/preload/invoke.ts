import { ipcRenderer } from 'electron';
import type { InvokeArgs, InvokeChannel } from '../services/ipc-contract.ts';

/** A typed call to the main process (which validates the arguments again: it trusts no renderer). */
export const invoke = <C extends InvokeChannel, R>(channel: C, ...args: InvokeArgs<C>): Promise<R> =>
  ipcRenderer.invoke(channel, ...args) as Promise<R>;
