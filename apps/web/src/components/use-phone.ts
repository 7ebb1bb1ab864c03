import { useSyncExternalStore } from 'react';
import { isPhoneScreen } from '../lib/screen-size.ts';

/** The size class the app writes on <html>: any module can follow it without importing the app. */
function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-screen'] });
  return () => observer.disconnect();
}

const phoneNow = () => isPhoneScreen(document.documentElement.dataset.screen);

/**
 * True in the phone class (under 600 px, decision 0050). The server draws the desktop layout,
 * so hydration starts from "not a phone" and React switches right after: never a mismatch.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, phoneNow, () => false);
}
