import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useDismiss } from '../../../components/use-dismiss.ts';
import { useEffectsStore } from '../effects/effects.store.ts';
import { ORIGINAL_SLUG } from '../effects/reverb-presets.ts';

const EffectsPanel = lazy(() => import('./effects-panel.tsx'));

/** Sliders over a line: the 音效 glyph. */
function EffectsIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 4v6M5 14v6M12 4v3M12 11v9M19 4v9M19 17v3" />
      <path d="M3 12h4M10 9h4M17 15h4" />
    </svg>
  );
}

/** True when anything but the defaults is on: the button shows it in the theme colour. */
const useEffectsActive = () =>
  useEffectsStore(
    (s) =>
      s.convolver !== ORIGINAL_SLUG || s.basicEffects.some((e) => e !== 'FADE') || s.eqGains.some((g) => g !== 0) || s.playbackRate !== 1,
  );

/** 音效 in the player bar: opens the effects panel; closes on Escape and on a click outside it. */
export function EffectsButton() {
  const [open, setOpen] = useState(false);
  const active = useEffectsActive();
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useDismiss(ref, () => setOpen(false), { enabled: open });

  return (
    <div ref={ref}>
      <Button
        variant="icon"
        size="md"
        tone="accent"
        active={open || active}
        aria-label="音效"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <EffectsIcon />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <EffectsPanel id={panelId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
