import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type UploadPurpose, uploadFile } from '../lib/upload-file';

interface PhotoUploadProps {
  label: string;
  purpose: UploadPurpose;
  /** The stored file's address (`/api/files/{id}`), or '' when none yet. */
  value: string;
  onChange: (address: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A document photo: preview, upload with percent progress; type and size are checked by the server. */
export function PhotoUpload({ label, purpose, value, onChange, error, disabled }: PhotoUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A PDF (or a file the browser cannot show) has no preview; the upload still counts.
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);
  const inputId = useId();

  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      onChange(await uploadFile(file, purpose, setProgress));
    } catch (caught) {
      setFailure(caught instanceof Error && caught.message ? caught.message : 'Error uploading file');
    } finally {
      setProgress(null);
    }
  };

  const message = failure ?? error;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.25,
        p: 2,
        border: '1px solid',
        borderColor: message ? 'error.main' : 'divider',
        borderRadius: 2,
        alignContent: 'start',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {label}
        </Typography>
        {value ? <CheckCircleRoundedIcon color="success" fontSize="small" aria-label={`${label} uploaded`} /> : null}
      </Box>
      <Box
        sx={{
          height: 160,
          borderRadius: 1.5,
          bgcolor: 'grey.50',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          px: 2,
          textAlign: 'center',
        }}
      >
        {value && previewFailed !== value ? (
          <Box
            component="img"
            src={value}
            alt={label}
            onError={() => setPreviewFailed(value)}
            sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
          />
        ) : value ? (
          <Typography variant="body2" color="text.secondary">
            File uploaded (no preview).
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No file uploaded yet. JPEG, PNG or PDF, up to 10 MB.
          </Typography>
        )}
      </Box>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<CloudUploadRoundedIcon />}
        disabled={disabled || progress !== null}
      >
        {value ? `Replace ${label}` : `Upload ${label}`}
        <input
          id={inputId}
          hidden
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          aria-label={`Upload ${label}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {progress !== null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ flex: 1 }}
            aria-label={`${label} upload progress`}
          />
          <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>{`${progress}%`}</Typography>
        </Box>
      ) : null}
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
    </Box>
  );
}
