import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { MoreIcon } from '../../../components/icons.tsx';
import { notify } from '../../../lib/notice.ts';
import type { UserDetail } from '../api/types.ts';
import { useFollow } from '../hooks/use-follow.ts';
import { genderIcon, isLongSignature, visibleTags } from '../profile-rules.ts';
import styles from './profile-header.module.css';

/**
 * The profile's head: avatar, nickname, tags, level, gender, the
 * buttons (own: 编辑个人资料; another's: 发私信 disabled, 关注/已关注, more), 动态/关注/粉丝
 * linking to their pages, 所在地区 and 社交网络 (placeholders), and the expandable signature.
 */
export function ProfileHeader({ detail, own, onFollowChange }: { detail: UserDetail; own: boolean; onFollowChange?: () => void }) {
  const { profile, level } = detail;
  const uid = profile.userId;
  const gender = genderIcon(profile.gender);
  const tags = visibleTags(profile.allAuthTypes);
  const follow = useFollow(uid, onFollowChange);
  const [expanded, setExpanded] = useState(false);
  const signature = profile.signature ?? '';
  const foldable = isLongSignature(signature);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${location.origin}${location.pathname}`);
      notify({ kind: 'success', message: '已复制主页链接' });
    } catch {
      notify({ kind: 'warning', message: '复制失败' });
    }
  };

  return (
    <section className={styles.head} data-testid="profile-header">
      <CoverImage src={profile.avatarUrl} width={180} radius="50%" className={styles.avatar} alt={`${profile.nickname}的头像`} eager />
      <div className={styles.info}>
        <div className={styles.nameRow}>
          <h1 className={styles.nickname}>{profile.nickname}</h1>
          {gender ? (
            <span className={`${styles.gender} ${styles[gender]}`} role="img" aria-label={gender === 'male' ? '男' : '女'}>
              {gender === 'male' ? '♂' : '♀'}
            </span>
          ) : null}
          <span className={styles.level} aria-label={`等级 ${level}`}>
            Lv.{level}
          </span>
        </div>
        {tags.length ? (
          <div className={styles.tags}>
            {tags.map((t) => (
              <span key={`${t.type}-${t.desc}`} className={styles.tag}>
                {t.desc}
              </span>
            ))}
          </div>
        ) : null}
        <div className={styles.actions}>
          {own ? (
            <Link to="/userSetting" className={buttonClass({ variant: 'secondary' })}>
              编辑个人资料
            </Link>
          ) : (
            <>
              <Button variant="secondary" disabled title="私信暂未开放">
                发私信
              </Button>
              <Button
                variant={profile.followed ? 'secondary' : 'primary'}
                aria-pressed={profile.followed === true}
                disabled={follow.isPending}
                onClick={() => follow.mutate(!profile.followed)}
              >
                {profile.followed ? '已关注' : '关注'}
              </Button>
              <Button
                variant="icon"
                size="md"
                className={styles.round}
                aria-label="更多"
                title="复制主页链接"
                onClick={() => void copyLink()}
              >
                <MoreIcon size={16} />
              </Button>
            </>
          )}
        </div>
        <dl className={styles.stats}>
          <Link to={`/eventView/${uid}`} className={styles.stat}>
            <dd>{profile.eventCount ?? 0}</dd>
            <dt>动态</dt>
          </Link>
          <Link to={`/followList/${uid}`} className={styles.stat}>
            <dd>{profile.follows ?? 0}</dd>
            <dt>关注</dt>
          </Link>
          <Link to={`/fansView/${uid}`} className={styles.stat}>
            <dd data-testid="fans-count">{profile.followeds ?? 0}</dd>
            <dt>粉丝</dt>
          </Link>
        </dl>
        <p className={styles.line}>所在地区：暂无</p>
        <p className={styles.line}>社交网络：未绑定</p>
        <div className={styles.line}>
          个人介绍：
          <span className={foldable && !expanded ? styles.folded : styles.signature} data-testid="signature">
            {signature || '暂无介绍'}
          </span>
          {foldable ? (
            <button type="button" className={styles.expand} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? '收起' : '展开'}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
