import { describe, expect, it } from 'vitest';
import { layoutSizeOf, nextSizes, screenSizeOf } from './screen-size.ts';

describe('window size classes', () => {
  it('maps widths to sm, md, lg and layouts SM, MD', () => {
    expect([800, 1079, 1080, 1439, 1440, 2560].map(screenSizeOf)).toEqual(['sm', 'sm', 'md', 'md', 'lg', 'lg']);
    expect(['sm', 'md', 'lg'].map((s) => layoutSizeOf(s as 'sm'))).toEqual(['SM', 'MD', 'MD']);
  });

  it('below 600 px the window is a phone (xs), laid out SM', () => {
    expect([320, 390, 599, 600].map(screenSizeOf)).toEqual(['xs', 'xs', 'xs', 'sm']);
    expect(layoutSizeOf('xs')).toBe('SM');
  });

  it('keeps the previous size when the class changes, and the same object when it does not', () => {
    const first = nextSizes(null, 1440);
    expect(first).toEqual({ screen: 'lg', layout: 'MD', previous: null });
    expect(nextSizes(first, 1500)).toBe(first);
    expect(nextSizes(first, 900)).toEqual({ screen: 'sm', layout: 'SM', previous: { screen: 'lg', layout: 'MD' } });
  });
});
