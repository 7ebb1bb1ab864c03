import { useEffect, useState } from 'react';

/** SPEC-less but NetEase's: 获取验证码 waits 60 s before another code can be asked for. */
export const CAPTCHA_WAIT_S = 60;

/** Seconds left of a countdown started by `start()`; 0 when idle. */
export function useCountdown(seconds = CAPTCHA_WAIT_S) {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(0);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt ? Math.max(0, Math.ceil((endsAt - now) / 1000)) : 0;
  return {
    left,
    start: () => {
      const t = Date.now();
      setNow(t);
      setEndsAt(t + seconds * 1000);
    },
  };
}
