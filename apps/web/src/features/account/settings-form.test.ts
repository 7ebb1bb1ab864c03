import { describe, expect, it } from 'vitest';
import type { Profile } from './api/types.ts';
import {
  birthdayMs,
  birthdayParts,
  birthYears,
  dayChoices,
  followProfile,
  formFromProfile,
  isDirty,
  updateParams,
  withMonth,
  withYear,
} from './settings-form.ts';

const born = new Date(1995, 4, 20).getTime();
const profile: Profile = {
  userId: 1,
  nickname: '小云',
  avatarUrl: null,
  signature: '你好',
  gender: 1,
  birthday: born,
  province: 110000,
  city: 110101,
  vipType: 0,
};

describe('profile settings form', () => {
  it('starts from the stored profile and is not dirty', () => {
    const f = formFromProfile(profile);
    expect(f).toEqual({ nickname: '小云', signature: '你好', gender: 1, year: 1995, month: 5, day: 20 });
    expect(isDirty(f, profile)).toBe(false);
  });

  it('保存 turns on for each field that differs, and off again when it is put back', () => {
    const f = formFromProfile(profile);
    expect(isDirty({ ...f, nickname: '小雨' }, profile)).toBe(true);
    expect(isDirty({ ...f, nickname: ' 小云 ' }, profile)).toBe(false);
    expect(isDirty({ ...f, signature: '你好。' }, profile)).toBe(true);
    expect(isDirty({ ...f, gender: 2 }, profile)).toBe(true);
    expect(isDirty({ ...f, day: 21 }, profile)).toBe(true);
    expect(isDirty(f, profile, true)).toBe(true);
    expect(isDirty({ ...f, gender: 2 }, { ...profile, gender: 2 })).toBe(false);
  });

  it('changing the year resets month and day to the first; changing the month resets the day', () => {
    const f = formFromProfile(profile);
    expect(withYear(f, 2000)).toMatchObject({ year: 2000, month: 1, day: 1 });
    expect(withMonth(f, 2)).toMatchObject({ year: 1995, month: 2, day: 1 });
  });

  it('offers 1920 to this year, and days by the month length and leap years', () => {
    const years = birthYears(new Date(2026, 0, 1));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1920);
    expect(years).toHaveLength(107);
    expect(dayChoices(2024, 2)).toHaveLength(29);
    expect(dayChoices(1900, 2)).toHaveLength(28);
    expect(dayChoices(2000, 2)).toHaveLength(29);
    expect(dayChoices(2023, 2)).toHaveLength(28);
    expect(dayChoices(2023, 4)).toHaveLength(30);
    expect(dayChoices(2023, 12)).toHaveLength(31);
    expect(dayChoices(0, 0)).toEqual([]);
  });

  it("NetEase's unset birthday shows empty selects and is sent back unchanged", () => {
    const unset = { ...profile, birthday: -2209017600000 };
    const f = formFromProfile(unset);
    expect(f).toMatchObject({ year: 0, month: 0, day: 0 });
    expect(updateParams(f, unset).birthday).toBe(-2209017600000);
  });

  it('sends every field with province and city as stored; the birthday as local midnight', () => {
    const f = withYear(formFromProfile(profile), 2001);
    expect(updateParams(f, profile)).toEqual({
      nickname: '小云',
      signature: '你好',
      gender: 1,
      birthday: new Date(2001, 0, 1).getTime(),
      province: 110000,
      city: 110101,
    });
    expect(birthdayParts(birthdayMs(f))).toEqual({ year: 2001, month: 1, day: 1 });
  });

  it('follows a later profile change, but keeps the fields the user has edited', () => {
    const edited = { ...formFromProfile(profile), signature: '正在改' };
    const after = { ...profile, nickname: '新名字', signature: '别处改的', gender: 2 };
    expect(followProfile(edited, profile, after)).toMatchObject({ nickname: '新名字', signature: '正在改', gender: 2, year: 1995 });
  });
});
