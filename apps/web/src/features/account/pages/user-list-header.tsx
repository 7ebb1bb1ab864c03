import { Link } from 'react-router';
import styles from './user-list-page.module.css';

/** The title of a user's list page and the way back to the profile. */
export function UserListHeader({ title, uid }: { title: string; uid: number }) {
  return (
    <div className={styles.head}>
      <h1 className={styles.title}>{title}</h1>
      <Link to={`/userinfo/${uid}`} className={styles.back}>
        返回个人主页
      </Link>
    </div>
  );
}
