import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import {
  ACTION_REPORTS,
  DATE_PRESETS,
  ORDER_REPORT_LABELS,
  ORDER_SEARCH_MIN,
  pickerWindow,
  presetOf,
  presetRange,
  type ReportAgent,
  todayIso,
  whatsAppHref,
} from '@portal/domain/orders/order-report';
import { isEmptyStructure } from '@portal/domain/orders/structure-report';
import type { SupplierPage } from '@portal/domain/suppliers/supplier-page';
import dayjs from 'dayjs';
import { useState } from 'react';
import { access } from '../../../app/access';
import { DatePicker } from '../../../components/date-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useReportAgents } from '../api/order-report';
import { useStructureReport } from '../api/structure-report';
import { OrderReportView } from './order-report-view';
import { StructureTreeItem } from './structure-tree';

type SubTab = 'orders' | 'actions' | 'structure';
type ActionReport = (typeof ACTION_REPORTS)[number];
interface Range {
  from: string;
  to: string;
}

const STRUCTURE_ERROR =
  'Sorry for the inconvenience but there was an error fetching the data please contact support if it happens again';

function AgentPicker({
  supplierId,
  value,
  onChange,
}: {
  supplierId: number;
  value: ReportAgent | null;
  onChange: (agent: ReportAgent | null) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const [open, setOpen] = useState(false);
  const agents = useReportAgents({ supplierId, search: search || undefined }, open);
  return (
    <Autocomplete
      sx={{ width: { xs: '100%', sm: 340 } }}
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, agent) => onChange(agent)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={agents.data?.agents ?? []}
      getOptionLabel={(agent) => agent.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={agents.isFetching}
      noOptionsText={agents.isError ? 'Could not load the agents' : 'No downstream agents linked to this supplier'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Select Downstream Agent"
          helperText={agents.data?.more ? 'Type to narrow the list' : undefined}
        />
      )}
    />
  );
}

function RangeFilters({ range, onRange }: { range: Range; onRange: (range: Range) => void }) {
  const today = todayIso();
  const window = pickerWindow(today);
  const chosen = presetOf(range, today);
  const min = dayjs(window.min);
  const max = dayjs(window.max);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box role="group" aria-label="Date presets" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {DATE_PRESETS.map((preset) => (
          <Chip
            key={preset}
            label={preset}
            clickable
            aria-pressed={chosen === preset}
            color={chosen === preset ? 'primary' : 'default'}
            variant={chosen === preset ? 'filled' : 'outlined'}
            onClick={() => onRange(presetRange(preset, today))}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
        <Box sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}>
          <DatePicker
            label="From"
            format="DD MMM YYYY"
            value={dayjs(range.from)}
            minDate={min}
            maxDate={max}
            onChange={(value) => {
              if (!value?.isValid() || value.isBefore(min, 'day') || value.isAfter(max, 'day')) return;
              const from = value.format('YYYY-MM-DD');
              onRange(from > range.to ? { from, to: from } : { from, to: range.to });
            }}
            slotProps={{ textField: { size: 'small', fullWidth: true } }}
          />
        </Box>
        <Box sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}>
          <DatePicker
            label="To"
            format="DD MMM YYYY"
            value={dayjs(range.to)}
            minDate={dayjs(range.from)}
            maxDate={max}
            onChange={(value) => {
              if (!value?.isValid() || value.isBefore(min, 'day') || value.isAfter(max, 'day')) return;
              const to = value.format('YYYY-MM-DD');
              onRange(to < range.from ? { from: to, to } : { from: range.from, to });
            }}
            slotProps={{ textField: { size: 'small', fullWidth: true } }}
          />
        </Box>
      </Box>
    </Box>
  );
}

