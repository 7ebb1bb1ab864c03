import { useMatches } from 'react-router';
import { EmptyList } from '../../components/empty-list.tsx';
import type { RouteHandle } from '../build-routes.tsx';
import styles from './pages.module.css';

/**
 * A screen a later issue builds: its title and an empty list. Under a section page (tabs)
 * the section already shows the title, so only the empty list remains.
 */
export default function TitlePage({ title }: { title?: string }) {
  const matches = useMatches();
  const own = matches.at(-1)?.handle as RouteHandle | undefined;
  const parent = matches.at(-2)?.handle as RouteHandle | undefined;
  const underSection = !title && !!parent?.tabs?.length;
  return (
    <div className={underSection ? undefined : styles.page}>
      {underSection ? null : <h1 className={styles.title}>{title ?? own?.title}</h1>}
      <EmptyList />
    </div>
  );
}
