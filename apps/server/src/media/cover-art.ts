import { intBetween, pick, rngFor, type Rng } from '../text/prng.ts';

/**
 * Abstract cover art as SVG, deterministic per (kind, id): gradients and shapes in a palette drawn
 * from the id. No text on purpose: CI machines may lack CJK fonts, and covers must look the
 * same everywhere.
 */
export type ArtStyle = 'orbs' | 'waves' | 'rings' | 'mosaic' | 'sunset' | 'bars';

const STYLES_BY_KIND: Record<string, readonly ArtStyle[]> = {
  avatar: ['orbs', 'rings', 'mosaic'],
  banner: ['waves', 'orbs', 'sunset', 'bars'],
  background: ['waves', 'orbs'],
};
const ALL_STYLES: readonly ArtStyle[] = ['orbs', 'waves', 'rings', 'mosaic', 'sunset', 'bars'];

interface Palette {
  a: string;
  b: string;
  c: string;
  dark: string;
  light: string;
}

const hsl = (h: number, s: number, l: number): string => `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

function palette(rng: Rng): Palette {
  const h = rng() * 360;
  const shift = pick(rng, [30, 45, 150, 180, 210]);
  return {
    a: hsl(h, 55 + rng() * 25, 45 + rng() * 12),
    b: hsl(h + shift, 55 + rng() * 25, 48 + rng() * 12),
    c: hsl(h - 35, 50 + rng() * 25, 58 + rng() * 12),
    dark: hsl(h + 10, 35 + rng() * 20, 10 + rng() * 8),
    light: hsl(h + shift / 2, 80, 86 + rng() * 6),
  };
}

export function coverArtSvg(kind: string, id: number, width: number, height: number): string {
  const rng = rngFor('cover-art', kind, id);
  const p = palette(rng);
  const style = pick(rng, STYLES_BY_KIND[kind] ?? ALL_STYLES);
  const angle = rng() * Math.PI * 2;
  const [x1, y1, x2, y2] = [0.5 - Math.cos(angle) / 2, 0.5 - Math.sin(angle) / 2, 0.5 + Math.cos(angle) / 2, 0.5 + Math.sin(angle) / 2];
  const defs = `<linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient>`;
  const body = DRAW[style](rng, p, width, height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}${body.defs ?? ''}</defs>${body.shapes}</svg>`;
}

interface Drawing {
  defs?: string;
  shapes: string;
}
type Draw = (rng: Rng, p: Palette, w: number, h: number) => Drawing;

const f = (n: number): string => n.toFixed(1);