function StructureView({ rootId, supplierId, range }: { rootId: number; supplierId: number; range: Range }) {
  const report = useStructureReport({ rootId, supplierId, from: range.from, to: range.to });
  if (report.isPending) return <Skeleton variant="rounded" height={160} />;
  if (report.isError) return <Alert severity="error">{STRUCTURE_ERROR}</Alert>;
  return (
    <Box sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
      {isEmptyStructure(report.data.node.totals) ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No sales in this structure for the period. Try a different period.
        </Alert>
      ) : null}
      <Box component="ul" role="tree" aria-label="Structure report" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <StructureTreeItem
          key={`${rootId}-${range.from}-${range.to}`}
          node={report.data.node}
          range={{ rootId, supplierId, from: range.from, to: range.to }}
          open
        />
      </Box>
    </Box>
  );
}

/** The supplier page's Reports tab (spec 2): own or a downstream dealer's orders, actions and structure. */
export function ReportsTab({ supplier }: { supplier: SupplierPage }) {
  const user = useSignedInUser();
  const canPick = access.reportAgents(user);
  const canStructure = access.insights(user);
  const [picked, setPicked] = useState<ReportAgent | null>(null);
  const [sub, setSub] = useState<SubTab>('orders');
  const [action, setAction] = useState<ActionReport>('unpaid');
  const [range, setRange] = useState<Range>(() => presetRange('This Month', todayIso()));
  const [searchInput, setSearchInput] = useState('');
  const typed = useDebouncedValue(searchInput.trim(), 400);
  const search = typed.length >= ORDER_SEARCH_MIN ? typed : undefined;
  const tooShort = searchInput.trim().length > 0 && searchInput.trim().length < ORDER_SEARCH_MIN;
  const userId = picked?.id;
  const filter = {
    supplierId: supplier.id,
    ...(userId ? { userId } : {}),
    from: range.from,
    to: range.to,
    ...(search ? { search } : {}),
  };
  const viewKey = JSON.stringify(filter);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {canPick ? <AgentPicker supplierId={supplier.id} value={picked} onChange={setPicked} /> : null}
      {picked ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setPicked(null)}>
              Back to mine
            </Button>
          }
        >
          Viewing the reports of {picked.label}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Tabs
          value={sub}
          onChange={(_, value: SubTab) => setSub(value)}
          aria-label="Reports"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ flex: '1 1 300px', minWidth: 0, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="orders" label="Orders" />
          <Tab value="actions" label="Actions" />
          <Tab value="structure" label="Structure" disabled={!canStructure} />
        </Tabs>
        <Button
          variant="contained"
          color="success"
          startIcon={<WhatsAppIcon />}
          href={whatsAppHref({
            supplierName: supplier.name,
            dealerName: `${user.firstName} ${user.surname}`.trim(),
            zCode: user.zCode,
          })}
          target="_blank"
          rel="noopener noreferrer"
          disabled={picked !== null}
          sx={{ flexShrink: 0, ml: 'auto' }}
        >
          WhatsApp
        </Button>
      </Box>
      <RangeFilters range={range} onRange={setRange} />
      {sub !== 'structure' ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {sub === 'actions' ? (
            <TextField
              select
              size="small"
              label="Report type"
              value={action}
              onChange={(event) => setAction(event.target.value as ActionReport)}
              sx={{ width: { xs: '100%', sm: 300 } }}
            >
              {ACTION_REPORTS.map((report) => (
                <MenuItem key={report} value={report}>
                  {ORDER_REPORT_LABELS[report]}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            size="small"
            type="search"
            label="Search orders"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            error={tooShort}
            helperText={tooShort ? `Enter at least ${ORDER_SEARCH_MIN} characters to search` : undefined}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
        </Box>
      ) : null}
      {sub === 'orders' ? <OrderReportView key={`order-${viewKey}`} filter={{ ...filter, report: 'order' }} /> : null}
      {sub === 'actions' ? (
        <OrderReportView key={`${action}-${viewKey}`} filter={{ ...filter, report: action }} />
      ) : null}
      {sub === 'structure' && canStructure ? (
        <StructureView rootId={userId ?? user.id} supplierId={supplier.id} range={range} />
      ) : null}
    </Box>
  );
}
