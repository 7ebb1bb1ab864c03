import { useEffect, useState } from 'react';

/** Choosing the output device needs `setSinkId` on the AudioContext or on media elements. */
export function outputDeviceSupported(): boolean {
  const context = globalThis.AudioContext?.prototype as (AudioContext & { setSinkId?: unknown }) | undefined;
  const media = globalThis.HTMLMediaElement?.prototype as (HTMLMediaElement & { setSinkId?: unknown }) | undefined;
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.enumerateDevices === 'function' &&
    (typeof context?.setSinkId === 'function' || typeof media?.setSinkId === 'function')
  );
}

export interface OutputDevice {
  id: string;
  label: string;
}

/**
 * The audio outputs, kept current as devices come and go. The system's own 'default' and
 * 'communications' entries are left out: '' (系统默认) stands for them. Without a permission
 * the browser hides labels, so devices are numbered.
 */
export function useOutputDevices(enabled = true): OutputDevice[] {
  const [devices, setDevices] = useState<OutputDevice[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!enabled || !media) return;
    let live = true;
    const load = () =>
      media
        .enumerateDevices()
        .then((all) => {
          if (!live) return;
          const outputs = all.filter(
            (d) => d.kind === 'audiooutput' && d.deviceId && d.deviceId !== 'default' && d.deviceId !== 'communications',
          );
          setDevices(outputs.map((d, i) => ({ id: d.deviceId, label: d.label || `输出设备 ${i + 1}` })));
        })
        .catch(() => live && setDevices([]));
    void load();
    media.addEventListener?.('devicechange', load);
    return () => {
      live = false;
      media.removeEventListener?.('devicechange', load);
    };
  }, [enabled]);
  return devices;
}
