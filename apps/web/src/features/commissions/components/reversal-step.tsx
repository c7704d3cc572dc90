import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CommissionPeriod,
  centsToRand,
  LINE_REVERSED,
  type PeriodLine,
  takeBackAmount,
} from '@portal/domain/commissions/cycle';
import { formatLongDate, formatRand } from '@portal/domain/platform/format';
import { useState } from 'react';
import { StepUpDialog } from '../../../components/step-up-dialog';
import { errorMessage } from '../../../lib/api';
import { usePeriodLines, useReverseLine } from '../api/commission-cycle';
import { StepCard } from './cycle-steps';

const SOURCE_LABEL: Record<PeriodLine['source'], string> = {
  calculated: 'Calculated',
  import: 'Imported',
  reversal: 'Reversal',
};

const roleLabel = (line: PeriodLine) => (line.role === 'agent' ? 'Agent' : `Leader level ${line.leaderLevel ?? ''}`);

/** What reversals may still take back of a line (decision 046: in parts, never beyond its amount). */
const leftOf = (line: PeriodLine) => Math.max(0, line.amountCents - line.reversedCents);

/** Rand for the amount field, as the page shows it but without the currency: 15000 → "150,00". */
const randField = (cents: number) => centsToRand(cents).replace('.', ',');

/**
 * Corrections after a close (DECISIONS "Commissions" 7; decisions 035, 046): a paid line is never
 * edited. The admin finds the order in the closed period, picks the line, says how much to take
 * back (all that is left by default) and why; a negative line for the same payee goes into the open
 * period at its next stamping. Each line shows what its reversals already took back.
 */
export function ReversalStep({ period }: { period: CommissionPeriod }) {
  const [orderInput, setOrderInput] = useState('');
  const [order, setOrder] = useState('');
  const [chosen, setChosen] = useState<PeriodLine | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const lines = usePeriodLines(period.id, order);
  const reverse = useReverseLine();
  const closeDialog = () => {
    setChosen(null);
    setReason('');
    setReasonError(null);
    setAmountError(null);
    reverse.reset();
  };
  const choose = (line: PeriodLine) => {
    reverse.reset();
    setAmount(randField(leftOf(line)));
    setAmountError(null);
    setChosen(line);
  };
  const checkAmount = (text: string, line: PeriodLine) => {
    const parsed = takeBackAmount(leftOf(line)).safeParse(text);
    setAmountError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the amount.'));
    return parsed.success ? parsed.data : null;
  };
  const parsedAmount = chosen ? takeBackAmount(leftOf(chosen)).safeParse(amount) : null;
  return (
    <StepCard icon={<UndoRoundedIcon color="primary" />} title="Reverse a paid line">
      <Typography variant="body2" color="text.secondary">
        {`Lines of the closed period ${formatLongDate(period.startDate)} – ${formatLongDate(period.endDate)} are never edited. To take money back, find the order, choose the line, say how much (all of what is left, or part of it) and why: a negative line for the same payee goes into the open period at its next stamping.`}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setOrder(orderInput.trim());
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          size="small"
          label="Order number"
          value={orderInput}
          onChange={(event) => setOrderInput(event.target.value)}
          fullWidth={false}
          sx={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button type="submit" variant="outlined" disabled={orderInput.trim() === ''}>
          Find Lines
        </Button>
      </Box>
      {reverse.isSuccess ? <Alert severity="success">{LINE_REVERSED}</Alert> : null}
      {lines.isError ? <Alert severity="error">{errorMessage(lines.error)}</Alert> : null}
      {lines.data && lines.data.lines.length === 0 ? (
        <Alert severity="info">{`No line of this period for order ${order}.`}</Alert>
      ) : null}
      {lines.data?.lines.length ? (
        <TableContainer sx={{ maxWidth: '100%' }}>
          <Table size="small" aria-label="Lines of the order" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Payee</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.data.lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>
                    {`Z-${line.payeeId} ${line.payeeName}`}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {`${roleLabel(line)} · ${SOURCE_LABEL[line.source]}`}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRand(line.amountCents)}
                    {line.reversedCents > 0 ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {`${formatRand(line.reversedCents)} reversed`}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">
                    {line.source === 'reversal' || line.amountCents <= 0 ? null : leftOf(line) === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        Reversed
                      </Typography>
                    ) : (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => choose(line)}
                        aria-label={`Reverse the ${roleLabel(line)} line of Z-${line.payeeId}`}
                      >
                        Reverse
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      <StepUpDialog
        open={chosen !== null}
        title="Reverse a commission line"
        confirmLabel="Reverse Line"
        danger
        busy={reverse.isPending}
        error={reasonError ?? (reverse.isError ? errorMessage(reverse.error) : null)}
        onConfirm={(password) => {
          if (!chosen) return;
          const takeBackCents = checkAmount(amount, chosen);
          if (reason.trim().length < 3) {
            setReasonError('Please say why the line is reversed.');
            return;
          }
          setReasonError(null);
          if (takeBackCents === null) return;
          reverse.mutate(
            { lineId: chosen.id, takeBackCents, reason: reason.trim(), password },
            {
              onSuccess: () => {
                setChosen(null);
                setReason('');
              },
            },
          );
        }}
        onClose={closeDialog}
      >
        {chosen ? (
          <Alert severity="warning">
            {`Take back ${parsedAmount?.success ? formatRand(parsedAmount.data) : 'part'} of the ${formatRand(chosen.amountCents)} paid to Z-${chosen.payeeId} ${chosen.payeeName} (${roleLabel(chosen)}) for order ${chosen.orderNumber}.${chosen.reversedCents > 0 ? ` ${formatRand(chosen.reversedCents)} is already reversed.` : ''} A reversal cannot be undone.`}
          </Alert>
        ) : null}
        {chosen ? (
          <TextField
            label="Amount to take back"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              if (amountError) checkAmount(event.target.value, chosen);
            }}
            onBlur={() => checkAmount(amount, chosen)}
            required
            fullWidth
            error={amountError !== null}
            helperText={amountError ?? `At most ${formatRand(leftOf(chosen))}: all that is left of the line.`}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
        ) : null}
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          required
          fullWidth
          helperText="Kept in the audit log with the reversal."
        />
      </StepUpDialog>
    </StepCard>
  );
}
