/**
 * Image URLs carry a size param of twice the displayed size, in the NetEase image
 * CDN's `?param=200y200` form, which Cloudtune's server also accepts.
 */
export function sizedImage(url: string | null | undefined, width: number, height = width): string {
  if (!url) return '';
  const param = `param=${Math.round(width * 2)}y${Math.round(height * 2)}`;
  const [base, hash] = url.split('#', 2) as [string, string | undefined];
  const withoutParam = base.replace(/([?&])param=[^&]*(&|$)/, (_m, sep: string, tail: string) => (tail ? sep : ''));
  const joined = withoutParam + (withoutParam.includes('?') ? (/[?&]$/.test(withoutParam) ? '' : '&') : '?') + param;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
