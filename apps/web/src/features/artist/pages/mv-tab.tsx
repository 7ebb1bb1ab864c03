import { EmptyList } from '../../../components/empty-list.tsx';

/** MV: Cloudtune's library holds no music videos, so the tab says so (the empty message). */
export function MvTab() {
  return <EmptyList />;
}
