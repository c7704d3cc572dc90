import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
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
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AttemptResult, type Draw, TRAINING_MESSAGES } from '@portal/domain/university/attempts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDraw, useModule, useSubmitAttempt } from '../api/university';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ResultsDialog({
  result,
  onComplete,
  onTryAgain,
}: {
  result: AttemptResult | null;
  onComplete: () => void;
  onTryAgain: () => void;
}) {
  const attemptsLeft = result ? result.maxAttempts - result.attemptsUsed : 0;
  return (
    <Dialog open={result !== null} aria-labelledby="results-title" maxWidth="xs" fullWidth>
      <DialogTitle id="results-title">Your Results</DialogTitle>
      {result ? (
        <DialogContent>
          <Typography variant="h3" component="p" color={result.pass ? 'success.main' : 'error.main'}>
            {Math.round(result.percentage)}%
          </Typography>
          <Typography color="text.secondary">Required: {result.passThreshold}%</Typography>
          <LinearProgress
            variant="determinate"
            value={result.percentage}
            color={result.pass ? 'success' : 'error'}
            aria-label="Your score"
            sx={{ my: 2, height: 8, borderRadius: 4 }}
          />
          <Typography>
            {result.pass
              ? `Congratulations, you passed with ${result.marks} of ${result.maxMarks} correct.`
              : `You answered ${result.marks} of ${result.maxMarks} correctly, which is below the pass mark.`}
          </Typography>
          {!result.pass ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {attemptsLeft > 0
                ? `${attemptsLeft} of ${result.maxAttempts} attempts left.`
                : TRAINING_MESSAGES.noAttemptsLeft}
            </Typography>
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result?.pass || attemptsLeft <= 0 ? (
          <Button variant="contained" onClick={onComplete}>
            Complete
          </Button>
        ) : (
          <Button variant="contained" onClick={onTryAgain}>
            Try Again
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The attempt page (spec 3 §2.4, §4.1). The questions come from the server's draw: texts only,
 * so the page cannot know the answers before it submits (decision 028).
 */
export function TrainingAttemptPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const module = useModule(id);
  const draw = useDraw(id);
  const submit = useSubmitAttempt(id);
  const [language, setLanguage] = useState<string | null>(null);
  const [current, setCurrent] = useState<Draw | null>(null);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<AttemptResult | null>(null);
  useDocumentTitle(module.data?.name ?? 'Training');

  const detail = module.data;
  const chosen = language ?? detail?.languages[0] ?? null;
  const canAttempt = detail ? detail.attempts.filter((a) => !a.markedFailed).length < detail.maxAttempts : false;
  const { mutate: newDraw } = draw;

  const redraw = useCallback(
    (lang: string) => {
      setAnswers({});
      setWarning(null);
      setCurrent(null);
      newDraw(lang, { onSuccess: setCurrent });
    },
    [newDraw],
  );
  useEffect(() => {
    if (chosen && canAttempt) redraw(chosen);
  }, [chosen, canAttempt, redraw]);

  if (module.isPending) return <PageLoader />;
  if (module.isError || !detail) {
    return (
      <Box>
        <BackButton fallback={paths.training} />
        <Alert severity="error">{errorMessage(module.error)}</Alert>
      </Box>
    );
  }

  const video = detail.videos.find((v) => v.language === chosen && v.videoId) ?? null;
  const questions = current?.questions ?? [];
  const onSubmit = () => {
    if (questions.length === 0 || questions.some((_q, i) => answers[i] === undefined)) {
      setWarning(TRAINING_MESSAGES.notAllAnswered);
      return;
    }
    setWarning(null);
    setConfirming(true);
  };
  const onConfirm = () => {
    if (!current) return;
    submit.mutate(
      { drawId: current.drawId, answers: questions.map((_q, i) => answers[i] ?? -1) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setResult(answer);
        },
        onError: (error) => {
          setConfirming(false);
          setWarning(errorMessage(error) || TRAINING_MESSAGES.saveFailed);
        },
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <BackButton fallback={paths.training} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h1">
          {detail.name}
        </Typography>
        {detail.passed ? <Chip label="Passed" color="success" size="small" /> : null}
        {detail.isCompulsory ? <Chip label="Required" color="warning" size="small" variant="outlined" /> : null}
      </Box>
      {detail.description ? <Typography color="text.secondary">{detail.description}</Typography> : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
        <Typography color="text.secondary">Estimated time: {detail.estimatedMinutes} min</Typography>
        <Typography color="text.secondary">
          Attempts {detail.attempts.filter((a) => !a.markedFailed).length}/{detail.maxAttempts}
        </Typography>
        {detail.languages.length > 0 ? (
          <TextField
            select
            size="small"
            label="Select Language"
            value={chosen ?? ''}
            onChange={(event) => setLanguage(event.target.value)}
            sx={{ width: { xs: '100%', sm: 240 } }}
          >
            {detail.languages.map((lang) => (
              <MenuItem key={lang} value={lang}>
                {lang}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Box>

      <Section title="Training Videos">
        {video?.videoId ? (
          <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.900' }}>
            <Box
              component="iframe"
              title={`${detail.name} video`}
              src={`https://www.youtube-nocookie.com/embed/${video.videoId}`}
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
        ) : (
          <Alert severity="info">{TRAINING_MESSAGES.noContent}</Alert>
        )}
      </Section>

      <Section title="Additional Content">
        {detail.files.length > 0 ? (
          <List dense disablePadding>
            {detail.files.map((file) => (
              <ListItem key={file.id} disableGutters>
                <Link href={`/api/files/${file.id}`} download={file.name} sx={{ display: 'inline-flex', gap: 1 }}>
                  <DownloadRoundedIcon fontSize="small" />
                  {file.name}
                </Link>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">{TRAINING_MESSAGES.noAdditionalContent}</Typography>
        )}
      </Section>

      <Section title="Assessment Questions">
        <Alert severity="info" sx={{ mb: 2 }}>
          You need {detail.passThreshold}% or more to pass this assessment.
        </Alert>
        {!canAttempt ? <Alert severity="warning">{TRAINING_MESSAGES.noAttemptsLeft}</Alert> : null}
        {draw.isError ? <Alert severity="error">{errorMessage(draw.error)}</Alert> : null}
        {canAttempt && draw.isPending ? <PageLoader label="Preparing your questions…" /> : null}
        {questions.map((q, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a draw's questions are fixed; a new draw has a new id
          <FormControl key={`${current?.drawId}-${index}`} component="fieldset" sx={{ display: 'block', mb: 3 }}>
            <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
              {index + 1}. {q.question}
            </FormLabel>
            <RadioGroup
              value={answers[index] === undefined ? '' : String(answers[index])}
              onChange={(event) => setAnswers((prev) => ({ ...prev, [index]: Number(event.target.value) }))}
            >
              {q.options.map((option, optionIndex) => (
                <FormControlLabel
                  // Options can repeat text across questions; the index is their identity in a draw.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the draw fixes the order
                  key={optionIndex}
                  value={String(optionIndex)}
                  control={<Radio />}
                  label={option}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ))}
        {warning ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {warning}
          </Alert>
        ) : null}
        {questions.length > 0 ? (
          <Button variant="contained" size="large" onClick={onSubmit}>
            Submit Answers
          </Button>
        ) : null}
      </Section>

      <ConfirmDialog
        open={confirming}
        title="Confirm Submission"
        text="Submit your answers? Each submission counts as one of your attempts."
        confirmLabel="Submit"
        loading={submit.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
      <ResultsDialog
        result={result}
        onComplete={() => {
          setResult(null);
          navigate(-1);
        }}
        onTryAgain={() => {
          setResult(null);
          if (chosen) redraw(chosen);
        }}
      />
    </Box>
  );
}
