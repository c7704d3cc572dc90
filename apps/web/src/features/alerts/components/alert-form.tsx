import FormatBoldRoundedIcon from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRoundedIcon from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRoundedIcon from '@mui/icons-material/FormatListBulletedRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ALERT_MESSAGES,
  NewAlertRequest,
  type RecipientOption,
  SEGMENT,
  SEGMENT_OPTIONS,
  type SentAlert,
} from '@portal/domain/alerts/alerts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api';
import { type UploadPurpose, uploadFile } from '../../../lib/upload-file';
import { useRecipientOptions, useSegmentChoices } from '../api/alerts';
import { AlertImage } from './alert-html';

export interface AlertFormValues {
  title: string;
  description: string;
  image: string | null;
  active: boolean;
}

export type AlertSubmit = AlertFormValues & Partial<NewAlertRequest>;

interface AlertFormProps {
  mode: 'create' | 'edit';
  isAdmin: boolean;
  initial?: SentAlert;
  /** Preselected recipient ('/alerts/create?to={id}'). */
  presetRecipientId?: number;
  submitting: boolean;
  error: unknown;
  onSubmit: (values: AlertSubmit) => void;
}

const TOOLBAR = [
  { label: 'Bold', icon: <FormatBoldRoundedIcon />, open: '<b>', close: '</b>' },
  { label: 'Italic', icon: <FormatItalicRoundedIcon />, open: '<i>', close: '</i>' },
  { label: 'Bullet list', icon: <FormatListBulletedRoundedIcon />, open: '<ul>\n<li>', close: '</li>\n</ul>' },
  { label: 'Link', icon: <LinkRoundedIcon />, open: '<a href="https://">', close: '</a>' },
];

