import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import InsertDriveFileRoundedIcon from '@mui/icons-material/InsertDriveFileRounded';
import OndemandVideoRoundedIcon from '@mui/icons-material/OndemandVideoRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ContentFile,
  type ContentQuestion,
  type ContentRequest,
  type ContentVideo,
  contentProblems,
  type ModuleContent,
  questionsPerLanguage,
  TRAINING_ADMIN_MESSAGES,
  videoIdOf,
} from '@portal/domain/university/training-admin';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { DOCUMENT_ACCEPT, uploadFile } from '../../../lib/upload-file';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useModuleContent, useSaveContent } from '../api/training-admin';
import { QuestionDialog } from '../components/question-dialog';

type ContentForm = {
  passThreshold: number;
  marks: number;
  videos: ContentVideo[];
  files: ContentFile[];
  questions: ContentQuestion[];
};

const formOf = (content: ModuleContent): ContentForm => ({
  passThreshold: content.passThreshold,
  marks: content.marks,
  videos: content.videos,
  files: content.files,
  questions: content.questions,
});

const requestOf = (form: ContentForm): ContentRequest => ({
  passThreshold: form.passThreshold,
  marks: form.marks,
  videos: form.videos,
  fileIds: form.files.map((file) => file.id),
  questions: form.questions,
});

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/** '/training-content/{id}/{name}' (spec 3 §2.6, §5.2): the module's videos, files, questions and pass rules. */
export function TrainingContentPage() {
  const moduleId = Number(useParams().moduleId);
  const content = useModuleContent(moduleId);
  useDocumentTitle(content.data ? `Content · ${content.data.module.name}` : 'Training Content');
  if (content.error) {
    return (
      <Box>
        <BackButton fallback={paths.trainingModules} />
        <LoadErrorAlert error={content.error} onRetry={() => void content.refetch()} />
      </Box>
    );
  }
  if (!content.data) return <PageLoader />;
  return <ContentEditor moduleId={moduleId} content={content.data} />;
}

