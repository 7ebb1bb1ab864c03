import { Button } from '../../../components/button.tsx';
import { CloseIcon } from '../../../components/icons.tsx';
import { EffectsControls } from './effects-controls.tsx';
import panelStyles from '../../../components/panel.module.css';
import styles from './effects-panel.module.css';

/** The 音效 panel above the player bar (code-split: it loads on the first click of 音效). */
export default function EffectsPanel({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <div id={id} className={`${panelStyles.panel} ${styles.panel}`} role="dialog" aria-label="音效" data-testid="effects-panel">
      <header className={styles.header}>
        <h2 className={styles.title}>音效</h2>
        <Button variant="icon" size="sm" aria-label="关闭音效" onClick={onClose}>
          <CloseIcon size={18} />
        </Button>
      </header>
      <div className={styles.body}>
        <EffectsControls />
      </div>
    </div>
  );
}
