import { useEffect } from 'react';
import { useAppStore, type Section } from '../stores/app-store';
import { Icon, type IconName } from './Icon';

const items: { id: Section; label: string; icon: IconName; key: string }[] = [
  { id: 'library', label: 'Library', icon: 'library', key: '1' },
  { id: 'graph', label: 'Graph', icon: 'graph', key: '2' },
  { id: 'chat', label: 'Chat', icon: 'chat', key: '3' },
  { id: 'settings', label: 'Settings', icon: 'settings', key: ',' },
];

export function Sidebar() {
  const section = useAppStore((s) => s.section);
  const setSection = useAppStore((s) => s.setSection);

  // Ctrl/Cmd+1..3 switch sections, Ctrl/Cmd+, opens settings, as desktop apps do.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const hit = items.find((i) => i.key === e.key);
      if (hit) {
        e.preventDefault();
        setSection(hit.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSection]);

  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="brand" aria-label="Ariadne">
        <img src="./favicon.svg" alt="" width={28} height={28} />
        <span>Ariadne</span>
      </div>
      <ul role="list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={section === item.id ? 'nav-item active' : 'nav-item'}
              aria-current={section === item.id ? 'page' : undefined}
              onClick={() => setSection(item.id)}
              title={`${item.label} (Ctrl+${item.key})`}
              data-testid={`nav-${item.id}`}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
