import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ContentQuestion, canAddQuestion, MAX_OPTIONS_PER_QUESTION } from '@portal/domain/university/training-admin';
import { useEffect, useId } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useIsMobile } from '../../../lib/use-is-mobile';

interface QuestionDialogProps {
  open: boolean;
  /** The question to edit; none to add one in `language`. */
  question?: ContentQuestion | undefined;
  language: string;
  onSave: (question: ContentQuestion) => void;
  onClose: () => void;
}

const blank = (language: string): ContentQuestion => ({
  question: '',
  language,
  maxOptions: 3,
  options: [
    { text: '', isCorrect: true },
    { text: '', isCorrect: false },
    { text: '', isCorrect: false },
  ],
});

/**
 * The question edit dialog (spec 3 §2.6): the question, its language, the options with the
 * correct one, and max options (how many a learner sees, the correct one included).
 */
export function QuestionDialog({ open, question, language, onSave, onClose }: QuestionDialogProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  const { control, handleSubmit, reset, setValue, getValues, formState } = useForm<ContentQuestion>({
    resolver: zodResolver(ContentQuestion),
    defaultValues: question ?? blank(language),
  });
  const options = useFieldArray({ control, name: 'options' });
  const [text, lang, maxOptions] = useWatch({ control, name: ['question', 'language', 'maxOptions'] });
  const correctCount = (useWatch({ control, name: 'options' }) ?? []).filter((option) => option.isCorrect).length;

  useEffect(() => {
    if (open) reset(question ?? blank(language));
  }, [open, question, language, reset]);

  const markCorrect = (index: number) => {
    getValues('options').forEach((_, i) => {
      setValue(`options.${i}.isCorrect`, i === index);
    });
  };
  const submit = handleSubmit((values) => {
    onSave(values);
    onClose();
  });
  const optionsError = formState.errors.options?.message ?? formState.errors.options?.root?.message;
  const tooMany = maxOptions > options.fields.length;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isMobile} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{question ? 'Edit Question' : 'Add Question'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Controller
            control={control}
            name="question"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label="Question"
                required
                multiline
                autoFocus
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
                sx={{ mt: 1 }}
              />
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <Controller
              control={control}
              name="language"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Language"
                  required
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="maxOptions"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  type="number"
                  label="Max Options"
                  value={Number.isFinite(field.value) ? field.value : ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? 0 : Number(event.target.value))}
                  error={fieldState.invalid || tooMany}
                  helperText={
                    fieldState.error?.message ?? (tooMany ? `At most ${options.fields.length}` : 'Shown per attempt')
                  }
                  slotProps={{ htmlInput: { min: 0, max: MAX_OPTIONS_PER_QUESTION } }}
                />
              )}
            />
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              Options (choose the correct one)
            </Typography>
            {options.fields.map((option, index) => (
              <Box key={option.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Controller
                  control={control}
                  name={`options.${index}.isCorrect`}
                  render={({ field }) => (
                    <Radio
                      checked={field.value}
                      onChange={() => markCorrect(index)}
                      slotProps={{ input: { 'aria-label': `Option ${index + 1} is correct` } }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`options.${index}.text`}
                  render={({ field: { ref, ...field }, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={ref}
                      size="small"
                      fullWidth
                      label={`Option ${index + 1}`}
                      error={fieldState.invalid}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
                <IconButton
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => options.remove(index)}
                  disabled={options.fields.length <= 1}
                >
                  <DeleteOutlineRoundedIcon />
                </IconButton>
              </Box>
            ))}
            <Box>
              <Button
                startIcon={<AddRoundedIcon />}
                onClick={() => options.append({ text: '', isCorrect: false })}
                disabled={options.fields.length >= MAX_OPTIONS_PER_QUESTION}
              >
                Add Option
              </Button>
            </Box>
            {optionsError ? <Alert severity="error">{optionsError}</Alert> : null}
            {correctCount !== 1 ? <Alert severity="warning">Choose exactly one correct option.</Alert> : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canAddQuestion(text ?? '', lang ?? '', maxOptions ?? 0) || correctCount !== 1 || tooMany}
          >
            {question ? 'Save Question' : 'Add Question'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