const DRAW: Record<ArtStyle, Draw> = {
  orbs(rng, p, w, h) {
    const m = Math.min(w, h);
    const colors = [p.a, p.b, p.c, p.light];
    let defs = `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(m * 0.012)}"/></filter>`;
    let shapes = `<rect width="${w}" height="${h}" fill="url(#bg)"/><g filter="url(#soft)">`;
    const count = intBetween(rng, 4, 7);
    for (let i = 0; i < count; i++) {
      const color = pick(rng, colors);
      defs += `<radialGradient id="o${i}" cx="0.4" cy="0.35"><stop offset="0" stop-color="${p.light}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${color}" stop-opacity="0.85"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
      shapes += `<circle cx="${f(rng() * w)}" cy="${f(rng() * h)}" r="${f(m * (0.12 + rng() * 0.3))}" fill="url(#o${i})"/>`;
    }
    return { defs, shapes: shapes + '</g>' };
  },
  waves(rng, p, w, h) {
    let shapes = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const layers = [p.light, p.c, p.a, p.b, p.dark];
    layers.forEach((color, i) => {
      const base = h * (0.3 + i * 0.14);
      const amp = h * (0.05 + rng() * 0.08);
      const phase = rng() * w;
      const step = w / 4;
      let d = `M0 ${f(base + amp * Math.sin(phase))}`;
      for (let k = 1; k <= 4; k++) {
        const x = k * step;
        const y = base + amp * Math.sin(phase + k * 1.7);
        d += ` S${f(x - step / 2)} ${f(y + (k % 2 ? amp : -amp))} ${f(x)} ${f(y)}`;
      }
      shapes += `<path d="${d} L${w} ${h} L0 ${h}Z" fill="${color}" opacity="${(0.55 + i * 0.1).toFixed(2)}"/>`;
    });
    return { shapes };
  },
  rings(rng, p, w, h) {
    const cx = w * (0.3 + rng() * 0.4);
    const cy = h * (0.3 + rng() * 0.4);
    const m = Math.max(w, h);
    let shapes = `<rect width="${w}" height="${h}" fill="${p.dark}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m)}" fill="url(#bg)" opacity="0.35"/>`;
    const colors = [p.a, p.b, p.c, p.light];
    for (let r = m * 0.06, i = 0; r < m * 1.1; r += m * (0.03 + rng() * 0.06), i++) {
      shapes += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${colors[i % colors.length]}" stroke-width="${f(m * (0.004 + rng() * 0.02))}" opacity="${(0.4 + rng() * 0.6).toFixed(2)}"/>`;
    }
    return { shapes: shapes + `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m * 0.05)}" fill="${p.light}"/>` };
  },
  mosaic(rng, p, w, h) {
    const cols = intBetween(rng, 4, 6);
    const size = w / cols;
    const rows = Math.ceil(h / size);
    const colors = [p.a, p.b, p.c, p.dark, p.light];
    let shapes = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const [x0, y0, x1, y1] = [x * size, y * size, (x + 1) * size, (y + 1) * size];
        const tri =
          rng() < 0.5 ? `${f(x0)},${f(y0)} ${f(x1)},${f(y0)} ${f(x0)},${f(y1)}` : `${f(x1)},${f(y0)} ${f(x1)},${f(y1)} ${f(x0)},${f(y0)}`;
        shapes += `<polygon points="${tri}" fill="${pick(rng, colors)}" opacity="${(0.5 + rng() * 0.5).toFixed(2)}"/>`;
        if (rng() < 0.15)
          shapes += `<circle cx="${f(x0 + size / 2)}" cy="${f(y0 + size / 2)}" r="${f(size * 0.3)}" fill="${p.light}" opacity="0.85"/>`;
      }
    }
    return { shapes };
  },
  sunset(rng, p, w, h) {
    const r = Math.min(w, h) * (0.25 + rng() * 0.1);
    const cx = w * (0.35 + rng() * 0.3);
    const horizon = h * 0.68;
    let shapes = `<rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${f(cx)}" cy="${f(horizon - r * 0.2)}" r="${f(r)}" fill="${p.light}"/>`;
    // stripes in the sky's own gradient read as slices cut out of the sun
    for (let i = 0; i < 5; i++) {
      const y = horizon - r * 0.75 + i * r * 0.2;
      shapes += `<rect x="${f(cx - r - 2)}" y="${f(y)}" width="${f(2 * r + 4)}" height="${f(r * 0.03 * (i + 1))}" fill="url(#bg)"/>`;
    }
    for (const [color, lift] of [
      [p.c, 0.12],
      [p.dark, 0],
    ] as const) {
      let d = `M0 ${h}`;
      for (let k = 0; k <= 6; k++) d += ` L${f((k * w) / 6)} ${f(horizon - lift * h - rng() * h * 0.12)}`;
      shapes += `<path d="${d} L${w} ${h}Z" fill="${color}"/>`;
    }
    return { shapes };
  },
  bars(rng, p, w, h) {
    const count = intBetween(rng, 9, 15);
    const gap = w / (count * 3 + 1);
    const barW = gap * 2;
    let shapes = `<rect width="${w}" height="${h}" fill="${p.dark}"/><ellipse cx="${f(w / 2)}" cy="${f(h / 2)}" rx="${f(w * 0.45)}" ry="${f(h * 0.4)}" fill="url(#bg)" opacity="0.35"/>`;
    const defs = `<linearGradient id="bar" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>`;
    let level = 0.5;
    for (let i = 0; i < count; i++) {
      level = Math.min(0.9, Math.max(0.15, level + (rng() - 0.5) * 0.45));
      const bh = h * level * 0.8;
      shapes += `<rect x="${f(gap + i * (barW + gap))}" y="${f((h - bh) / 2)}" width="${f(barW)}" height="${f(bh)}" rx="${f(barW / 2)}" fill="url(#bar)"/>`;
    }
    return { defs, shapes };
  },
};
