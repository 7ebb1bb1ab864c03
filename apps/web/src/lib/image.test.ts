import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizedImage } from './image.ts';

describe('sizedImage', () => {
  it('asks for twice the displayed size', () => {
    expect(sizedImage('http://p1.music.126.net/a.jpg', 100)).toBe('http://p1.music.126.net/a.jpg?param=200y200');
    expect(sizedImage('/api/media/image/album/1.jpg', 540, 200)).toBe('/api/media/image/album/1.jpg?param=1080y400');
  });
  it('keeps other query params and replaces an existing size', () => {
    expect(sizedImage('/x.jpg?v=2', 50)).toBe('/x.jpg?v=2&param=100y100');
    expect(sizedImage('/x.jpg?param=10y10&v=2', 50)).toBe('/x.jpg?v=2&param=100y100');
    expect(sizedImage('/x.jpg?param=10y10', 50)).toBe('/x.jpg?param=100y100');
  });
  it('empty for a missing url', () => {
    expect(sizedImage(null, 10)).toBe('');
    expect(sizedImage(undefined, 10)).toBe('');
  });
  it('property: the param is always 2w y 2h and appears once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (w, h) => {
        const url = sizedImage(sizedImage('/a.jpg?x=1', 7), w, h);
        expect(url.match(/param=/g)).toHaveLength(1);
        expect(url.endsWith(`param=${w * 2}y${h * 2}`)).toBe(true);
      }),
    );
  });
});
