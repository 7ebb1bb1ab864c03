import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  CAPTCHA_DAILY_SENDS,
  CAPTCHA_DIGITS,
  CAPTCHA_RESEND_MS,
  MAX_DELAY_MS,
  PHONE_CAPTCHA_FAILURE_LIMIT,
  PHONE_WINDOW_MS,
} from '@cloudtune/server';
import { bump, fmtInt, goal, line, section, tally } from './report.ts';
import type { Rng } from './rng.ts';
import { launchServer, type ServerUnderTest } from './server-process.ts';

/**
 * Section 6: the takeovers and lockouts of issue 15, scripted (docs/decisions/0026-login-limits-and-captcha.md).
 * A server of its own with CLOUDTUNE_TRUSTED_PROXIES=127.0.0.1, so X-Forwarded-For makes each
 * request come from the address the attacker picks; the attacker reads codes it asked for from
 * the SMS outbox only where a real one could not (b: it is handed a valid code, the worst case).
 *
 * (a) SMS-code guessing against an account from 60 addresses (run last, a minute after the account's
 *     registration code): as fast as the real server takes it,
 *     then a whole day in an in-process server whose clock the suite moves (a code asked for every
 *     minute, 5 guesses after each); goal: no takeover, and the chance of one per day, from the
 *     guesses the server checked (each 1 in 10^6), under 0.1 %.
 * (b) /register/cellphone on a registered phone with a valid code: never a new password.
 * (c) 200 wrong passwords from 200 other addresses, then the owner's right one from a fresh address: in.
 * (d) 200 wrong Subsonic passwords from one address: limited with Retry-After, 0 get in.
 */
const ADDRESSES = 60;
const CODE_SPACE = 10 ** CAPTCHA_DIGITS;
const PASSWORD = 'owner-password-1';

interface Answer {
  status: number;
  code: number;
  msg: string;
  retryAfter: string | null;
  body: Record<string, unknown>;
  cookie: string | undefined;
}

/** Sends one API request as a client at `address`. */
type Send = (path: string, address: string) => Promise<Answer>;

const answer = (status: number, body: Record<string, unknown>, retryAfter: string | null, cookie: string | undefined): Answer => ({
  status,
  code: typeof body.code === 'number' ? body.code : status,
  msg: typeof body.msg === 'string' ? body.msg : '',
  retryAfter,
  body,
  cookie,
});

/** Over HTTP to the real server: the address is X-Forwarded-For, which it believes from 127.0.0.1. */
const httpSend =
  (base: string): Send =>
  async (path, address) => {
    const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('MUSIC_U='))
      ?.split(';')[0];
    return answer(res.status, (await res.json()) as Record<string, unknown>, res.headers.get('retry-after'), cookie);
  };

/** The code the outbox holds for `phone` (its last `phone code` line). */
function outboxCode(dataDir: string, phone: string): string {
  const file = join(dataDir, 'outbox', 'sms.log');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
  const code = lines
    .reverse()
    .find((l) => l.startsWith(`${phone} `))
    ?.split(' ')[1];
  if (!code) throw new Error(`no code for ${phone} in ${file}`);
  return code;
}

