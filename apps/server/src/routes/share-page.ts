import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services/index.ts';
import type { SharePage } from '../services/shares.ts';

type SongRecord = SharePage['songs'][number];
import { sendSongAudio } from './song-audio.ts';

/**
 * A share's public page and the audio it plays, at the server's root in both modes (like /rest:
 * a Subsonic app builds the link from the address it was given). Nobody logs in here: the share's
 * id in the path is the secret, and its audio URLs play only the songs that share holds.
 */
export const SHARE_PREFIX = '/share';
export const shareUrl = (base: string, id: string): string => `${base}${SHARE_PREFIX}/${id}`;
const audioPath = (id: string, songId: number): string => `${SHARE_PREFIX}/${id}/audio/${songId}`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clock = (ms: number): string => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
/** Expiry dates are shown in China's time, the interface's audience. */
const dateFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'long', timeStyle: 'short' });

/**
 * The page's only script: the list plays through one <audio> (a row starts its song, or pauses
 * and resumes the one playing; the next starts when one ends). Without it every row is a link to
 * its audio. Static, so the Content-Security-Policy allows exactly it by hash.
 */
const PLAYER_SCRIPT = `(() => {
  const player = document.getElementById('player');
  const rows = [...document.querySelectorAll('a.song')];
  const title = document.getElementById('now-title');
  const sub = document.getElementById('now-sub');
  const cover = document.getElementById('now-cover');
  let current = -1;
  const mark = (i) => {
    if (current >= 0) { rows[current].classList.remove('playing'); rows[current].removeAttribute('aria-current'); }
    current = i;
    rows[i].classList.add('playing');
    rows[i].setAttribute('aria-current', 'true');
    title.textContent = rows[i].dataset.title;
    sub.textContent = rows[i].dataset.sub;
    cover.src = rows[i].dataset.cover;
  };
  const play = (i) => {
    if (i < 0 || i >= rows.length) return;
    mark(i);
    player.src = rows[i].href;
    player.play().catch(() => {});
  };
  rows.forEach((row, i) => row.addEventListener('click', (event) => {
    event.preventDefault();
    if (i !== current) play(i);
    else if (player.paused) player.play().catch(() => {});
    else player.pause();
  }));
  document.getElementById('play-all').addEventListener('click', () => play(0));
  player.addEventListener('play', () => { if (current < 0 && rows.length) mark(0); document.body.classList.remove('paused'); });
  player.addEventListener('pause', () => document.body.classList.add('paused'));
  player.addEventListener('ended', () => play(current + 1));
})();`;
const SCRIPT_HASH = `sha256-${createHash('sha256').update(PLAYER_SCRIPT).digest('base64')}`;