function RecipientPicker({
  value,
  onChange,
}: {
  value: RecipientOption[];
  onChange: (value: RecipientOption[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const options = useRecipientOptions(debounced);
  return (
    <Autocomplete
      multiple
      options={options.data ?? []}
      value={value}
      filterOptions={(all) => all}
      loading={options.isFetching}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text) => setSearch(text)}
      renderInput={(params) => (
        <TextField {...params} label="Recipients" placeholder="Search by name, e-mail or Z-code" />
      )}
    />
  );
}

/** Title, HTML description, image, Active and (when creating) the audience and copies. */
export function AlertForm({ mode, isAdmin, initial, presetRecipientId, submitting, error, onSubmit }: AlertFormProps) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [image, setImage] = useState<string | null>(initial?.image ?? null);
  const [active, setActive] = useState(initial?.active ?? true);
  const [audience, setAudience] = useState<'people' | 'segment'>('people');
  const [recipients, setRecipients] = useState<RecipientOption[]>([]);
  const [segment, setSegment] = useState<number>(SEGMENT.allUsers);
  const [productTypeIds, setProductTypeIds] = useState<number[]>([]);
  const [supplierIds, setSupplierIds] = useState<number[]>([]);
  const [structureLevel, setStructureLevel] = useState<number | ''>('');
  const [sendEmail, setSendEmail] = useState(false);
  const [sendSms, setSendSms] = useState(false);
  const [upload, setUpload] = useState<{ percent: number; error?: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const choices = useSegmentChoices(isAdmin && mode === 'create');
  const preset = useRecipientOptions('', presetRecipientId ? [presetRecipientId] : []);

  useEffect(() => {
    if (presetRecipientId && preset.data?.length && !recipients.length) {
      setRecipients(preset.data.filter((option) => option.id === presetRecipientId));
    }
  }, [presetRecipientId, preset.data, recipients.length]);

  const wrap = (open: string, close: string) => {
    const area = textRef.current;
    const start = area?.selectionStart ?? description.length;
    const end = area?.selectionEnd ?? description.length;
    setDescription(description.slice(0, start) + open + description.slice(start, end) + close + description.slice(end));
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ percent: 0 });
    try {
      // 'alert_image' is one of the server's upload purposes (FILE_PURPOSES).
      const url = await uploadFile(file, 'alert_image' as UploadPurpose, (percent) => setUpload({ percent }));
      setImage(url.replace('/api/files/', ''));
      setUpload(null);
    } catch (uploadError) {
      setUpload({ percent: 0, error: uploadError instanceof Error ? uploadError.message : 'Error uploading file' });
    }
  };

  const submit = () => {
    const base: AlertSubmit = { title: title.trim(), description, image, active };
    if (mode === 'edit') {
      onSubmit(base);
      return;
    }
    const payload: AlertSubmit =
      audience === 'segment'
        ? {
            ...base,
            refs_user_segment_type_id: segment,
            product_type_ids: segment === SEGMENT.productTypes ? productTypeIds : [],
            supplier_ids: segment === SEGMENT.suppliers ? supplierIds : [],
            structure_level: segment === SEGMENT.structureLevel && structureLevel !== '' ? structureLevel : null,
            send_email: sendEmail,
            send_sms: sendSms,
          }
        : { ...base, target_user_ids: recipients.map((r) => r.id), send_email: sendEmail, send_sms: sendSms };
    const checked = NewAlertRequest.safeParse(payload);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? ALERT_MESSAGES.create);
      return;
    }
    setInvalid(null);
    onSubmit(payload);
  };

  const serverMessage = error
    ? isApiError(error) && error.status === 403
      ? `${mode === 'create' ? ALERT_MESSAGES.create : ALERT_MESSAGES.update}: ${errorMessage(error)}`
      : mode === 'create'
        ? ALERT_MESSAGES.create
        : ALERT_MESSAGES.update
    : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          fullWidth
          placeholder="Alert"
        />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            Description
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
            {TOOLBAR.map((tool) => (
              <Tooltip key={tool.label} title={tool.label}>
                <IconButton size="small" aria-label={tool.label} onClick={() => wrap(tool.open, tool.close)}>
                  {tool.icon}
                </IconButton>
              </Tooltip>
            ))}
          </Box>
          <TextField
            inputRef={textRef}
            slotProps={{ htmlInput: { 'aria-label': 'Description' } }}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={4}
            fullWidth
            placeholder="<p>Write your alert…</p>"
          />
          {description.trim() ? (
            <Box sx={{ mt: 1, p: 1.5, border: '1px dashed', borderColor: 'divider', borderRadius: 1 }}>
              <Typography variant="caption" color="text.secondary">
                Preview (scripts and event handlers are removed when saved)
              </Typography>
              {/* A sandboxed frame: nothing the author types can run before the server cleans it. */}
              <Box
                component="iframe"
                title="Description preview"
                sandbox=""
                srcDoc={`<style>body{font-family:sans-serif;font-size:14px;margin:4px}img{max-width:100%}</style>${description}`}
                sx={{ width: '100%', height: 160, border: 0, display: 'block' }}
              />
            </Box>
          ) : null}
        </Box>
        <Box>
          <Button variant="outlined" component="label">
            {image ? 'Replace image' : 'Add image'}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              onChange={(e) => void pickImage(e.target.files?.[0])}
            />
          </Button>
          {image ? (
            <Button sx={{ ml: 1 }} color="inherit" onClick={() => setImage(null)}>
              Remove image
            </Button>
          ) : null}
          {upload && !upload.error ? (
            <Box sx={{ mt: 1 }}>
              <LinearProgress variant="determinate" value={upload.percent} />
              <Typography variant="caption">Uploading… {upload.percent}%</Typography>
            </Box>
          ) : null}
          {upload?.error ? (
            <Typography color="error" variant="body2">
              {upload.error}
            </Typography>
          ) : null}
          <AlertImage fileId={image} alt="Alert image" />
        </Box>
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label="Active"
        />

        {mode === 'create' ? (
          <>
            {isAdmin ? (
              <RadioGroup row value={audience} onChange={(e) => setAudience(e.target.value as 'people' | 'segment')}>
                <FormControlLabel value="people" control={<Radio />} label="Individual or group" />
                <FormControlLabel value="segment" control={<Radio />} label="Segment" />
              </RadioGroup>
            ) : null}
            {audience === 'people' ? (
              <RecipientPicker value={recipients} onChange={setRecipients} />
            ) : (
              <Stack spacing={2}>
                <TextField select label="Segment" value={segment} onChange={(e) => setSegment(Number(e.target.value))}>
                  {SEGMENT_OPTIONS.map((option) => (
                    <MenuItem key={option.id} value={option.id}>
                      {option.name}
                    </MenuItem>
                  ))}
                </TextField>
                {segment === SEGMENT.productTypes ? (
                  <TextField
                    select
                    label="Product types"
                    value={productTypeIds}
                    slotProps={{ select: { multiple: true } }}
                    onChange={(e) => setProductTypeIds(e.target.value as unknown as number[])}
                  >
                    {(choices.data?.productTypes ?? []).map((option) => (
                      <MenuItem key={option.id} value={option.id}>
                        {option.name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                {segment === SEGMENT.suppliers ? (
                  <TextField
                    select
                    label="Suppliers"
                    value={supplierIds}
                    slotProps={{ select: { multiple: true } }}
                    onChange={(e) => setSupplierIds(e.target.value as unknown as number[])}
                  >
                    {(choices.data?.suppliers ?? []).map((option) => (
                      <MenuItem key={option.id} value={option.id}>
                        {option.name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                {segment === SEGMENT.structureLevel ? (
                  <TextField
                    select
                    label="Structure level"
                    value={structureLevel}
                    onChange={(e) => setStructureLevel(Number(e.target.value))}
                  >
                    {(choices.data?.structureLevels ?? []).map((level) => (
                      <MenuItem key={level} value={level}>
                        Level {level}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
              </Stack>
            )}
            <Box>
              <FormControlLabel
                control={<Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />}
                label="Also send an e-mail copy"
              />
              <FormControlLabel
                control={<Checkbox checked={sendSms} onChange={(e) => setSendSms(e.target.checked)} />}
                label="Also send an SMS copy"
              />
            </Box>
          </>
        ) : null}

        {invalid ? <Alert severity="warning">{invalid}</Alert> : null}
        {serverMessage ? <Alert severity="error">{serverMessage}</Alert> : null}
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={submit}
            disabled={submitting || Boolean(upload && !upload.error)}
          >
            {mode === 'create' ? 'Send Alert' : 'Save Alert'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
