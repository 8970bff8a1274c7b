import { useEffect, useRef, useState } from 'react';
import { filesFromDrop } from '../features/library/import-files';
import { useImport } from '../features/library/use-import';
import { Icon } from './Icon';

/** Dropping files or folders anywhere on the window adds them to the library. */
export function DropOverlay() {
  const [active, setActive] = useState(false);
  const depth = useRef(0);
  const doImport = useImport();

  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current++;
      setActive(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setActive(false);
      if (e.dataTransfer) void filesFromDrop(e.dataTransfer).then(doImport);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [doImport]);

  if (!active) return null;
  return (
    <div className="drop-overlay" aria-hidden="true" data-testid="drop-overlay">
      <div className="drop-card">
        <Icon name="upload" size={36} />
        <strong>Drop to add to your library</strong>
        <span className="muted">PDF, .txt and .md files, or whole folders</span>
      </div>
    </div>
  );
}
