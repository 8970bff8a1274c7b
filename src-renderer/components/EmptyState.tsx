import type { ReactNode } from 'react';

/** What a section shows before there is anything in it: what it is for and the first thing to do. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <div className="empty-body">{children}</div>
      {action && <div className="empty-action">{action}</div>}
    </div>
  );
}