function ContentEditor({ moduleId, content }: { moduleId: number; content: ModuleContent }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveContent(moduleId);
  const { control, handleSubmit, reset } = useForm<ContentForm>({ defaultValues: formOf(content) });
  const videos = useFieldArray({ control, name: 'videos' });
  const files = useFieldArray({ control, name: 'files', keyName: 'key' });
  const questions = useFieldArray({ control, name: 'questions' });
  const values = useWatch({ control }) as ContentForm;
  const [alert, setAlert] = useState<string | null>(null);
  const [videoLanguage, setVideoLanguage] = useState('');
  const [videoLink, setVideoLink] = useState('');
  const [upload, setUpload] = useState<{ percent: number } | { error: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<{ open: boolean; index?: number | undefined }>({ open: false });

  useEffect(() => reset(formOf(content)), [content, reset]);

  const languages = [
    ...new Set([...(values.videos ?? []).map((v) => v.language), ...(values.questions ?? []).map((q) => q.language)]),
  ];
  const [tab, setTab] = useState<string | undefined>(undefined);
  const shownLanguage = tab && languages.includes(tab) ? tab : languages[0];
  const perLanguage = questionsPerLanguage(values.questions ?? []);

  const addVideo = () => {
    if (!videoLanguage.trim()) return;
    videos.append({ language: videoLanguage.trim(), link: videoLink.trim() });
    setVideoLanguage('');
    setVideoLink('');
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ percent: 0 });
    try {
      const url = await uploadFile(file, 'training_file', (percent) => setUpload({ percent }));
      const id = url.split('/').pop() ?? '';
      files.append({ id, name: file.name, contentType: file.type, sizeBytes: file.size });
      setUpload(null);
    } catch (error) {
      setUpload({ error: errorMessage(error) });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = handleSubmit((form) => {
    const request = requestOf(form);
    const problems = contentProblems(request);
    if (problems.length) {
      setAlert(problems[0]!.message);
      return;
    }
    setAlert(null);
    save.mutate(request, {
      onSuccess: () =>
        enqueueSnackbar(TRAINING_ADMIN_MESSAGES.contentSaved, { variant: 'success', autoHideDuration: 3000 }),
      onError: (error) => setAlert(errorMessage(error) || TRAINING_ADMIN_MESSAGES.contentSaveFailed),
    });
  });

  const editing = dialog.index === undefined ? undefined : values.questions?.[dialog.index];

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <BackButton fallback={paths.trainingModules} />
      <PageHeader
        title={content.module.name}
        subtitle="Videos by language, additional content, questions and the pass threshold"
        actions={
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            Save Changes
          </Button>
        }
      />
      {alert ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setAlert(null)}>
          {alert}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Section
          title="Training Videos"
          hint="One video per language. Leave the link blank for a language without video."
        >
          <List dense disablePadding aria-label="Videos">
            {videos.fields.map((video, index) => {
              const videoId = videoIdOf(video.link);
              return (
                <ListItem
                  key={video.id}
                  disableGutters
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove the ${video.language} video`}
                      onClick={() => videos.remove(index)}
                    >
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  }
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <OndemandVideoRoundedIcon color={videoId ? 'primary' : 'disabled'} />
                  </ListItemIcon>
                  <ListItemText
                    primary={video.language}
                    secondary={
                      video.link
                        ? videoId
                          ? video.link
                          : `${video.link} — not a YouTube address: learners read “${TRAINING_ADMIN_MESSAGES.noVideo}”`
                        : 'No video link'
                    }
                    slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr auto' }, mt: 1 }}>
            <TextField
              size="small"
              label="Language"
              value={videoLanguage}
              onChange={(e) => setVideoLanguage(e.target.value)}
            />
            <TextField
              size="small"
              label="Video Link"
              placeholder="https://www.youtube.com/watch?v=…"
              value={videoLink}
              onChange={(e) => setVideoLink(e.target.value)}
            />
            <Button startIcon={<AddRoundedIcon />} onClick={addVideo} disabled={!videoLanguage.trim()}>
              Add Video
            </Button>
          </Box>
        </Section>

        <Section title="Additional Content" hint="PDF, JPEG or PNG files learners can download (10 MB at most).">
          {files.fields.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No files yet.
            </Typography>
          ) : (
            <List dense disablePadding aria-label="Files">
              {files.fields.map((file, index) => (
                <ListItem
                  key={file.key}
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" aria-label={`Remove ${file.name}`} onClick={() => files.remove(index)}>
                      <DeleteOutlineRoundedIcon />
                    </IconButton>
                  }
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <InsertDriveFileRoundedIcon />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <a href={`/api/files/${file.id}`} target="_blank" rel="noreferrer">
                        {file.name}
                      </a>
                    }
                    secondary={`${Math.max(1, Math.round(file.sizeBytes / 1024))} KB`}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={DOCUMENT_ACCEPT}
            aria-label="Choose a file"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <Button
            startIcon={<UploadFileRoundedIcon />}
            onClick={() => fileInput.current?.click()}
            loading={upload !== null && 'percent' in upload}
            sx={{ mt: 1 }}
          >
            Upload File
          </Button>
          {upload && 'error' in upload ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {upload.error}
            </Alert>
          ) : null}
        </Section>

        <Section
          title="Assessment"
          hint="How many questions each attempt asks (per language) and the score needed to pass."
        >
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Controller
              control={control}
              name="marks"
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  type="number"
                  label="Questions asked"
                  value={Number.isFinite(field.value) ? field.value : ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? 0 : Number(event.target.value))}
                  helperText={
                    perLanguage.size
                      ? [...perLanguage].map(([language, count]) => `${language}: ${count}`).join(' · ')
                      : 'Add questions below'
                  }
                  slotProps={{ htmlInput: { min: 0 } }}
                  sx={{ maxWidth: 260 }}
                />
              )}
            />
            <Controller
              control={control}
              name="passThreshold"
              render={({ field }) => (
                <Box sx={{ px: 1 }}>
                  <Typography id="threshold-label" gutterBottom>
                    Pass threshold: {field.value}%
                  </Typography>
                  <Slider
                    value={field.value}
                    min={0}
                    max={100}
                    step={1}
                    valueLabelDisplay="auto"
                    aria-labelledby="threshold-label"
                    onChange={(_, value) => field.onChange(value as number)}
                    marks={[
                      { value: 0, label: '0%' },
                      { value: 50, label: '50%' },
                      { value: 100, label: '100%' },
                    ]}
                  />
                </Box>
              )}
            />
          </Box>
        </Section>

        <Section title="Questions" hint="Questions per language; each attempt draws the number asked at random.">
          {languages.length ? (
            <Tabs
              value={shownLanguage ?? false}
              onChange={(_, value) => setTab(value as string)}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mb: 1 }}
            >
              {languages.map((language) => (
                <Tab key={language} value={language} label={`${language} (${perLanguage.get(language) ?? 0})`} />
              ))}
            </Tabs>
          ) : null}
          <List dense disablePadding aria-label="Questions">
            {questions.fields.map((question, index) =>
              question.language !== shownLanguage ? null : (
                <ListItem
                  key={question.id}
                  disableGutters
                  secondaryAction={
                    <Box>
                      <IconButton
                        aria-label={`Edit question ${index + 1}`}
                        onClick={() => setDialog({ open: true, index })}
                      >
                        <EditRoundedIcon />
                      </IconButton>
                      <IconButton
                        edge="end"
                        aria-label={`Remove question ${index + 1}`}
                        onClick={() => questions.remove(index)}
                      >
                        <DeleteOutlineRoundedIcon />
                      </IconButton>
                    </Box>
                  }
                  sx={{ pr: 10 }}
                >
                  <ListItemText
                    primary={question.question}
                    secondary={
                      <>
                        <Chip
                          component="span"
                          size="small"
                          variant="outlined"
                          label={`${question.maxOptions} of ${question.options.length} options`}
                          sx={{ mr: 1 }}
                        />
                        Correct: {question.options.find((option) => option.isCorrect)?.text ?? '—'}
                      </>
                    }
                  />
                </ListItem>
              ),
            )}
          </List>
          <Button startIcon={<AddRoundedIcon />} onClick={() => setDialog({ open: true })} sx={{ mt: 1 }}>
            New Question
          </Button>
        </Section>
      </Box>
      <QuestionDialog
        open={dialog.open}
        question={editing}
        language={shownLanguage ?? ''}
        onClose={() => setDialog({ open: false })}
        onSave={(question) => {
          if (dialog.index === undefined) questions.append(question);
          else questions.update(dialog.index, question);
          setTab(question.language);
        }}
      />
    </Box>
  );
}
