import type { AlertKind, AlertType } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, Plus } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { buttonClasses, type ButtonSize } from '../../../components/ui/button';
import { KindIcon } from './kind-icon';

export interface AddAlertMenuProps {
  types: UseQueryResult<AlertType[]>;
  onSelect: (kind: AlertKind) => void;
  label?: string;
  size?: ButtonSize;
  align?: 'start' | 'center' | 'end';
}

/** Product §2.10: 'Add Alert' lists the kinds the server offers; each opens its create modal. */
export function AddAlertMenu({ types, onSelect, label = 'Add Alert', size = 'sm', align = 'end' }: AddAlertMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClasses('primary', size)}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {label}
        <ChevronDown className="h-4 w-4 opacity-80" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align} className="w-80">
        <DropdownMenuLabel className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          Alert type
        </DropdownMenuLabel>
        {types.isPending ? (
          <p role="status" className="px-2.5 py-2 text-sm text-slate-500">
            Loading alert types...
          </p>
        ) : types.isError && !types.data ? (
          <DropdownMenuItem
            onSelect={(event) => {
              event.preventDefault();
              void types.refetch();
            }}
            className="text-red-700"
          >
            Alert types could not be loaded. Try again
          </DropdownMenuItem>
        ) : (
          types.data.map((type) => (
            <DropdownMenuItem key={type.kind} onSelect={() => onSelect(type.kind)} className="items-start gap-3 py-2.5">
              <KindIcon kind={type.kind} className="mt-0.5" />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{type.label}</span>
                <span className="block text-xs text-slate-500">{type.description}</span>
              </span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
