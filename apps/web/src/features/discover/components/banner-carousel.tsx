import { useEffect, useState } from 'react';
import type { Banner } from '@cloudtune/contract';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { sizedImage } from '../../../lib/image.ts';
import { bannerImage } from '../api/banner.ts';
import { usePageVisible } from '../hooks/use-page-visible.ts';
import styles from './banner-carousel.module.css';

/** The carousel advances every 4000 ms. */
export const BANNER_INTERVAL_MS = 4000;
/** displayed size of the centre slide; images are requested at twice this */
const SLIDE_W = 540;
const SLIDE_H = 200;

/** The server names a tag's colour: a Map, so that no name finds a member of Object.prototype. */
const TAG_COLORS = new Map([
  ['red', '#e5484d'],
  ['blue', '#3b82f6'],
]);

interface BannerCarouselProps {
  banners: readonly Banner[];
  onSelect: (banner: Banner) => void;
  /** False while the page is kept but not shown; autoplay pauses */
  active?: boolean;
}

type Place = 'center' | 'left' | 'right' | 'hidden';

function placeOf(index: number, current: number, count: number): Place {
  const offset = (index - current + count) % count;
  if (offset === 0) return 'center';
  if (offset === 1) return 'right';
  if (offset === count - 1) return 'left';
  return 'hidden';
}

/**
 * The recommend page's banner carousel in the desktop client's style: the current banner in
 * front, its neighbours peeking behind. Autoplay pauses on hover, when the tab is hidden and
 * when the page is not active; it stops when unmounted.
 */
export function BannerCarousel({ banners, onSelect, active = true }: BannerCarouselProps) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const visible = usePageVisible();
  const count = banners.length;
  const running = active && visible && !hovered && count > 1;

  useEffect(() => {
    if (!running) return;
    // Restarted on every change of slide, so a manual pick gets its full 4 s too.
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, current, count]);

  if (count === 0) return null;
  const shown = current % count;
  const go = (delta: number) => setCurrent((i) => (i + delta + count) % count);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="推荐横幅"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={styles.stage}>
        {banners.map((banner, i) => {
          const place = count === 2 && i !== shown ? 'right' : placeOf(i, shown, count);
          return (
            <button
              type="button"
              key={`${banner.targetId}-${i}`}
              data-testid="banner"
              className={`${styles.slide} ${styles[place]}`}
              aria-hidden={place === 'hidden'}
              tabIndex={place === 'center' ? 0 : -1}
              aria-label={banner.typeTitle ?? `横幅 ${i + 1}`}
              // Clicking a side slide brings it to the front, as the desktop client does.
              onClick={() => (place === 'center' ? onSelect(banner) : setCurrent(i))}
            >
              <img
                src={sizedImage(bannerImage(banner), SLIDE_W, SLIDE_H)}
                alt=""
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              {banner.typeTitle ? (
                <span className={styles.tag} style={{ background: TAG_COLORS.get(banner.titleColor ?? '') ?? 'var(--theme)' }}>
                  {banner.typeTitle}
                </span>
              ) : null}
            </button>
          );
        })}
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label="上一张" onClick={() => go(-1)}>
              <ChevronLeftIcon size={22} />
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="下一张" onClick={() => go(1)}>
              <ChevronRightIcon size={22} />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className={styles.dots} role="tablist" aria-label="选择横幅">
          {banners.map((banner, i) => (
            <button
              type="button"
              role="tab"
              key={`${banner.targetId}-${i}`}
              aria-selected={i === shown}
              aria-label={`第 ${i + 1} 张`}
              className={`${styles.dot} ${i === shown ? styles.dotActive : ''}`}
              onMouseEnter={() => setCurrent(i)}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
