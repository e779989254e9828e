import { ModalPanel } from './Dialog';
import type { ModalPanelProps } from './Dialog';
import styles from './Drawer.module.css';

/** A panel sliding in from the right: traps focus, returns it to the opener, closes on Escape and on a click outside. */
export function Drawer(props: ModalPanelProps) {
  return <ModalPanel className={styles.drawer} {...props} />;
}
