import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { Select } from '../../../components/ui/select';
import { currentWorkspaceId } from '../../../lib/current-workspace';
import { paths } from '../../../lib/paths';
import { useSwitchWorkspace, useWorkspaces } from '../api/workspaces';

/** The header's current workspace and the way to another (product §22). */
export function WorkspaceSwitcher() {
  const id = useId();
  const workspaces = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const list = workspaces.data;
  const current = currentWorkspaceId();
  const personal = list?.find((w) => w.personal);
  const selected = list?.find((w) => w.id === current) ?? personal;

  // Removed from the workspace this tab was in (or signed in as someone else): back to one's own.
  useEffect(() => {
    if (list && current !== null && !list.some((w) => w.id === current)) void switchTo(null);
  }, [list, current, switchTo]);

  if (!list || !selected || list.length < 2) return null;
  return (
    <div className="hidden w-48 md:block">
      <label htmlFor={id} className="sr-only">
        Workspace
      </label>
      <Select
        id={id}
        className="h-9 py-1 text-sm"
        value={String(selected.id)}
        onChange={(event) => {
          const next = list.find((w) => w.id === Number(event.target.value));
          if (!next) return;
          void switchTo(next.personal ? null : next.id);
          void navigate(paths.home);
        }}
      >
        {list.map((w) => (
          <option key={w.id} value={w.id}>
            {w.personal ? `${w.name} (personal)` : `${w.name} (${w.role})`}
          </option>
        ))}
      </Select>
    </div>
  );
}