/** Registers `phone` with PASSWORD through the outbox, from an address of its own; returns the session cookie. */
async function registerVictim(send: Send, dataDir: string, phone: string): Promise<string> {
  const from = `10.90.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;
  const sent = await send(`/api/captcha/sent?phone=${phone}`, from);
  if (sent.code !== 200) throw new Error(`captcha/sent for ${phone}: ${JSON.stringify(sent.body)}`);
  const q = new URLSearchParams({ phone, captcha: outboxCode(dataDir, phone), password: PASSWORD });
  const res = await send(`/api/register/cellphone?${q}`, from);
  if (res.code !== 200 || !res.cookie) throw new Error(`register ${phone}: ${JSON.stringify(res.body)}`);
  return res.cookie;
}

const address = (i: number, block = 77) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const guessOf = (rng: Rng) => String(rng.int(0, CODE_SPACE - 1)).padStart(CAPTCHA_DIGITS, '0');

interface GuessRun {
  sends: Map<string, number>;
  guesses: Map<string, number>;
  /** guesses the server compared with the code (answered 503, or 200) */
  checked: number;
  takeovers: number;
}

/**
 * `rounds` times: an address asks for a code, five others guess one each (request n comes from
 * `from(n)`); `between` runs after each round.
 */
async function guessCodes(
  send: Send,
  rng: Rng,
  phone: string,
  { rounds, from, between }: { rounds: number; from: (n: number) => string; between?: () => void },
): Promise<GuessRun> {
  const run: GuessRun = { sends: new Map(), guesses: new Map(), checked: 0, takeovers: 0 };
  for (let round = 0; round < rounds; round++) {
    const sent = await send(`/api/captcha/sent?phone=${phone}`, from(round * 6));
    bump(run.sends, String(sent.code));
    for (let k = 0; k < 5; k++) {
      const res = await send(`/api/login/cellphone?phone=${phone}&captcha=${guessOf(rng)}`, from(round * 6 + k + 1));
      bump(run.guesses, String(res.code));
      if (res.code === 200) run.takeovers++;
      if (res.code === 200 || res.code === 503) run.checked++;
    }
    between?.();
  }
  return run;
}

/** The chance that at least one of `checked` guesses hits (each 1 in 10^6), in %. */
const takeoverChance = (checked: number): number => (1 - (1 - 1 / CODE_SPACE) ** checked) * 100;
const pct = (p: number): string => `${p < 0.01 ? p.toPrecision(2) : p.toFixed(3)} %`;

/** The phone whose codes (a) guesses: registered first, so the minute after its registration code has passed when (a) runs. */
const GUESSED = '13700000001';

async function captchaGuessing(server: ServerUnderTest, rng: Rng): Promise<void> {
  const send = httpSend(server.base);
  line(`(a) SMS-code guessing: ${ADDRESSES} addresses, a code asked for, then 5 guesses from other addresses, again and again`);
  line(
    `    the server's caps: ${CAPTCHA_DAILY_SENDS} codes and ${PHONE_CAPTCHA_FAILURE_LIMIT} wrong codes per phone per ${PHONE_WINDOW_MS / 3_600_000} h, ` +
      `a code a minute, ${CAPTCHA_DIGITS} digits`,
  );
  const phone = GUESSED;
  // As an attacker would: wait out what is left of the minute since the registration's code.
  const first = await send(`/api/captcha/sent?phone=${phone}`, address(ADDRESSES));
  if (first.code === 405) await new Promise((resolve) => setTimeout(resolve, Number(first.retryAfter) * 1000));
  line(`    a first code asked for → ${first.code}${first.code === 405 ? `: waited the ${first.retryAfter} s it said` : ''}`);
  const started = performance.now();
  const fast = await guessCodes(send, rng, phone, { rounds: ADDRESSES, from: (n) => address(n % ADDRESSES) });
  const seconds = (performance.now() - started) / 1000;
  line(
    `    real server, ${fmtInt(ADDRESSES * 6)} requests in ${seconds.toFixed(1)} s: codes asked ${tally(fast.sends)}; guesses ${tally(fast.guesses)}`,
  );
  goal(
    '(a) real server: no takeover',
    fast.takeovers === 0,
    `${fast.takeovers} takeovers; ${fast.checked} guesses checked, the rest refused`,
  );
  goal(
    `(a) real server: at most ${PHONE_CAPTCHA_FAILURE_LIMIT} guesses checked`,
    fast.checked <= PHONE_CAPTCHA_FAILURE_LIMIT,
    `${fast.checked} checked of ${fmtInt(ADDRESSES * 5)} sent`,
  );

  // The same attack for a whole day, against an in-process server (the same code) whose clock moves a minute a round.
  // Every request from a fresh address: stronger than 60, and clear of the per-address request budgets,
  // which count real time (a day here passes in seconds).
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-attack-day-'));
  let now = Date.now();
  const app = await buildApp({ dataDir, demo: true, clock: () => now, demoLibrary: { songCount: 40, playlistCount: 4 } });
  try {
    const inject: Send = async (path, from) => {
      const res = await app.inject({ method: 'GET', url: path, remoteAddress: from });
      const cookie = res.cookies.find((c) => c.name === 'MUSIC_U');
      return answer(
        res.statusCode,
        res.json(),
        (res.headers['retry-after'] as string | undefined) ?? null,
        cookie && `MUSIC_U=${cookie.value}`,
      );
    };
    await registerVictim(inject, dataDir, phone);
    now += CAPTCHA_RESEND_MS;
    const rounds = PHONE_WINDOW_MS / CAPTCHA_RESEND_MS;
    const day = await guessCodes(inject, rng, phone, { rounds, from: (n) => address(n, 100), between: () => (now += CAPTCHA_RESEND_MS) });
    line(
      `    a simulated day (${fmtInt(rounds)} rounds a minute apart, ${fmtInt(rounds * 6)} addresses): codes asked ${tally(day.sends)}; guesses ${tally(day.guesses)}`,
    );
    goal('(a) a simulated day: no takeover', day.takeovers === 0, `${day.takeovers} takeovers of ${fmtInt(rounds * 5)} guesses sent`);
    const bound = takeoverChance(PHONE_CAPTCHA_FAILURE_LIMIT);
    goal(
      '(a) chance of a takeover per phone per day < 0.1 %',
      takeoverChance(day.checked) < 0.1 && bound < 0.1,
      `${day.checked} guesses checked that day → ${pct(takeoverChance(day.checked))}; bound from the caps ` +
        `(${PHONE_CAPTCHA_FAILURE_LIMIT} checked guesses a day, each 1 in ${fmtInt(CODE_SPACE)}): ${pct(bound)} a day, ${pct(takeoverChance(PHONE_CAPTCHA_FAILURE_LIMIT * 365))} a year`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function registrationReset(server: ServerUnderTest): Promise<void> {
  const send = httpSend(server.base);
  line('(b) /register/cellphone on a registered phone, with a valid code for it (handed to the attacker from the outbox)');
  const phone = '13700000002';
  await registerVictim(send, server.dataDir, phone);
  await send(`/api/captcha/sent?phone=${phone}`, '10.91.0.1');
  const code = outboxCode(server.dataDir, phone);
  const attempts = new Map<string, number>();
  const register = await send(
    `/api/register/cellphone?${new URLSearchParams({ phone, captcha: code, password: 'attacker-pass' })}`,
    '10.91.0.2',
  );
  bump(attempts, `register ${register.code} ${register.msg}`);
  const reset = await send(`/api/password/reset?${new URLSearchParams({ phone, captcha: code, password: 'attacker-pass' })}`, '10.91.0.3');
  bump(attempts, `reset with a login code ${reset.code} ${reset.msg}`);
  const old = await send(`/api/login/cellphone?${new URLSearchParams({ phone, password: PASSWORD })}`, '10.91.0.4');
  const theirs = await send(`/api/login/cellphone?${new URLSearchParams({ phone, password: 'attacker-pass' })}`, '10.91.0.5');
  line(`    answers: ${tally(attempts)}`);
  goal(
    '(b) registering a registered phone never changes its password',
    register.code === 505 && reset.code === 503 && old.code === 200 && theirs.code === 502,
    `register → ${register.code}, reset with that code → ${reset.code}; the owner's password → ${old.code}, the attacker's → ${theirs.code}`,
  );
}

async function lockoutWeapon(server: ServerUnderTest): Promise<void> {
  const send = httpSend(server.base);
  line('(c) 200 wrong passwords from 200 addresses, then the owner from a fresh address');
  const phone = '13700000003';
  await registerVictim(send, server.dataDir, phone);
  const answers = new Map<string, number>();
  const started = performance.now();
  // Eight at a time: each is a password hash (~0.2–0.4 s of a core).
  for (let i = 0; i < 200; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, 200 - i) }, (_, k) =>
        send(`/api/login/cellphone?${new URLSearchParams({ phone, password: `guess-${i + k}` })}`, address(i + k, 78)),
      ),
    );
    for (const a of batch) bump(answers, String(a.code));
  }
  line(`    attackers, ${((performance.now() - started) / 1000).toFixed(1)} s: ${tally(answers)}`);
  const reused = await send(`/api/login/cellphone?${new URLSearchParams({ phone, password: PASSWORD })}`, address(7, 78));
  const t0 = performance.now();
  const owner = await send(`/api/login/cellphone?${new URLSearchParams({ phone, password: PASSWORD })}`, '10.92.0.1');
  const ms = performance.now() - t0;
  line(`    the right password from an attacker's address → ${reused.code} (Retry-After ${reused.retryAfter ?? '–'} s: ${reused.msg})`);
  goal('(c) the owner logs in from a fresh address after 200 failures', owner.code === 200, `${owner.code} in ${ms.toFixed(0)} ms`);
  goal(
    "(c) an attacker's address waits, with Retry-After",
    reused.code === 509 && Number(reused.retryAfter) > 0 && Number(reused.retryAfter) <= MAX_DELAY_MS / 1000,
    `${reused.code}, Retry-After ${reused.retryAfter ?? 'none'}`,
  );
}

