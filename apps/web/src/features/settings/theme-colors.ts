import { THEME_COLOR } from '../../lib/theme-color.ts';

/** 外观: the theme colour swatches; the #3dc095 is the default. */
export const THEME_SWATCHES: readonly { color: string; name: string }[] = [
  { color: THEME_COLOR, name: '薄荷绿' },
  { color: '#ec4141', name: '中国红' },
  { color: '#3b82f6', name: '天空蓝' },
  { color: '#8b5cf6', name: '葡萄紫' },
  { color: '#ec4899', name: '樱花粉' },
  { color: '#f59e0b', name: '活力橙' },
];

export const isHexColor = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

/** WCAG relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

/** The darker shade global.css derives as --theme-strong (86 % of the colour, 14 % black). */
export const strongShade = (hex: string): string =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.86)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Text on the theme colour: white, as the design has it on its green, unless the colour is so
 * light that white fades (under 2.5:1 against the darker shade): then near-black.
 */
export const textOnTheme = (theme: string): string => (contrast('#ffffff', strongShade(theme)) >= 2.5 ? '#ffffff' : '#1f2329');
