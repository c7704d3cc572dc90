import { zodResolver } from '@hookform/resolvers/zod';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANNEXURE_SETS,
  ANNEXURES,
  type AnnexureSet,
  CONTRACT_MESSAGES,
  CONTRACT_STATUS_LABEL,
  type ContractStatus,
  type ContractSubmission,
  GenerateContractRequest,
} from '@portal/domain/contracts/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { formatDate } from '../../../lib/format';
import { fetchDownloadLink, useContractSubmissions, useGenerateContract } from '../api/contracts';

export interface ContractsPerson {
  id: number;
  zCode: string;
  firstName: string;
  surname: string;
  email: string | null;
}

const STATUS_COLOR: Record<ContractStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  completed: 'success',
  declined: 'error',
  expired: 'default',
};

const SETS: AnnexureSet[] = ['A', 'B'];

function annexureOptions(taken: number[]) {
  return SETS.flatMap((set) => [
    <ListSubheader key={`set-${set}`}>{ANNEXURE_SETS[set]}</ListSubheader>,
    ...ANNEXURES.filter((annexure) => annexure.set === set).map((annexure) => (
      <MenuItem key={annexure.code} value={annexure.code} disabled={taken.includes(annexure.code)}>
        {`${annexure.label} (${annexure.code})`}
      </MenuItem>
    )),
  ]);
}

function ContractRows({
  contracts,
  onOpen,
  opening,
}: {
  contracts: ContractSubmission[];
  onOpen: (id: number) => void;
  opening: number | null;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Contracts">
        <TableHead>
          <TableRow>
            <TableCell>Template</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Submission Date</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {contracts.map((contract) => (
            <TableRow key={contract.id}>
              <TableCell sx={{ minWidth: 180 }}>
                <Typography variant="body2">{contract.template.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {contract.email ? `Sent to ${contract.email}` : null}
                  {contract.signerName ? ` · Signed by ${contract.signerName}` : null}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATUS_COLOR[contract.status]}
                  label={CONTRACT_STATUS_LABEL[contract.status]}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(contract.submissionDate)}</TableCell>
              <TableCell align="right">
                {contract.status === 'completed' ? (
                  <Button
                    size="small"
                    startIcon={<OpenInNewRoundedIcon />}
                    onClick={() => onOpen(contract.id)}
                    loading={opening === contract.id}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    Open Signed Contract
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The Dealer Contracts modal (spec 1 §2.11, spec 3 §2.16): the person's contracts and Generate New Contract. */
export function DealerContractsDialog({
  person,
  open,
  onClose,
}: {
  person: ContractsPerson;
  open: boolean;
  onClose: () => void;
}) {
  const list = useContractSubmissions(person.id, open);
  const generate = useGenerateContract(person.id);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<GenerateContractRequest>({
    resolver: zodResolver(GenerateContractRequest),
    defaultValues: { agentCode: person.zCode, email: person.email ?? '', arrIds: [] },
  });
  const chosen = useWatch({ control, name: 'arrIds' }) ?? [];

  const close = () => {
    setNotice(null);
    generate.reset();
    reset();
    onClose();
  };
  const submit = handleSubmit((values) => {
    setNotice(null);
    generate.mutate(values, {
      onSuccess: () => {
        setNotice({ severity: 'success', text: CONTRACT_MESSAGES.generated });
        reset({ agentCode: person.zCode, email: values.email, arrIds: [] });
      },
      onError: () => setNotice({ severity: 'error', text: CONTRACT_MESSAGES.generateFailed }),
    });
  });
  const openSigned = async (id: number) => {
    setNotice(null);
    setOpening(id);
    try {
      const link = await fetchDownloadLink(id);
      if (link.status === 404) setNotice({ severity: 'error', text: CONTRACT_MESSAGES.notFound });
      else window.open(link.documents[0]!.url, '_blank', 'noopener');
    } catch {
      setNotice({ severity: 'error', text: CONTRACT_MESSAGES.notFound });
    } finally {
      setOpening(null);
    }
  };

  const contracts = list.data?.data ?? [];
  return (
    <Dialog
      open={open}
      onClose={generate.isPending ? undefined : close}
      maxWidth="md"
      fullWidth
      aria-labelledby="dealer-contracts-title"
    >
      <DialogTitle id="dealer-contracts-title">
        Dealer Contracts
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {`${person.zCode}: ${person.firstName} ${person.surname}`}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Contracts
          </Typography>
          {list.isPending ? (
            <Typography color="text.secondary">Loading contracts…</Typography>
          ) : list.isError ? (
            <Alert severity="error">Could not load the contracts. Close and open the window again.</Alert>
          ) : contracts.length === 0 ? (
            <Typography color="text.secondary">No contracts yet. Generate the first one below.</Typography>
          ) : (
            <ContractRows contracts={contracts} onOpen={openSigned} opening={opening} />
          )}
        </Box>
        <Divider />
        <Box component="form" id="generate-contract-form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Generate New Contract
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The dealer agency agreement with three annexures is e-mailed to the dealer as a signing link.
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <FormTextField
              control={control}
              name="agentCode"
              label="Dealer Code"
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <FormTextField control={control} name="email" label="E-mail" type="email" required />
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {[0, 1, 2].map((index) => (
              <Controller
                key={index}
                control={control}
                name={`arrIds.${index}`}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={`Annexure ${index + 1}`}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.invalid}
                    helperText={fieldState.error?.message}
                    required
                    slotProps={{
                      select: {
                        // The chosen annexure with its set: 'Resellers' exists in both.
                        renderValue: (value) => {
                          const annexure = ANNEXURES.find((a) => a.code === value);
                          return annexure
                            ? `${ANNEXURE_SETS[annexure.set]} – ${annexure.label} (${annexure.code})`
                            : '';
                        },
                      },
                    }}
                  >
                    {annexureOptions(chosen.filter((code, i) => i !== index && code !== undefined))}
                  </TextField>
                )}
              />
            ))}
          </Box>
          {errors.arrIds?.message || errors.arrIds?.root?.message ? (
            <Typography variant="body2" color="error">
              {errors.arrIds?.message ?? errors.arrIds?.root?.message}
            </Typography>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={generate.isPending}>
          Close
        </Button>
        <Button type="submit" form="generate-contract-form" variant="contained" loading={generate.isPending}>
          {generate.isPending ? 'Generating…' : 'Generate Contract'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The manage-user screen's Dealer Contracts card (admins with Users Management). */
export function DealerContractsCard({ person }: { person: ContractsPerson }) {
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-label="Dealer Contracts">
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Contracts
        </Typography>
        <Button
          variant="outlined"
          fullWidth
          startIcon={<DescriptionRoundedIcon />}
          sx={{ justifyContent: 'flex-start' }}
          onClick={() => setOpen(true)}
        >
          Dealer Contracts
        </Button>
        {open ? <DealerContractsDialog person={person} open={open} onClose={() => setOpen(false)} /> : null}
      </CardContent>
    </Card>
  );
}