/** The product's look: its green, its fonts, soft panels and round corners. */
const STYLE = `
:root{--theme:#3dc095;--theme-strong:#35a681;--text:#1f2329;--text-2:#4e5561;--text-3:#8a919c;--line:#ebedf0;--bg-soft:#f6f7f9;--bg-row:#eef8f3;
--font:-apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC','Helvetica Neue',Arial,sans-serif}
*{box-sizing:border-box}
body{margin:0;font-family:var(--font);color:var(--text);background:var(--bg-soft);-webkit-font-smoothing:antialiased}
a{color:inherit;text-decoration:none}
.top{height:56px;display:flex;align-items:center;gap:10px;padding:0 24px;background:#fff;border-bottom:1px solid var(--line);font-weight:600;font-size:16px}
.top svg{flex:none}
main{max-width:880px;margin:24px auto 120px;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(17,24,39,.06);overflow:hidden}
.hero{display:flex;gap:28px;padding:28px;align-items:flex-end}
.hero img{width:200px;height:200px;border-radius:12px;object-fit:cover;flex:none;background:#e9edf1;box-shadow:0 6px 24px rgba(17,24,39,.12)}
.hero .info{min-width:0;flex:1}
.tag{display:inline-block;font-size:12px;line-height:20px;padding:0 8px;border-radius:4px;color:var(--theme-strong);border:1px solid var(--theme)}
h1{font-size:26px;line-height:1.3;margin:10px 0 8px;word-break:break-word}
.meta{color:var(--text-3);font-size:13px;margin:0}
.desc{margin:14px 0 0;padding:10px 14px;border-radius:8px;background:var(--bg-soft);color:var(--text-2);font-size:14px;line-height:1.6;white-space:pre-wrap;word-break:break-word}
.play-all{margin-top:18px;display:inline-flex;align-items:center;gap:8px;height:38px;padding:0 22px;border:0;border-radius:19px;background:var(--theme);color:#fff;font:inherit;font-size:15px;cursor:pointer}
.play-all:hover{background:var(--theme-strong)}
.list-head{display:flex;justify-content:space-between;padding:12px 28px;border-top:1px solid var(--line);color:var(--text-3);font-size:13px}
ol{list-style:none;margin:0;padding:0 12px 12px}
a.song{display:grid;grid-template-columns:32px 44px 1fr auto;align-items:center;gap:12px;padding:8px 16px;border-radius:8px}
a.song:hover{background:var(--bg-soft)}
a.song.playing{background:var(--bg-row)}
a.song.playing .title{color:var(--theme-strong)}
.no{color:var(--text-3);font-size:13px;text-align:center;font-variant-numeric:tabular-nums}
.song img{width:44px;height:44px;border-radius:6px;object-fit:cover;background:#e9edf1}
.names{min-width:0}
.title,.sub{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.title{font-size:15px}
.sub{font-size:12px;color:var(--text-3);margin-top:3px}
.dur{color:var(--text-3);font-size:13px;font-variant-numeric:tabular-nums}
.eq{display:none;height:14px;align-items:flex-end;justify-content:center;gap:2px}
.eq i{width:3px;background:var(--theme);border-radius:1px;animation:eq 1s ease-in-out infinite}
.eq i:nth-child(2){animation-delay:-.4s}.eq i:nth-child(3){animation-delay:-.7s}
@keyframes eq{0%,100%{height:4px}50%{height:14px}}
a.song.playing .eq{display:flex}
.paused .eq i{animation-play-state:paused}
a.song.playing .n{display:none}
.bar{position:fixed;left:0;right:0;bottom:0;background:#fff;border-top:1px solid var(--line);box-shadow:0 -4px 16px rgba(17,24,39,.06)}
.bar .inner{max-width:880px;margin:0 auto;padding:10px 16px;display:flex;align-items:center;gap:14px}
.bar img{width:48px;height:48px;border-radius:6px;object-fit:cover;flex:none;background:#e9edf1}
.now{min-width:0;width:220px;flex:none}
audio{flex:1;min-width:0;height:40px}
footer{text-align:center;color:var(--text-3);font-size:12px;margin-top:20px}
.gone{text-align:center;padding:72px 24px}
.gone h1{font-size:22px}
.gone p{color:var(--text-3);font-size:14px}
@media (max-width:640px){
.top{padding:0 16px}
main{margin-top:12px;padding:0 10px}
.hero{flex-direction:column;align-items:center;text-align:center;gap:16px;padding:24px 18px}
.hero img{width:168px;height:168px}
h1{font-size:21px}
.list-head{padding:10px 18px}
ol{padding:0 4px 8px}
a.song{grid-template-columns:26px 40px 1fr auto;gap:10px;padding:8px 10px}
.song img{width:40px;height:40px}
.bar .inner{flex-wrap:wrap;gap:8px 12px;padding:8px 12px}
.bar img{width:40px;height:40px}
.now{flex:1;width:auto}
audio{flex-basis:100%;height:36px}
}`;

/** The web app's icon: a note on the theme's circle (also the tab's icon, inline). */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='16' fill='%233dc095'/%3E%3Cpath d='M13 9v10.3a3.5 3.5 0 1 0 2 3.2V13h6V9z' fill='white'/%3E%3C/svg%3E";
/** The same icon as the page's logo. */
const LOGO =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="16" fill="#3dc095"/><path d="M13 9v10.3a3.5 3.5 0 1 0 2 3.2V13h6V9z" fill="#fff"/></svg>';

function page(reply: FastifyReply, title: string, body: string, script: boolean): FastifyReply {
  const scripts = script ? ` script-src '${SCRIPT_HASH}';` : '';
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline';${scripts} base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><meta name="theme-color" content="#3dc095"><link rel="icon" type="image/svg+xml" href="${ICON}"><title>${escapeHtml(title)} - Cloudtune 云音乐</title>` +
        `<style>${STYLE}</style></head><body><header class="top">${LOGO}<span>Cloudtune 云音乐</span></header>${body}` +
        (script ? `<script>${PLAYER_SCRIPT}</script>` : '') +
        `</body></html>`,
    );
}

const GONE_TITLE = '分享已过期或已删除';
const sendGone = (reply: FastifyReply): FastifyReply =>
  page(
    reply.code(404),
    GONE_TITLE,
    `<main><div class="card gone"><h1>${GONE_TITLE}</h1><p>这个分享链接已经失效，可以请分享者重新分享。</p></div></main>`,
    false,
  );

