import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DEFAULT_ADMIN_STATUSES, type TicketKind, type TicketStatus } from '@portal/domain/tickets/tickets';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';

export type ConsoleStatus = TicketStatus;

/** What the admin narrows the grid to; the server filters (spec 3 §7.1 "Agent support list"). */
export interface ConsoleFilterState {
  statuses: ConsoleStatus[];
  /** Last updated by me. */
  me: boolean;
  /** Last updated today. */
  today: boolean;
  notUpdatedToday: boolean;
  /** Created between these calendar dates (yyyy-MM-dd), either end optional. */
  from: string;
  to: string;
  /** '' for every supplier. */
  supplierId: string;
  search: string;
}

/** Spec 3 §4.3: agent support starts on New and In Progress, Closed off; sales assist on all three. */
export const defaultFilters = (kind: TicketKind): ConsoleFilterState => ({
  statuses: [...DEFAULT_ADMIN_STATUSES[kind]],
  me: false,
  today: false,
  notUpdatedToday: false,
  from: '',
  to: '',
  supplierId: '',
  search: '',
});

export interface SupplierOption {
  id: number;
  name: string;
}

interface ConsoleFiltersProps {
  value: ConsoleFilterState;
  onChange: (next: ConsoleFilterState) => void;
  /** How the kind shows its statuses: Open is "New" in agent support. */
  statusLabel: (status: ConsoleStatus) => string;
  suppliers: readonly SupplierOption[];
  searchLabel: string;
}

const STATUSES: ConsoleStatus[] = ['Open', 'In Progress', 'Closed'];

/** The console's filters: statuses, me / today / not updated today, created dates, supplier and search. */
export function ConsoleFilters({ value, onChange, statusLabel, suppliers, searchLabel }: ConsoleFiltersProps) {
  const isMobile = useIsMobile();
  // On a phone the filters fold away under the search box, so the grid stays in view.
  const [shown, setShown] = useState(false);
  const set = (patch: Partial<ConsoleFilterState>) => onChange({ ...value, ...patch });
  const active = [
    value.me,
    value.today,
    value.notUpdatedToday,
    Boolean(value.from),
    Boolean(value.to),
    Boolean(value.supplierId),
  ].filter(Boolean).length;
  const toggleStatus = (status: ConsoleStatus, on: boolean) =>
    set({
      statuses: on
        ? STATUSES.filter((s) => s === status || value.statuses.includes(s))
        : value.statuses.filter((s) => s !== status),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          placeholder={searchLabel}
          value={value.search}
          onChange={(event) => set({ search: event.target.value })}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': searchLabel, type: 'search' },
          }}
        />
        {isMobile ? (
          <Button
            onClick={() => setShown((current) => !current)}
            aria-expanded={shown}
            startIcon={<FilterListRoundedIcon />}
            sx={{ flexShrink: 0 }}
          >
            {active ? `Filters (${active})` : 'Filters'}
          </Button>
        ) : null}
      </Box>
      <Collapse in={!isMobile || shown} unmountOnExit={false}>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'center' }}>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormLabel component="legend" sx={{ float: 'left', mr: 1, fontSize: 14 }}>
                Status
              </FormLabel>
              <FormGroup row>
                {STATUSES.map((status) => (
                  <FormControlLabel
                    key={status}
                    control={
                      <Checkbox
                        size="small"
                        checked={value.statuses.includes(status)}
                        onChange={(event) => toggleStatus(status, event.target.checked)}
                      />
                    }
                    label={statusLabel(status)}
                  />
                ))}
              </FormGroup>
            </Box>
            <FormGroup row>
              <FormControlLabel
                control={
                  <Checkbox size="small" checked={value.me} onChange={(event) => set({ me: event.target.checked })} />
                }
                label="Updated by me"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={value.today}
                    onChange={(event) =>
                      set({
                        today: event.target.checked,
                        notUpdatedToday: event.target.checked ? false : value.notUpdatedToday,
                      })
                    }
                  />
                }
                label="Updated today"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={value.notUpdatedToday}
                    onChange={(event) =>
                      set({ notUpdatedToday: event.target.checked, today: event.target.checked ? false : value.today })
                    }
                  />
                }
                label="Not updated today"
              />
            </FormGroup>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 1fr', md: '180px 180px minmax(200px, 280px)' },
            }}
          >
            <TextField
              size="small"
              type="date"
              label="Created from"
              value={value.from}
              onChange={(event) => set({ from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
            />
            <TextField
              size="small"
              type="date"
              label="Created to"
              value={value.to}
              onChange={(event) => set({ to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
            />
            <TextField
              size="small"
              select
              label="Supplier"
              value={value.supplierId}
              onChange={(event) => set({ supplierId: event.target.value })}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">All suppliers</option>
              {suppliers.map((supplier) => (
                <option key={supplier.id} value={String(supplier.id)}>
                  {supplier.name}
                </option>
              ))}
            </TextField>
          </Box>
        </Box>
      </Collapse>
    </Paper>
  );
}
