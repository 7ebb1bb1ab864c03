import { useQuery } from '@tanstack/react-query';
import { CoverImage } from '../../../components/cover-image.tsx';
import { fetchUserRadios } from '../api/user.ts';
import styles from './profile-playlists.module.css';
import { accountKeys } from '../api/keys.ts';

/**
 * The user's created radios ("created radios", /user/audio). Cloudtune's server has no
 * radios yet, so the section only appears when a server sends some (decision 0018).
 */
export function ProfileRadios({ uid, own }: { uid: number; own: boolean }) {
  const q = useQuery({ queryKey: accountKeys.radios(uid), queryFn: ({ signal }) => fetchUserRadios(uid, signal), retry: false });
  const radios = q.data?.djRadios ?? [];
  if (!radios.length) return null;
  const title = own ? '我创建的电台' : 'Ta创建的电台';
  return (
    <section className={styles.section}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.grid} aria-label={title}>
        {radios.map((r) => (
          <li key={r.id} className={styles.card}>
            <span className={styles.cover}>
              <CoverImage src={r.picUrl} width={180} radius={8} alt={r.name} />
            </span>
            <span className={styles.name}>{r.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
