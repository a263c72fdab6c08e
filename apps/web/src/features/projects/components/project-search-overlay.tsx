import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '../../../components/ui/sheet';
import { ProjectSearch } from './project-search';

/** Below 768 px the header has no room for the field: a button opens the search over the page. */
export function ProjectSearchOverlay({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        aria-label="Search projects"
        className={
          className ??
          'grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'
        }
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent side="top" title="Search projects" header={false}>
        <div className="flex items-start gap-2 px-3 py-3">
          <ProjectSearch autoFocus onNavigate={() => setOpen(false)} className="flex-1" />
          <SheetClose
            aria-label="Close search"
            className="grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