async function subsonicBruteForce(server: ServerUnderTest): Promise<void> {
  const send = httpSend(server.base);
  line('(d) Subsonic: 200 wrong passwords for one user from one address');
  const phone = '13700000004';
  const cookie = await registerVictim(send, server.dataDir, phone);
  const made = await fetch(`${server.base}/api/subsonic/password`, { method: 'POST', headers: { cookie } });
  const secret = ((await made.json()) as { data: { password: string } }).data.password;
  const ping = async (auth: string, from: string) => {
    const res = await fetch(`${server.base}/rest/ping?${auth}&v=1.16.1&c=attack&f=json`, { headers: { 'x-forwarded-for': from } });
    const body = ((await res.json()) as { 'subsonic-response': { status: string; error?: { code: number; message: string } } })[
      'subsonic-response'
    ];
    return { status: body.status, error: body.error, retryAfter: res.headers.get('retry-after') };
  };
  const outcomes = new Map<string, number>();
  let ok = 0;
  let limited = 0;
  let withRetry = 0;
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    const res = await ping(`u=${phone}&p=guess-${i}`, '10.93.0.1');
    if (res.status === 'ok') ok++;
    const isLimited = res.error?.message.startsWith('Too many failed logins') ?? false;
    if (isLimited) limited++;
    if (isLimited && res.retryAfter) withRetry++;
    bump(outcomes, res.status === 'ok' ? 'ok' : `${res.error?.code} ${isLimited ? 'limited' : res.error?.message}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const right = await ping(`u=${phone}&p=${secret}`, '10.93.0.1');
  const owner = await ping(`u=${phone}&p=${secret}`, '10.93.0.2');
  line(`    ${seconds.toFixed(1)} s: ${tally(outcomes)}`);
  line(
    `    the right password from that address → ${right.error?.code ?? 'ok'} (${right.error?.message ?? ''}); from another → ${owner.status}`,
  );
  goal(
    '(d) Subsonic: 0 of 200 get in',
    ok === 0 && right.status === 'failed',
    `${ok} ok; the right one from the attacker's address: ${right.status}`,
  );
  goal(
    '(d) Subsonic: limited, every refusal with Retry-After',
    limited >= 190 && withRetry === limited,
    `${limited} limited (${withRetry} with Retry-After), ${200 - limited} checked`,
  );
  goal('(d) Subsonic: the owner, elsewhere, gets in', owner.status === 'ok', owner.status);
}

/** Section 6: the attacks, against a server of their own. */
export async function runAttacks(rng: Rng): Promise<void> {
  section(
    '6. Attacks',
    'SMS-code guessing, registration reset, lockout as a weapon, Subsonic brute force (a server trusting 127.0.0.1 as its proxy)',
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-attacks-'));
  const server = await launchServer(dataDir, { CLOUDTUNE_TRUSTED_PROXIES: '127.0.0.1' });
  try {
    await registerVictim(httpSend(server.base), server.dataDir, GUESSED);
    await registrationReset(server);
    await lockoutWeapon(server);
    await subsonicBruteForce(server);
    await captchaGuessing(server, rng);
  } finally {
    await server.stop();
  }
}