function sharePage(reply: FastifyReply, apiPrefix: string, { share, owner, songs }: SharePage): FastifyReply {
  const cover = (song: SongRecord, side: number) => `${apiPrefix}/media/image/album/${song.albumId}.jpg?param=${side}y${side}`;
  const artists = (song: SongRecord) => song.artists.map((a) => a.name).join(' / ');
  const total = songs.reduce((sum, s) => sum + s.durationMs, 0);
  const minutes = Math.max(1, Math.round(total / 60_000));
  const rows = songs
    .map((song, i) => {
      const sub = `${artists(song)} · ${song.albumName}`;
      return (
        `<li><a class="song" href="${escapeHtml(audioPath(share.id, song.id))}" data-title="${escapeHtml(song.name)}" data-sub="${escapeHtml(sub)}" data-cover="${escapeHtml(cover(song, 96))}">` +
        `<span class="no"><span class="n">${i + 1}</span><span class="eq" aria-hidden="true"><i></i><i></i><i></i></span></span>` +
        `<img src="${escapeHtml(cover(song, 96))}" alt="" loading="lazy" width="44" height="44">` +
        `<span class="names"><span class="title">${escapeHtml(song.name)}</span><span class="sub">${escapeHtml(sub)}</span></span>` +
        `<span class="dur">${clock(song.durationMs)}</span></a></li>`
      );
    })
    .join('');
  const first = songs[0];
  const expires = share.expiresAt === null ? '' : ` · 有效期至 ${escapeHtml(dateFormat.format(share.expiresAt))}`;
  const description = share.description ? `<p class="desc">${escapeHtml(share.description)}</p>` : '';
  const hero =
    `<section class="hero">${first ? `<img src="${escapeHtml(cover(first, 400))}" alt="" width="200" height="200">` : ''}` +
    `<div class="info"><span class="tag">分享</span><h1>${escapeHtml(share.title)}</h1>` +
    `<p class="meta">${escapeHtml(owner || 'Cloudtune 用户')} 分享 · ${songs.length} 首歌曲 · 约 ${minutes} 分钟${expires}</p>${description}` +
    `<button class="play-all" id="play-all" type="button"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M3 1.5v11l9-5.5z" fill="currentColor"/></svg>播放全部</button></div></section>`;
  const bar = first
    ? `<div class="bar"><div class="inner"><img id="now-cover" src="${escapeHtml(cover(first, 96))}" alt="" width="48" height="48">` +
      `<div class="now"><span class="title" id="now-title">${escapeHtml(first.name)}</span><span class="sub" id="now-sub">${escapeHtml(artists(first))} · ${escapeHtml(first.albumName)}</span></div>` +
      `<audio id="player" controls preload="none" src="${escapeHtml(audioPath(share.id, first.id))}" aria-label="播放器"></audio></div></div>`
    : '';
  const body =
    `<main><div class="card">${hero}<div class="list-head"><span>歌曲列表</span><span>${songs.length} 首</span></div><ol>${rows}</ol></div>` +
    `<footer>来自 Cloudtune 云音乐的分享，无需登录即可试听</footer></main>${bar}`;
  return page(reply, share.title, body, first !== undefined);
}

/**
 * GET /share/<id>: the page (a visit is counted); an expired, deleted or unknown share is a 404
 * page saying so. GET /share/<id>/audio/<songId>: a song the share holds, with Range, through the
 * same path as every song's audio; any other song is the same 404.
 */
export async function sharePageRoutes(app: FastifyInstance, { services, apiPrefix }: { services: Services; apiPrefix: string }) {
  app.get<{ Params: { id: string } }>(`${SHARE_PREFIX}/:id`, async (request, reply) => {
    // HEAD (a link preview asking what the URL is) is not a visit.
    const shared = await services.shares.visit(request.params.id, { count: request.method === 'GET' });
    return shared ? sharePage(reply, apiPrefix, shared) : sendGone(reply);
  });
  app.get<{ Params: { id: string; song: string } }>(`${SHARE_PREFIX}/:id/audio/:song`, async (request, reply) => {
    const { id, song } = request.params;
    const songId = /^\d{1,15}$/.test(song) ? Number(song) : 0;
    if (!(await services.shares.plays(id, songId))) return sendGone(reply);
    return sendSongAudio(request, reply, services, songId, null);
  });
}
