import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LEADER_TRAINING_TYPE,
  MODULES_PAGE_SIZE,
  TRAINING_ADMIN_MESSAGES,
  type TrainingModule,
} from '@portal/domain/university/training-admin';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type ModuleFilter, useTrainingModuleOptions, useTrainingModules } from '../api/training-admin';
import { ModuleDialog } from '../components/module-dialog';
import { trainingContentPath, trainingMarksPath } from '../paths';

const ALL = 'all';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function ModuleRow({ module, onEdit }: { module: TrainingModule; onEdit: () => void }) {
  const tags = [
    module.category,
    ...module.productTypes.map((type) => type.name),
    ...module.suppliers.map((supplier) => supplier.name),
  ].filter(Boolean);
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        p: 2,
        display: 'flex',
        gap: 2,
        alignItems: { xs: 'stretch', md: 'center' },
        flexDirection: { xs: 'column', md: 'row' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {module.name}
          </Typography>
          {module.isCompulsory ? <Chip size="small" color="warning" label="Compulsory" /> : null}
          {module.trainingType === LEADER_TRAINING_TYPE ? (
            <Chip size="small" color="secondary" label={`Leaders · level ${module.structureLevelId ?? 1}+`} />
          ) : null}
          {!module.active ? <Chip size="small" label="Inactive" /> : null}
        </Box>
        {module.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {module.description}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
          {tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center', ml: 0.5 }}>
            {plural(module.questionCount, 'question')} · {plural(module.attemptCount, 'attempt')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={trainingContentPath(module.id, module.name)}>
          See Content
        </Button>
        <Button variant="outlined" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outlined" component={RouterLink} to={trainingMarksPath(module.id, module.name)}>
          View Marks
        </Button>
      </Box>
    </Paper>
  );
}

/** '/training-modules' (spec 3 §2.5): the modules by status, product type and supplier. */
export function TrainingModulesPage() {
  useDocumentTitle('Training Modules');
  const [filter, setFilter] = useState<ModuleFilter>({
    status: 'active',
    productTypeId: undefined,
    supplierId: undefined,
    page: 1,
    pageSize: MODULES_PAGE_SIZE,
  });
  const [dialog, setDialog] = useState<{ open: boolean; module?: TrainingModule | undefined }>({ open: false });
  const modules = useTrainingModules(filter);
  const options = useTrainingModuleOptions();
  const change = (next: Partial<ModuleFilter>) => setFilter((current) => ({ ...current, ...next, page: 1 }));
  const idOf = (value: string) => (value === ALL ? undefined : Number(value));

  return (
    <Box>
      <PageHeader
        title="Training Modules"
        subtitle="Modules of the university: their content, who takes them and the marks"
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ open: true })}>
            Create New Module
          </Button>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          mb: 2,
          maxWidth: 900,
        }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status}
          onChange={(event) => change({ status: event.target.value as ModuleFilter['status'] })}
        >
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="inactive">Inactive</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Product Type"
          value={filter.productTypeId ?? ALL}
          onChange={(event) => change({ productTypeId: idOf(event.target.value) })}
        >
          <MenuItem value={ALL}>All</MenuItem>
          {(options.data?.productTypes ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Supplier"
          value={filter.supplierId ?? ALL}
          onChange={(event) => change({ supplierId: idOf(event.target.value) })}
        >
          <MenuItem value={ALL}>All</MenuItem>
          {(options.data?.suppliers ?? []).map((supplier) => (
            <MenuItem key={supplier.id} value={supplier.id}>
              {supplier.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {modules.isFetching ? <LinearProgress sx={{ mb: 1 }} aria-label="Loading modules" /> : null}
      {modules.error ? <LoadErrorAlert error={modules.error} onRetry={() => void modules.refetch()} /> : null}
      {modules.data && modules.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{TRAINING_ADMIN_MESSAGES.noModules}</Typography>
        </Paper>
      ) : null}
      {modules.data && modules.data.items.length > 0 ? (
        <>
          <Box component="ul" aria-label="Modules" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {modules.data.items.map((module) => (
              <ModuleRow key={module.id} module={module} onEdit={() => setDialog({ open: true, module })} />
            ))}
          </Box>
          <TablePagination
            component="div"
            count={modules.data.total}
            page={filter.page - 1}
            rowsPerPage={filter.pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_, page) => setFilter((current) => ({ ...current, page: page + 1 }))}
            onRowsPerPageChange={(event) => change({ pageSize: Number(event.target.value) })}
            labelRowsPerPage="Modules per page"
          />
        </>
      ) : null}
      <ModuleDialog
        open={dialog.open}
        module={dialog.module}
        options={options.data}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </Box>
  );
}
