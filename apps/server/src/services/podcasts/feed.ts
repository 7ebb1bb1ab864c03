import { XMLParser } from 'fast-xml-parser';
import type { ChannelFields, EpisodeFields } from '../../repos/podcasts.ts';

/** A feed keeps at most this many episodes, the newest (what a listener scrolls back through). */
export const MAX_EPISODES = 1000;
const MAX_TITLE = 500;
const MAX_DESCRIPTION = 4000;

/** Why a feed was not read; the message is the server's own words (never the feed's). */
export class FeedError extends Error {}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Text stays text: a title "1984" or a guid "0042" is not a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item',
});

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An element's text: a plain value, or the `#text` of one that has attributes. */
function text(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (isNode(v) && '#text' in v) return text(v['#text']);
  return '';
}

const attr = (v: unknown, name: string): string => (isNode(v) ? text(v[`@_${name}`]) : Array.isArray(v) ? attr(v[0], name) : '');

const NAMED = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
]);

/** HTML's character references, once tags are gone: `&amp;` → `&`, `&#8217;` → `’`; unknown ones stay as they are. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED.get(ref.toLowerCase()) ?? whole;
  });
}

/** Descriptions are often HTML: kept as plain text (tags dropped, references decoded), whitespace folded, bounded. */
function plain(html: string, max: number): string {
  const stripped = decodeReferences(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return [...stripped].slice(0, max).join('');
}

/** itunes:duration: `3146`, `52:26` or `0:52:26` → seconds. */
function durationOf(raw: string): number | null {
  const parts = raw.trim().split(':');
  if (parts.length > 3 || !parts.every((p) => /^\d{1,6}(\.\d+)?$/.test(p))) return null;
  const seconds = parts.reduce((sum, p) => sum * 60 + Number(p), 0);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

function dateOf(raw: string): number | null {
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

function absolute(raw: string, base: URL): string | null {
  if (!raw.trim()) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An RSS 2.0 podcast feed (with the iTunes tags podcasts carry): the channel's title, description
 * and picture, and its episodes that have an enclosure (what there is to play), newest first.
 * Entity declarations are refused outright: a feed has no use for them, and they are how an XML
 * document expands itself beyond any size limit.
 */
export function parseFeed(xml: string, feedUrl: URL): { channel: ChannelFields; episodes: EpisodeFields[] } {
  if (/<!ENTITY/i.test(xml)) throw new FeedError('the feed declares XML entities');
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    throw new FeedError('the feed is not well-formed XML');
  }
  const channel = isNode(doc) && isNode(doc.rss) ? doc.rss.channel : undefined;
  if (!isNode(channel)) throw new FeedError('the document is not an RSS feed');
  const image = attr(channel['itunes:image'], 'href') || text(isNode(channel.image) ? channel.image.url : undefined);
  const items = Array.isArray(channel.item) ? channel.item.filter(isNode) : [];
  const episodes = items.flatMap((item): EpisodeFields[] => {
    const enclosureUrl = absolute(attr(item.enclosure, 'url'), feedUrl);
    if (!enclosureUrl) return [];
    const length = Number(attr(item.enclosure, 'length'));
    return [
      {
        guid: text(item.guid) || enclosureUrl,
        title: plain(text(item.title), MAX_TITLE) || plain(text(item['itunes:title']), MAX_TITLE) || '(untitled)',
        description: plain(text(item.description) || text(item['itunes:summary']), MAX_DESCRIPTION),
        publishDate: dateOf(text(item.pubDate)),
        enclosureUrl,
        enclosureType: attr(item.enclosure, 'type').toLowerCase() || null,
        size: Number.isSafeInteger(length) && length > 0 ? length : null,
        durationS: durationOf(text(item['itunes:duration'])),
      },
    ];
  });
  episodes.sort((a, b) => (b.publishDate ?? -Infinity) - (a.publishDate ?? -Infinity));
  return {
    channel: {
      title: plain(text(channel.title), MAX_TITLE),
      description: plain(text(channel.description) || text(channel['itunes:summary']), MAX_DESCRIPTION),
      imageUrl: image ? absolute(image, feedUrl) : null,
    },
    episodes: episodes.slice(0, MAX_EPISODES),
  };
}
