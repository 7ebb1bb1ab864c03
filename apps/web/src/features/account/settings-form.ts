import { daysInMonth } from '../../lib/days.ts';
import type { Profile } from './api/types.ts';

/**
 * The profile settings form's rules: 保存 only when nickname, signature,
 * gender, birthday or the avatar differs from the stored profile; birth years 1920 to this year;
 * changing the year resets month and day to 1, changing the month resets the day; the day
 * choices follow the month's length.
 */
export const FIRST_BIRTH_YEAR = 1920;
export const GENDERS = [
  { value: 0, label: '保密' },
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

export interface SettingsForm {
  nickname: string;
  signature: string;
  gender: number;
  /** 0 = not set (NetEase's unset birthday, or one before 1920) */
  year: number;
  month: number;
  day: number;
}

/** The years to choose from, this year first. */
export function birthYears(now = new Date()): number[] {
  const out: number[] = [];
  for (let y = now.getFullYear(); y >= FIRST_BIRTH_YEAR; y--) out.push(y);
  return out;
}

export const dayChoices = (year: number, month: number): number[] =>
  year && month ? Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1) : [];

/** A birthday (ms) as the form's year/month/day in local time; NetEase's unset value (1900) gives zeros. */
export function birthdayParts(ms: number | undefined): Pick<SettingsForm, 'year' | 'month' | 'day'> {
  if (ms === undefined || !Number.isFinite(ms)) return { year: 0, month: 0, day: 0 };
  const d = new Date(ms);
  if (d.getFullYear() < FIRST_BIRTH_YEAR) return { year: 0, month: 0, day: 0 };
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/** The form's birthday as ms (local midnight); undefined when none is chosen. */
export function birthdayMs(f: Pick<SettingsForm, 'year' | 'month' | 'day'>): number | undefined {
  if (!f.year || !f.month || !f.day) return undefined;
  return new Date(f.year, f.month - 1, f.day).getTime();
}

export function formFromProfile(p: Profile): SettingsForm {
  return { nickname: p.nickname, signature: p.signature ?? '', gender: p.gender ?? 0, ...birthdayParts(p.birthday) };
}

/** Year changed: month and day go back to the first. */
export const withYear = (f: SettingsForm, year: number): SettingsForm => ({ ...f, year, month: year ? 1 : 0, day: year ? 1 : 0 });

/** Month changed: the day goes back to the first. */
export const withMonth = (f: SettingsForm, month: number): SettingsForm => ({ ...f, month, day: month ? 1 : 0 });

/** Whether 保存 is enabled: something differs from the stored profile, or a new avatar was made. */
export function isDirty(f: SettingsForm, p: Profile, avatarChanged = false): boolean {
  const stored = formFromProfile(p);
  return (
    avatarChanged ||
    f.nickname.trim() !== stored.nickname ||
    f.signature !== stored.signature ||
    f.gender !== stored.gender ||
    f.year !== stored.year ||
    f.month !== stored.month ||
    f.day !== stored.day
  );
}

/** /user/update's params: every field, province and city as stored (this form does not edit them). */
export function updateParams(f: SettingsForm, p: Profile) {
  return {
    nickname: f.nickname.trim(),
    signature: f.signature,
    gender: f.gender,
    birthday: birthdayMs(f) ?? p.birthday,
    province: p.province ?? 0,
    city: p.city ?? 0,
  };
}

/** What the stored profile becomes after a successful save. */
export function savedProfile(f: SettingsForm, p: Profile): Partial<Profile> {
  const params = updateParams(f, p);
  return { nickname: params.nickname, signature: params.signature, gender: params.gender, birthday: params.birthday };
}

/**
 * the form's values follow later profile changes (an avatar upload, a save, another
 * tab) — but a field the user has edited keeps the edit.
 */
export function followProfile(f: SettingsForm, before: Profile, after: Profile): SettingsForm {
  const was = formFromProfile(before);
  const now = formFromProfile(after);
  const next = { ...f };
  if (f.nickname === was.nickname) next.nickname = now.nickname;
  if (f.signature === was.signature) next.signature = now.signature;
  if (f.gender === was.gender) next.gender = now.gender;
  if (f.year === was.year && f.month === was.month && f.day === was.day)
    Object.assign(next, { year: now.year, month: now.month, day: now.day });
  return next;
}
