import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddProjectDialog } from '../../features/projects/components/add-project-dialog';
import { paths } from '../../lib/paths';

const AddProjectContext = createContext<(() => void) | null>(null);

/**
 * One Add Project dialog for the whole signed-in app: '+ New Project' in the header and the
 * dashboard's empty state open the same one (product §2.3).
 */
export function AddProjectProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openDialog = useCallback(() => setOpen(true), []);
  const value = useMemo(() => openDialog, [openDialog]);

  return (
    <AddProjectContext.Provider value={value}>
      {children}
      <AddProjectDialog
        open={open}
        onOpenChange={setOpen}
        onCreated={() => {
          // The dashboard stays and shows the new project (its queries were invalidated);
          // anywhere else the user lands on the project list.
          if (pathname !== paths.home) navigate(paths.projects);
        }}
      />
    </AddProjectContext.Provider>
  );
}

export function useOpenAddProject(): () => void {
  const open = useContext(AddProjectContext);
  if (!open) throw new Error('useOpenAddProject() needs <AddProjectProvider>.');
  return open;
}
