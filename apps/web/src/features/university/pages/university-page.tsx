import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_MODULE_PAGE_SIZE,
  EMPTY_MODULE_TEXTS,
  EMPTY_MODULES_HINT,
  MODULE_PAGE_SIZES,
  MODULE_STATUS_FILTERS,
  MODULE_STATUS_LABELS,
  MODULE_TAB_LABELS,
  MODULE_TABS,
  type ModuleListQuery,
  type ModuleStatusFilter,
  type ModuleTab,
  moduleRangeText,
  SMALL_SCREEN_MODULE_PAGE_SIZE,
} from '@portal/domain/university/catalogue';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../app/texts';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useModules } from '../api/university';
import { ModuleCard } from '../components/module-card';

const TITLE = `${PRODUCT_NAME} University Training`;

const asStatus = (value: string | undefined): ModuleStatusFilter =>
  (MODULE_STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as ModuleStatusFilter) : 'all';
const asTab = (value: string | null): ModuleTab =>
  (MODULE_TABS as readonly string[]).includes(value ?? '') ? (value as ModuleTab) : 'all';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * The university (spec 3 §2.3): '/training/{status}/{category}/{supplier}', each 'all' by default;
 * search and tab ride in the query string so a shared address opens the same list.
 */
export function UniversityPage() {
  useDocumentTitle(TITLE);
  const navigate = useNavigate();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const isMobile = useIsMobile();
  const status = asStatus(params.status);
  const category = params.category ?? 'all';
  const supplier = params.supplier && /^\d+$/.test(params.supplier) ? Number(params.supplier) : 'all';
  const tab = asTab(search.get('tab'));
  const [text, setText] = useState(search.get('q') ?? '');
  const debounced = useDebouncedValue(text.trim(), 300);
  const [pageSize, setPageSize] = useState<number>(isMobile ? SMALL_SCREEN_MODULE_PAGE_SIZE : DEFAULT_MODULE_PAGE_SIZE);
  const [page, setPage] = useState(1);

  const go = (next: { status?: string; category?: string; supplier?: string | number }) => {
    const segments = [next.status ?? status, next.category ?? category, String(next.supplier ?? supplier)];
    setPage(1);
    navigate({
      pathname: `${paths.training}/${segments.map(encodeURIComponent).join('/')}`,
      search: search.toString(),
    });
  };
  useEffect(() => {
    const current = search.get('q') ?? '';
    if (current === debounced) return;
    const next = new URLSearchParams(search);
    if (debounced) next.set('q', debounced);
    else next.delete('q');
    setPage(1);
    setSearch(next, { replace: true });
  }, [debounced, search, setSearch]);

  const query: ModuleListQuery = { status, category, supplier, search: debounced, tab, page, pageSize };
  const modules = useModules(query);
  const data = modules.data;

  const setTab = (value: ModuleTab) => {
    const next = new URLSearchParams(search);
    if (value === 'all') next.delete('tab');
    else next.set('tab', value);
    setPage(1);
    setSearch(next);
  };

  return (
    <Box>
      <PageHeader title={TITLE} subtitle="Study the modules, take the assessments and follow your progress." />
      {modules.isError ? (
        <LoadErrorAlert error={modules.error} onRetry={() => modules.refetch()} sx={{ mb: 2 }} />
      ) : null}
      {data ? (
        <Card variant="outlined" sx={{ mb: 3 }} aria-label="Overall Progress">
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
              <Typography variant="h6" component="h2">
                Overall Progress
              </Typography>
              <Typography variant="h5" component="p" color="primary">
                {data.overview.percent}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={data.overview.percent}
              aria-label="Overall progress"
              sx={{ height: 8, borderRadius: 4, mb: 1 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {data.overview.completed} of {data.overview.total} modules completed
            </Typography>
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <Figure label="Completed" value={data.overview.completed} />
              <Figure label="Failed" value={data.overview.failed} />
              <Figure label="Not Started" value={data.overview.notStarted} />
            </Box>
          </CardContent>
        </Card>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          mb: 2,
        }}
      >
        <TextField
          label="Search modules"
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField select label="Status" size="small" value={status} onChange={(e) => go({ status: e.target.value })}>
          {MODULE_STATUS_FILTERS.map((value) => (
            <MenuItem key={value} value={value}>
              {MODULE_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Category"
          size="small"
          value={category}
          onChange={(e) => go({ category: e.target.value })}
        >
          <MenuItem value="all">All Categories</MenuItem>
          {(data?.categories ?? []).map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
          {category !== 'all' && data && !data.categories.includes(category) ? (
            <MenuItem value={category}>{category}</MenuItem>
          ) : null}
        </TextField>
        <TextField
          select
          label="Supplier"
          size="small"
          value={String(supplier)}
          onChange={(e) => go({ supplier: e.target.value })}
        >
          <MenuItem value="all">All Suppliers</MenuItem>
          {(data?.suppliers ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
          {supplier !== 'all' && data && !data.suppliers.some((s) => s.id === supplier) ? (
            <MenuItem value={String(supplier)}>Supplier {supplier}</MenuItem>
          ) : null}
        </TextField>
      </Box>

      <Tabs
        value={tab}
        onChange={(_event, value: ModuleTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {MODULE_TABS.map((value) => (
          <Tab key={value} value={value} label={MODULE_TAB_LABELS[value]} />
        ))}
      </Tabs>

      {!data && modules.isPending ? <PageLoader /> : null}
      {data && data.items.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="p">
            {EMPTY_MODULE_TEXTS[tab]}
          </Typography>
          <Typography color="text.secondary">{EMPTY_MODULES_HINT}</Typography>
        </Box>
      ) : null}
      {data && data.items.length > 0 ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            opacity: modules.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {data.items.map((module) => (
            <ModuleCard key={module.id} module={module} />
          ))}
        </Box>
      ) : null}
      {data ? (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mt: 3,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <TextField
              select
              size="small"
              label="Modules per page"
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(1);
              }}
              sx={{ minWidth: 150 }}
            >
              {MODULE_PAGE_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {moduleRangeText(page, pageSize, data.total)}
            </Typography>
          </Box>
          {data.total > pageSize ? (
            <Pagination
              count={Math.ceil(data.total / pageSize)}
              page={page}
              onChange={(_event, value) => setPage(value)}
              color="primary"
              size={isMobile ? 'small' : 'medium'}
            />
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
