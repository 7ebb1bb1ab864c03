import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { HttpError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notice.ts';
import { accountKeys } from '../api/keys.ts';
import type { Profile } from '../api/types.ts';
import { updateProfile } from '../api/update.ts';
import { AvatarDialog } from '../components/avatar-dialog.tsx';
import {
  birthYears,
  dayChoices,
  followProfile,
  formFromProfile,
  GENDERS,
  isDirty,
  savedProfile,
  updateParams,
  withMonth,
  withYear,
  type SettingsForm,
} from '../settings-form.ts';
import styles from './user-setting-page.module.css';

export interface UserSettingPageProps {
  /** the logged-in user's stored profile */
  profile: Profile;
  /** merge into the stored profile (after a save or an avatar upload) */
  onProfileChange: (patch: Partial<Profile>) => void;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** /userSetting — 编辑个人信息. */
export function UserSettingPage({ profile, onProfileChange }: UserSettingPageProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => formFromProfile(profile));
  const [saving, setSaving] = useState(false);
  const [cropFile, setCropFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = useRef(profile);

  // Values follow later profile changes; the user's own edits stay.
  useEffect(() => {
    if (shown.current === profile) return;
    const before = shown.current;
    shown.current = profile;
    setForm((f) => followProfile(f, before, profile));
  }, [profile]);

  const dirty = isDirty(form, profile);
  const field = (key: 'nickname' | 'signature') => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = async () => {
    if (!form.nickname.trim()) return notify({ kind: 'warning', message: '昵称不能为空' });
    setSaving(true);
    try {
      await updateProfile(updateParams(form, profile));
      onProfileChange(savedProfile(form, profile));
      void client.invalidateQueries({ queryKey: accountKeys.detail(profile.userId) });
      notify({ kind: 'success', message: '修改成功' });
    } catch (error) {
      // A failed save stops loading and says why: the server's words (e.g. a nickname taken) help more.
      if (error instanceof HttpError && error.msg) notify({ kind: 'error', message: error.msg });
    } finally {
      setSaving(false);
    }
  };

  const pickAvatar = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) setCropFile(file);
  };

  const avatarUploaded = (avatarUrl: string) => {
    setCropFile(null);
    onProfileChange({ avatarUrl });
    void client.invalidateQueries({ queryKey: accountKeys.detail(profile.userId) });
    notify({ kind: 'success', message: '头像修改成功' });
  };

  const days = dayChoices(form.year, form.month);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>编辑个人信息</h1>
      <div className={styles.layout}>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            if (dirty && !saving) void save();
          }}
        >
          <label className={styles.row}>
            <span className={styles.label}>昵称：</span>
            <input className={styles.input} value={form.nickname} onChange={field('nickname')} aria-label="昵称" />
          </label>
          <label className={styles.row}>
            <span className={styles.label}>介绍：</span>
            <textarea className={styles.textarea} rows={3} value={form.signature} onChange={field('signature')} aria-label="介绍" />
          </label>
          <div className={styles.row} role="radiogroup" aria-label="性别">
            <span className={styles.label}>性别：</span>
            {GENDERS.map((g) => (
              <label key={g.value} className={styles.radio}>
                <input
                  type="radio"
                  name="gender"
                  value={g.value}
                  checked={form.gender === g.value}
                  onChange={() => setForm((f) => ({ ...f, gender: g.value }))}
                />
                {g.label}
              </label>
            ))}
          </div>
          <div className={styles.row}>
            <span className={styles.label}>生日：</span>
            <select
              className={styles.select}
              aria-label="年"
              value={form.year}
              onChange={(e) => setForm((f) => withYear(f, Number(e.target.value)))}
            >
              {form.year ? null : <option value={0}>年</option>}
              {birthYears().map((y) => (
                <option key={y} value={y}>
                  {y}年
                </option>
              ))}
            </select>
            <select
              className={styles.select}
              aria-label="月"
              value={form.month}
              disabled={!form.year}
              onChange={(e) => setForm((f) => withMonth(f, Number(e.target.value)))}
            >
              {form.month ? null : <option value={0}>月</option>}
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}月
                </option>
              ))}
            </select>
            <select
              className={styles.select}
              aria-label="日"
              value={form.day}
              disabled={!form.month}
              onChange={(e) => setForm((f) => ({ ...f, day: Number(e.target.value) }))}
            >
              {form.day ? null : <option value={0}>日</option>}
              {days.map((d) => (
                <option key={d} value={d}>
                  {d}日
                </option>
              ))}
            </select>
          </div>
          <div className={`${styles.row} ${styles.buttons}`}>
            <span className={styles.label} />
            <Button type="submit" variant="primary" disabled={!dirty || saving} loading={saving}>
              保存
            </Button>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              取消
            </Button>
          </div>
        </form>
        <div className={styles.avatarBox}>
          <CoverImage src={profile.avatarUrl} width={152} className={styles.avatar} alt="头像" eager />
          <input ref={fileInput} type="file" accept="image/*" hidden onChange={pickAvatar} data-testid="avatar-input" />
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            修改头像
          </Button>
        </div>
      </div>
      {cropFile ? <AvatarDialog file={cropFile} onClose={() => setCropFile(null)} onUploaded={avatarUploaded} /> : null}
    </div>
  );
}
