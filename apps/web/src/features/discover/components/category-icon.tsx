import type { ReactNode } from 'react';

/** The picker's category icons (语种 风格 场景 情感 主题), drawn like components/icons.tsx; read by the server's category number (own keys only). */
const PATHS: Record<number, ReactNode> = {
  // 语种: a globe
  0: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.2 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.2-3.5-8.5s1.1-6.1 3.5-8.5z" />
    </>
  ),
  // 风格: a piano keyboard
  1: (
    <>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <path d="M9 5v14M15 5v14M7.5 5v7.5h3V5M13.5 5v7.5h3V5" />
    </>
  ),
  // 场景: a cup
  2: (
    <>
      <path d="M4.5 9h12v5a5 5 0 0 1-5 5h-2a5 5 0 0 1-5-5z" />
      <path d="M16.5 10.5h1.5a2.5 2.5 0 0 1 0 5h-1.5M8 3.5v2.5M12 3.5v2.5" />
    </>
  ),
  // 情感: a smile
  3: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8.5 14a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  // 主题: four tiles
  4: (
    <>
      <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
    </>
  ),
};

export function CategoryIcon({ category, size = 22 }: { category: number; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {Object.hasOwn(PATHS, category) ? PATHS[category] : PATHS[4]}
    </svg>
  );
}
