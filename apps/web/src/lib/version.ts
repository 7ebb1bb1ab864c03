/**
 * Compares versions `x.y.z` with an optional `-tag.n` suffix (SPEC §9), semver-style:
 * a pre-release sorts before its release; tags compare by name, then by number.
 */
const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z]+)(?:\.(\d+))?)?$/;

type Parsed = { core: [number, number, number]; tag?: string; n: number };

function parse(v: string): Parsed {
  const m = VERSION.exec(v.trim());
  if (!m) throw new Error(`Invalid version: ${v}`);
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], tag: m[4], n: Number(m[5] ?? 0) };
}

const sign = (d: number): -1 | 0 | 1 => (d < 0 ? -1 : d > 0 ? 1 : 0);

export function compareVersion(a: string, b: string): -1 | 0 | 1 {
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = sign(pa.core[i]! - pb.core[i]!);
    if (d) return d;
  }
  if (pa.tag === undefined || pb.tag === undefined) {
    return pa.tag === pb.tag ? 0 : pa.tag === undefined ? 1 : -1;
  }
  if (pa.tag !== pb.tag) return pa.tag < pb.tag ? -1 : 1;
  return sign(pa.n - pb.n);
}
