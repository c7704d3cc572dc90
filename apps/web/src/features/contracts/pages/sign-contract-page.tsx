import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import {
  CONTRACT_MESSAGES,
  CONTRACT_ROUTES,
  contractPath,
  SignContractRequest,
  type SigningView,
} from '@portal/domain/contracts/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { FormTextField } from '../../../components/form-fields';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeclineContract, useSignContract, useSigningView } from '../api/contracts';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Card sx={{ maxWidth: 720, mx: 'auto' }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2.5 }}>{children}</CardContent>
      </Card>
    </Box>
  );
}

function ReadButton({ token, signed }: { token: string; signed?: boolean }) {
  return (
    <Button
      variant="outlined"
      startIcon={<DescriptionRoundedIcon />}
      href={contractPath(CONTRACT_ROUTES.signingPdf, { token })}
      target="_blank"
      rel="noopener"
      sx={{ justifySelf: 'start' }}
    >
      {signed ? 'Download your signed copy (PDF)' : 'Read the agreement (PDF)'}
    </Button>
  );
}

function Summary({ view }: { view: SigningView }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body1">
        <strong>{view.dealerName}</strong> ({view.dealerCode})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {view.documentName}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        The agreement includes these annexures:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {view.annexures.map((annexure) => (
          <Typography component="li" variant="body2" key={annexure}>
            {annexure}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function SignForm({ token, view }: { token: string; view: SigningView }) {
  const sign = useSignContract(token);
  const decline = useDeclineContract(token);
  const [declining, setDeclining] = useState(false);
  const { control, handleSubmit } = useForm<SignContractRequest>({
    resolver: zodResolver(SignContractRequest),
    defaultValues: { name: '', consent: false as unknown as true },
  });
  const failure = sign.error ?? decline.error;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((values) => sign.mutate(values))}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="body2">
        Read the whole agreement first. To sign, type your full name exactly as on your ID and tick the box. Your typed
        name is your signature; the time, your internet address and your browser are recorded with it.
      </Typography>
      <FormTextField control={control} name="name" label="Your full name" autoComplete="name" required fullWidth />
      <Controller
        control={control}
        name="consent"
        render={({ field, fieldState }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label="I have read the agreement and its annexures, and I agree to sign it electronically"
            />
            {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
          </Box>
        )}
      />
      {failure ? <Alert severity="error">{errorMessage(failure)}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button type="submit" variant="contained" size="large" loading={sign.isPending} disabled={decline.isPending}>
          Sign Contract
        </Button>
        {declining ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">Decline this contract?</Typography>
            <Button color="error" variant="outlined" loading={decline.isPending} onClick={() => decline.mutate({})}>
              Yes, decline
            </Button>
            <Button onClick={() => setDeclining(false)}>No</Button>
          </Box>
        ) : (
          <Button color="error" onClick={() => setDeclining(true)} disabled={sign.isPending}>
            Decline
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {view.expiresAt ? `This link works until ${formatDate(view.expiresAt)}.` : null}
      </Typography>
    </Box>
  );
}

/** '/sign-contract/{token}': the built-in signer's public page (decision 034); the link is the proof. */
export function SignContractPage() {
  const { token = '' } = useParams();
  const view = useSigningView(token);
  useDocumentTitle('Sign your contract');

  if (view.isPending) return <PageLoader fullPage label="Opening your contract…" />;
  if (view.isError) {
    const expired = isApiError(view.error) && view.error.status === 410;
    return (
      <Shell>
        <Typography variant="h4" component="h1">
          Sign your contract
        </Typography>
        <Alert severity="warning">{expired ? CONTRACT_MESSAGES.linkExpired : CONTRACT_MESSAGES.linkInvalid}</Alert>
      </Shell>
    );
  }
  const data = view.data;
  return (
    <Shell>
      <Typography variant="h4" component="h1">
        {data.status === 'completed' ? 'Your signed contract' : 'Sign your Dealer Agency Agreement'}
      </Typography>
      <Summary view={data} />
      {data.status === 'completed' ? (
        <>
          <Alert icon={<CheckCircleRoundedIcon />} severity="success">
            {`${CONTRACT_MESSAGES.signed.split('.')[0]}. Signed by ${data.signerName ?? ''} on ${formatDate(data.signedAt ?? '')}.`}
          </Alert>
          <ReadButton token={token} signed />
        </>
      ) : data.status === 'declined' ? (
        <Alert severity="info">{CONTRACT_MESSAGES.declined}</Alert>
      ) : (
        <>
          <ReadButton token={token} />
          <SignForm token={token} view={data} />
        </>
      )}
    </Shell>
  );
}
